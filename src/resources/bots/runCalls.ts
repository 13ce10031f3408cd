import type { Envelope } from '../../domain';
import { apiDownload, apiFetch, type Download } from '../../dataProvider/apiFetch';

export interface RunParameter {
  name: string;
  value: string;
  encrypted?: boolean;
}

/** GET /company/parameter-key: the company's key for encrypting parameter values in the browser. */
export async function fetchParameterKey(companyId: string | null | undefined): Promise<string> {
  const res = await apiFetch<Envelope<{ key: string }>>('/company/parameter-key', {
    query: { companyId: companyId ?? undefined },
  });
  return res.payload.key;
}

/** A run just created: the server's message to show and the process's id. */
export interface CreatedRun {
  message: string;
  id: string;
}

/**
 * POST /process/create: a pending run of the bot in the agent's queue. With `queue`, a run on an
 * agent busy running a process waits behind it instead of being refused.
 */
export async function createProcess(
  botId: string,
  agentId: string,
  parameters: readonly RunParameter[],
  queue = false,
): Promise<CreatedRun> {
  const res = await apiFetch<Envelope<{ id: string }>>('/process/create', {
    method: 'POST',
    body: queue ? { botId, agentId, parameters, queue } : { botId, agentId, parameters },
  });
  return { message: res.message, id: res.payload.id };
}

/** GET /bot/downloadXAML/:id?version=previous: the file the last update with a new file replaced. */
export const downloadPreviousBotFile = (id: string): Promise<Download> =>
  apiDownload(`/bot/downloadXAML/${encodeURIComponent(id)}`, { query: { version: 'previous' } });

/** PUT /bot/update/:id with a new workflow file (multipart): the bot reads its parameters again. */
export async function replaceBotFile(id: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiFetch<Envelope<unknown>>(`/bot/update/${encodeURIComponent(id)}`, { method: 'PUT', body: form });
  return res.message;
}
