// The scheduler suites' side: schedules written straight into the database (the builder's routes
// are another suite's), and the reads the tests make of their history and their moves.
import type { ScheduleDuration } from '../../src/domain/schedule';
import { scheduleChanged } from '../../server/scheduler/signal';
import { call, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import type { Api } from './agentWorld';

export const MINUTE = 60_000;

/** Runs SQL on the server's own database (PGlite or PostgreSQL). */
export const sqlOn =
  (server: TestServer) =>
  <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    server.app.database.queryRows(text, params) as Promise<T[]>;

/** `YYYY-MM-DDTHH:mm` of an instant in UTC: a schedule's local date in the UTC zone. */
export const utcLocal = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** The whole minute an instant falls in. */
export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE) * MINUTE;

/** Every minute, starting at `startMs` (a whole minute), in UTC; ends at `endMs` when given. */
export const minutely = (startMs: number, endMs?: number): ScheduleDuration => ({
  frequency: 'minutely',
  every: 1,
  timezone: 'UTC',
  startDate: utcLocal(startMs),
  ...(endMs === undefined ? {} : { endDate: utcLocal(endMs) }),
});

export const HOUR = 60 * MINUTE;

/** Every hour, starting at `startMs` (a whole minute), in UTC. */
export const hourly = (startMs: number): ScheduleDuration => ({
  frequency: 'hourly',
  every: 1,
  timezone: 'UTC',
  startDate: utcLocal(startMs),
});

export interface NewSchedule {
  companyId: string;
  botId: string | null;
  agentId: string | null;
  duration: ScheduleDuration;
  nextFireAt: number;
  overlap?: 'queue' | 'skip';
  skipNonWorkingDays?: boolean;
  recipients?: string[];
  parameters?: { name: string; value: string; encrypted?: boolean }[];
}

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Writes active schedules as the builder would (names copied from the bot and agent), with any
 * connection to the database (a stopped server's too); answers their ids.
 */
export async function writeSchedules(query: Query, list: NewSchedule[]): Promise<string[]> {
  const rows = await query(
    `insert into schedules (company_id, bot_id, bot_name, agent_id, agent_name, user_id, duration, frequency, timezone,
       overlap, skip_non_working_days, status, next_fire_at, parameters, recipients)
     select x."companyId", x."botId", coalesce(b.name, 'Gone bot'), x."agentId", coalesce(a.name, 'Gone agent'),
       (select id from users where email = 'admin@rpa.test'), x.duration, x.frequency, x.timezone,
       x.overlap, x."skipNonWorkingDays", 'active', x."nextFireAt", x.parameters, x.recipients
     from jsonb_to_recordset($1::jsonb) as x("companyId" uuid, "botId" uuid, "agentId" uuid, duration text,
       frequency text, timezone text, overlap text, "skipNonWorkingDays" boolean, "nextFireAt" timestamptz, parameters jsonb,
       recipients jsonb, n int)
       left join bots b on b.id = x."botId" left join agents a on a.id = x."agentId"
     order by x.n
     returning id::text as "id"`,
    [
      JSON.stringify(
        list.map((s, n) => ({
          n,
          companyId: s.companyId,
          botId: s.botId,
          agentId: s.agentId,
          duration: JSON.stringify(s.duration),
          frequency: s.duration.frequency,
          timezone: s.duration.timezone,
          overlap: s.overlap ?? 'queue',
          skipNonWorkingDays: s.skipNonWorkingDays ?? false,
          nextFireAt: new Date(s.nextFireAt).toISOString(),
          parameters: s.parameters ?? [],
          recipients: s.recipients ?? [],
        })),
      ),
    ],
  );
  return rows.map((r) => String(r.id));
}

/** Writes active schedules through the server's database; the scheduler wakes, as for the builder's routes. */
export async function insertSchedules(server: TestServer, list: NewSchedule[]): Promise<string[]> {
  const ids = await writeSchedules((text, params) => server.app.database.queryRows(text, params), list);
  scheduleChanged();
  return ids;
}

export const insertSchedule = async (server: TestServer, s: NewSchedule): Promise<string> =>
  (await insertSchedules(server, [s]))[0];

export interface HistoryRow {
  dueAt: number;
  firedAt: number | null;
  outcome: string;
  reason: string | null;
  reasonKey: string | null;
  processId: string | null;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** A schedule's history, by due instant. */
export const historyOf = (server: TestServer, scheduleId: string): Promise<HistoryRow[]> =>
  sqlOn(server)<HistoryRow>(
    `select ${ms('due_at')} as "dueAt", ${ms('fired_at')} as "firedAt", outcome, reason, reason_key as "reasonKey",
       process_id::text as "processId"
     from schedule_history where schedule_id = $1 order by due_at`,
    [scheduleId],
  );

/** Waits for a schedule to have at least `count` history rows; answers them all. */
export const historyOfAtLeast = (server: TestServer, id: string, count: number, timeoutMs = 20_000) =>
  eventually(
    async () => {
      const rows = await historyOf(server, id);
      return rows.length >= count ? rows : undefined;
    },
    `${count} history rows of schedule ${id.slice(0, 8)}`,
    timeoutMs,
  );

/** Stops a test's schedules from firing again in the next tests. */
export const disableSchedules = (server: TestServer, ids: string[]) =>
  sqlOn(server)(
    `update schedules set status = 'disabled' where id::text in (select jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(ids)],
  );

export interface ScheduleState {
  status: string;
  nextFireAt: number | null;
  lastFireAt: number | null;
  lastOutcome: string | null;
  lastProcessId: string | null;
}

export async function scheduleState(server: TestServer, id: string): Promise<ScheduleState> {
  const [row] = await sqlOn(server)<ScheduleState>(
    `select status, ${ms('next_fire_at')} as "nextFireAt", ${ms('last_fire_at')} as "lastFireAt",
       last_outcome as "lastOutcome", last_process_id::text as "lastProcessId"
     from schedules where id = $1`,
    [id],
  );
  return row;
}

/** A process as the database has it (status, where it came from, on which agent). */
export async function processRow(
  server: TestServer,
  id: string,
): Promise<{ status: number; source: string; agentId: string | null; parameters: unknown; timeoutSeconds: number }> {
  const [row] = await sqlOn(server)<{
    status: number;
    source: string;
    agentId: string | null;
    parameters: unknown;
    timeoutSeconds: number;
  }>(
    `select status, source, agent_id::text as "agentId", parameters, timeout_seconds as "timeoutSeconds" from processes where id = $1`,
    [id],
  );
  return row;
}

/** Registers an agent of the company (not connected until a client connects with its credentials). */
export async function newAgent(
  server: TestServer,
  api: Api,
  companyId: string,
  deviceId: string,
): Promise<{ agentId: string; secret: string }> {
  const { token } = await api<{ token: string }>('POST', '/registrationToken/generate', {
    body: { companyId, type: 'agent' },
  });
  const res = await call<{ payload: { agentId: string; secret: string } }>(server, 'POST', '/api/agent/register', {
    body: { registrationToken: token, deviceId },
  });
  if (res.status !== 200) throw new Error(`agent registration answered ${res.status}: ${res.text}`);
  return res.body.payload;
}
