import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/useT';
import { TOAST_ACTION_MIN_MS, TOAST_MIN_MS, dismissToast, subscribeToasts, toastState, type Toast } from './toastStore';
import './toaster.css';

/**
 * A body-level layer made when a toast appears: an open modal dialog hides (aria-hidden) the
 * body children that existed when it opened, and a toast about that dialog must stay readable.
 */
function useToastLayer(toast: Toast | undefined): HTMLElement | null {
  const visible = toast !== undefined;
  const layer = useMemo(() => {
    if (!visible) return null;
    const el = document.createElement('div');
    el.className = 'rpa-toast-layer';
    return el;
  }, [visible]);
  useLayoutEffect(() => {
    if (!layer) return;
    document.body.appendChild(layer);
    return () => layer.remove();
  }, [layer]);
  return layer;
}

/** Renders the current toast of the toast store, for the whole app (plain CSS: it ships with the home page). */
export const Toaster = () => {
  const t = useT();
  const { current: toast, waiting } = useSyncExternalStore(subscribeToasts, toastState, toastState);
  const layer = useToastLayer(toast);
  const shown = useRef<{ id: number; at: number } | null>(null);

  // Its whole duration, or TOAST_MIN_MS (TOAST_ACTION_MIN_MS with a button) once another toast waits behind it.
  useEffect(() => {
    if (!toast) return;
    if (shown.current?.id !== toast.id) shown.current = { id: toast.id, at: Date.now() };
    const least = toast.action ? TOAST_ACTION_MIN_MS : TOAST_MIN_MS;
    const stay = waiting > 0 ? Math.min(toast.durationMs, least) : toast.durationMs;
    const timer = setTimeout(() => dismissToast(toast.id), Math.max(stay - (Date.now() - shown.current.at), 0));
    return () => clearTimeout(timer);
  }, [toast, waiting]);

  if (!toast || !layer) return null;
  return createPortal(
    <div className={`rpa-toast rpa-toast--${toast.type}`} role="alert" aria-live="assertive">
      <span>{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="rpa-toast__action"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.onClick();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="rpa-toast__close"
        aria-label={t('rpa.common.close')}
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </div>,
    layer,
  );
};
