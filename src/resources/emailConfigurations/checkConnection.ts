import { apiFetch } from '../../dataProvider/apiFetch';
import { HttpError } from '../../dataProvider/httpError';

export interface ConnectionResult {
  ok: boolean;
  message: string;
}

interface CheckAnswer {
  message: string;
  data: { ok: boolean };
}

/**
 * Asks the server to log in to the mailbox (IMAP and SMTP). A refused body (a setting missing)
 * reads as a failed check with the server's message.
 */
export async function checkConnection(body: Record<string, unknown>): Promise<ConnectionResult> {
  try {
    const answer = await apiFetch<CheckAnswer>('/emailSchedule/check-connection', { method: 'POST', body });
    return { ok: answer.data.ok, message: answer.message };
  } catch (error) {
    return { ok: false, message: error instanceof HttpError ? error.message : String(error) };
  }
}
