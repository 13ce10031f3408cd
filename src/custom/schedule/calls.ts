import type { Envelope } from '../../domain';
import { apiFetch } from '../../dataProvider/apiFetch';
import type { RunParameter } from '../../resources/bots/runCalls';
import type { ScheduleOverlap, ScheduleStatus } from '../../domain/schedule/duration';
import type { DurationDraft } from './scheduleForm';

/** A create (or reschedule) body as the API takes it: the duration as an object. */
export interface ScheduleBody {
  botId?: string;
  agentId?: string;
  parameters?: RunParameter[];
  duration?: DurationDraft;
  recipients?: string[];
  overlap?: ScheduleOverlap;
  skipNonWorkingDays?: boolean;
  status?: Exclude<ScheduleStatus, 'completed'>;
}

/** What a write answers: the server's message (the toast) and the plan. */
export interface ScheduleWritten {
  message: string;
  id: string;
}

/** POST /process/schedule: a new plan. */
export async function createSchedule(body: ScheduleBody): Promise<ScheduleWritten> {
  const res = await apiFetch<Envelope<{ id: string }>>('/process/schedule', { method: 'POST', body });
  return { message: res.message, id: res.payload.id };
}

/** PUT /process/schedule/:id: reschedule (any subset of the body), or enable/disable with `{status}`. */
export async function updateSchedule(id: string, body: ScheduleBody): Promise<ScheduleWritten> {
  const res = await apiFetch<Envelope<{ id?: string } | undefined>>(`/process/schedule/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return { message: res.message, id: res.payload?.id ?? id };
}

/** POST /process/schedule/preview: the next `count` fires of a duration, as instants. */
export async function previewSchedule(duration: DurationDraft, count = 5): Promise<Date[]> {
  const res = await apiFetch<Envelope<string[]>>('/process/schedule/preview', {
    method: 'POST',
    body: { duration, count },
  });
  return res.payload.map((iso) => new Date(iso));
}
