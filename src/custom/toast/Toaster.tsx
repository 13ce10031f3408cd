import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { currentToast, dismissToast, subscribeToasts, type Toast } from './toastStore';
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

/** Renders the current toast of the toast store (plain CSS: it ships with the home page). */
export const Toaster = () => {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  const layer = useToastLayer(toast);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!toast || !layer) return null;
  return createPortal(
    <div className={`rpa-toast rpa-toast--${toast.type}`} role="alert" aria-live="assertive">
      <span>{toast.message}</span>
      <button type="button" className="rpa-toast__close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </div>,
    layer,
  );
};
