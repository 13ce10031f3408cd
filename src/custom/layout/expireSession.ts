import { showToast } from '../toast/toastStore';

export interface ExpireSessionDeps {
  resetUnsaved: () => void;
  translate: (key: string) => string;
  /** react-admin's logout: (params, redirectTo, redirectToCurrentLocationAfterLogin). */
  logout: (params: object, redirectTo: string, keepLocation: boolean) => Promise<unknown>;
}

/**
 * In this order: reset the unsaved-form flags (so no discard dialog or unload prompt
 * gets in the way), show 'Session Expired' on the app-level toaster (the shell is about to
 * unmount), log out and go to '/'.
 */
export function expireSession({ resetUnsaved, translate, logout }: ExpireSessionDeps): void {
  resetUnsaved();
  showToast(translate('rpa.messages.sessionExpired'), { type: 'info' });
  void logout({}, '/', false);
}
