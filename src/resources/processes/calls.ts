import type { Envelope, ListPayload } from '../../domain';
import { apiFetch } from '../../dataProvider/apiFetch';

/** The process calls that are not CRUD: each answers a message to show as is. */

/** POST /process/cancel {id}: a pending process leaves its agent's queue. */
export async function cancelProcess(id: string): Promise<string> {
  return (await apiFetch<Envelope<unknown>>('/process/cancel', { method: 'POST', body: { id } })).message;
}

/** POST /process/bulk-cancel {ids}: the pending ones among those selected. */
export async function bulkCancelProcesses(ids: readonly string[]): Promise<string> {
  return (await apiFetch<Envelope<unknown>>('/process/bulk-cancel', { method: 'POST', body: { ids } })).message;
}

/** POST /process/stop {id}: the agent kills a running process (it ends canceled). */
export async function stopProcess(id: string): Promise<string> {
  return (await apiFetch<Envelope<unknown>>('/process/stop', { method: 'POST', body: { id } })).message;
}

export interface LogLine {
  seq: number;
  at: string;
  stream: string;
  text: string;
  /** A workflow line's level (Trace, Info, Warn, Error, Fatal); absent or null for a script's. */
  level?: string | null;
  /** A workflow line's custom log fields (Add Log Fields), name → text; absent or null when it has none. */
  fields?: Record<string, string> | null;
}

/** The most lines one request may ask for. */
export const LOG_PAGE = 1000;

/** GET /processExecutionLog: the lines after the first (page - 1) * limit, in order. */
export async function fetchLogPage(processId: string, page: number): Promise<ListPayload<LogLine>> {
  const res = await apiFetch<Envelope<ListPayload<LogLine>>>('/processExecutionLog', {
    query: { processId, page, limit: LOG_PAGE },
  });
  return res.payload;
}
