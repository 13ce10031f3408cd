import { useEffect, useRef } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { startInactivityTracker } from '../../authProvider/inactivity';
import { loadPublicConfig } from '../config/publicConfig';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { expireSession } from './expireSession';

/**
 * After the inactivity timeout, reset the unsaved-form flag, show 'Session Expired',
 * log out and go to '/'. The toast goes to the app-level toaster: the shell is about to unmount.
 */
export function useInactivityLogout(): void {
  const logout = useLogout();
  const translate = useTranslate();
  const { reset } = useUnsavedChanges();
  // The tracker runs for the whole session; read the latest callbacks without restarting it.
  const latest = useRef({ logout, translate, reset });
  useEffect(() => {
    latest.current = { logout, translate, reset };
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let alive = true;
    void loadPublicConfig().then((config) => {
      if (!alive) return;
      stop = startInactivityTracker({
        timeoutMs: config.inactivityTimeoutMs,
        onExpire: () => {
          const { logout: doLogout, translate: tr, reset: resetUnsaved } = latest.current;
          expireSession({ resetUnsaved, translate: (key) => tr(key), logout: doLogout });
        },
      });
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, []);
}
