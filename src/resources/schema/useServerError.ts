import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** The text of a failed call: the server's `message` (translated by the i18nProvider when it knows it). */
export const errorText = (error: unknown): string =>
  typeof error === 'string'
    ? error
    : error instanceof Error && error.message
      ? error.message
      : 'ra.notification.http_error';

/**
 * Shows the server's `message` as an error toast, also when it listed field errors (react-admin
 * would then only say "the form is not valid"): the fields get their own messages under them.
 */
export function useServerError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback((error: unknown) => notify(errorText(error), { type: 'error' }), [notify]);
}

/**
 * A details or edit page whose record the API does not give (deleted, or of another company:
 * 404) says so and goes back to the spec's list (react-admin would go to its own /<name>).
 */
export function useRecordGone(listPath: string): () => void {
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(() => {
    notify('ra.notification.item_doesnt_exist', { type: 'error' });
    void navigate(listPath);
  }, [notify, navigate, listPath]);
}

/**
 * A button's call: busy while it runs (the button shows its spinner and takes no second click),
 * the server's message as an error toast when it fails.
 */
export function useBusyAction(): { busy: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const onError = useServerError();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      try {
        await work();
      } catch (error) {
        onError(error);
      } finally {
        setBusy(false);
      }
    },
    [onError],
  );
  return { busy, run };
}
