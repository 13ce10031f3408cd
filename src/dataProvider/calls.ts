import type { Envelope } from '../domain';
import type { BotParameter } from '../domain/declarations';
import { apiDownload, apiFetch, type Download } from './apiFetch';

/** The calls that are not CRUD: they answer a message to show as is. */

/** POST /user/resetpassword {id}: mails the user a reset link (and unblocks the account). */
export async function sendResetLink(id: string): Promise<string> {
  const res = await apiFetch<Envelope<unknown>>('/user/resetpassword', { method: 'POST', body: { id } });
  return res.message;
}

export interface BulkAssociation {
  status: boolean;
  message: string;
  payload?: { groupId: string; userIds: string[] };
}

/** POST /groups/bulk-association {groupId, userIds}: adds users to a group (its members stay). */
export const associateUsers = (groupId: string, userIds: readonly string[]): Promise<BulkAssociation> =>
  apiFetch<BulkAssociation>('/groups/bulk-association', { method: 'POST', body: { groupId, userIds } });

/** GET /registrationToken/download/:id: the registration file an agent or the bot studio reads. */
export const fetchRegistrationFile = (id: string): Promise<Record<string, unknown>> =>
  apiFetch<Record<string, unknown>>(`/registrationToken/download/${encodeURIComponent(id)}`);

/** POST /bot/getParameters (multipart, the file under `file`): the workflow's arguments, before the bot is created. */
export async function readBotParameters(file: File): Promise<BotParameter[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiFetch<Envelope<BotParameter[] | undefined>>('/bot/getParameters', {
    method: 'POST',
    body: form,
  });
  return Array.isArray(res.payload) ? res.payload : [];
}

/** GET /bot/downloadXAML/:id: the bot's workflow file as it was uploaded. */
export const downloadBotFile = (id: string): Promise<Download> =>
  apiDownload(`/bot/downloadXAML/${encodeURIComponent(id)}`);
