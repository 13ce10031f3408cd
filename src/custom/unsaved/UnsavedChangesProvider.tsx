import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { onLogout } from '../../authProvider/logout';
import { DiscardDialog } from './DiscardDialog';
import { UnsavedChangesContext, type UnsavedChanges } from './UnsavedContext';

/**
 * Unsaved-form tracking: while the flag is set, leaving through the sidebar (or
 * a requestNavigation) asks first, and closing the tab triggers the browser's confirm.
 */
export const UnsavedChangesProvider = ({ children }: { children: ReactNode }) => {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const reset = useCallback(() => setDirty(false), []);

  useEffect(() => onLogout(reset), [reset]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their confirm.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const requestNavigation = useCallback(
    (to: string) => {
      if (dirty) setPending(to);
      else void navigate(to);
    },
    [dirty, navigate],
  );

  const value = useMemo<UnsavedChanges>(
    () => ({ dirty, setDirty, reset, requestNavigation }),
    [dirty, reset, requestNavigation],
  );

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <DiscardDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onDiscard={() => {
          const to = pending;
          setPending(null);
          setDirty(false);
          if (to) void navigate(to);
        }}
      />
    </UnsavedChangesContext.Provider>
  );
};
