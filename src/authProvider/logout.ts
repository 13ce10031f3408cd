import { broadcastLogout, clearSession } from './session';

/**
 * Things to undo on logout that live in modules the session store must not import (the socket,
 * the unsaved-form flag), so that the public pages stay free of them.
 */
const cleanups = new Set<() => void>();
export function onLogout(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

let pendingRedirect: string | null = null;
/** Where the shell sends the user once the session is gone: '/' unless the last logout said otherwise. */
export const logoutRedirect = (): string => pendingRedirect ?? '/';

/** Logs out this tab and broadcasts it to the others. */
export function performLogout(options: { redirectTo?: string; broadcast?: boolean } = {}): void {
  pendingRedirect = options.redirectTo ?? null;
  cleanups.forEach((c) => {
    try {
      c();
    } catch {
      // A failing cleanup must not keep the user logged in.
    }
  });
  clearSession();
  if (options.broadcast !== false) broadcastLogout();
}
