import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** The text of a failed call: the server's `message` (translated by the i18nProvider when it knows it). */
export const errorText = (error: unknown): string =>
  typeof error === 'string' ? error : error instanceof Error && error.message ? error.message : 'ra.notification.http_error';

/**
 * Shows the server's `message` as an error toast, also when it listed field errors (react-admin
 * would then only say "the form is not valid"): the fields get their own messages under them.
 */
export function useServerError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback((error: unknown) => notify(errorText(error), { type: 'error' }), [notify]);
}
