import type { DatabaseHandle, RawQuery } from '../db/client';
import { rowsOf, type ProcessRow } from '../runtime/sql';
import { DEFAULT_TIMEOUT_SECONDS } from '../services/processes';
import type { NonWorkingDay } from '../../src/domain/schedule';

/**
 * The scheduler's statements. Times travel as epoch milliseconds (float8) or ISO text, ids as
 * text: the same values from PostgreSQL and PGlite. A batch is claimed and written in one
 * transaction, each step one set-based statement whatever the number of schedules.
 */

/** A due schedule as its fire's decision needs it, locked until the batch commits. */
export interface DueSchedule {
  id: string;
  companyId: string;
  duration: string;
  overlap: string;
  skipNonWorkingDays: boolean;
  dueMs: number;
  /** The database's clock when the batch was claimed: lateness is measured with it. */
  nowMs: number;
  botExists: boolean;
  botStatus: string | null;
  /** The bot's type now: a plan fires Automated bots only (one may have been switched to Manual since). */
  botType: number | null;
  agentExists: boolean;
  /** The company has no licence running today: its bots are expired. */
  expired: boolean;
  /** The last fire's process is still pending or running. */
  lastBusy: boolean;
}

/** One history row to write; a fired row names the process to create with it. */
export interface HistoryInput {
  scheduleId: string;
  dueAt: string;
  outcome: string;
  reason: string | null;
  reasonKey: string | null;
  processId: string | null;
}

/** Where a schedule moves once its fire is decided. */
export interface MoveInput {
  scheduleId: string;
  nextFireAt: string | null;
  status: string;
  lastFireAt: string | null;
  lastOutcome: string | null;
  processId: string | null;
}

/** A written history row, as the browsers are told of it. */
export interface HistoryRow {
  id: string;
  companyId: string;
  scheduleId: string;
  botName: string;
  agentName: string;
  dueAt: string;
  firedAt: string;
  outcome: string;
  reason: string | null;
  reasonKey: string | null;
  processId: string | null;
  viewerIds: string[];
}

/** A moved schedule, as the browsers are told of it. */
export interface MovedSchedule {
  id: string;
  companyId: string;
  status: string;
  nextFireAt: string | null;
  lastFireAt: string | null;
  lastOutcome: string | null;
  lastProcessId: string | null;
  viewerIds: string[];
}

export interface BatchWritten {
  processes: ProcessRow[];
  history: HistoryRow[];
  schedules: MovedSchedule[];
}

const iso = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const epochMs = (column: string): string => `(extract(epoch from ${column}) * 1000)::float8`;

/** The rows of one statement of the batch's transaction, as the caller's row type. */
const rowsIn = async <T>(query: RawQuery, text: string, params: unknown[]): Promise<T[]> =>
  (await query(text, params)) as T[];

/**
 * The due active schedules, oldest due first, locked for this transaction; those another node
 * holds are skipped (they are that node's batch). The partial index on (next_fire_at, id) of the
 * active schedules is the whole scan.
 */
export const claimDue = (query: RawQuery, batch: number): Promise<DueSchedule[]> =>
  rowsIn(
    query,
    `select s.id::text as "id", s.company_id::text as "companyId", s.duration, s.overlap,
       s.skip_non_working_days as "skipNonWorkingDays",
       ${epochMs('s.next_fire_at')} as "dueMs", ${epochMs('now()')} as "nowMs",
       (b.id is not null) as "botExists", b.status as "botStatus", b.type as "botType", (a.id is not null) as "agentExists",
       not exists (select 1 from company_licences l where l.company_id = s.company_id and l.end_date >= current_date) as "expired",
       coalesce(lp.status in (0, 1), false) as "lastBusy"
     from schedules s
       left join bots b on b.id = s.bot_id
       left join agents a on a.id = s.agent_id
       left join processes lp on lp.id = s.last_process_id
     where s.status = 'active' and s.next_fire_at <= now()
     order by s.next_fire_at, s.id
     limit $1
     for update of s skip locked`,
    [batch],
  );

/** The non-working days of these companies, by company. */
export async function nonWorkingDaysOf(query: RawQuery, companyIds: string[]): Promise<Map<string, NonWorkingDay[]>> {
  const byCompany = new Map<string, NonWorkingDay[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await rowsIn<NonWorkingDay & { companyId: string }>(
    query,
    `select company_id::text as "companyId", to_char(day, 'YYYY-MM-DD') as "day", yearly
     from non_working_days
     where company_id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
    [JSON.stringify(companyIds)],
  );
  for (const { companyId, day, yearly } of rows) {
    const days = byCompany.get(companyId) ?? [];
    days.push({ day, yearly });
    byCompany.set(companyId, days);
  }
  return byCompany;
}

/**
 * The batch's writes in one statement: its history rows (one per schedule and due instant: a
 * row already there is left alone, and then no process is made for it), the processes of the
 * fired rows (pending in their agent's queue, with the schedule's parameters and the bot's
 * timeout), and the schedules moved to their next fire. A history row names its process before
 * the process exists: the foreign key is checked at the end of the statement.
 */
export async function writeBatch(query: RawQuery, history: HistoryInput[], moves: MoveInput[]): Promise<BatchWritten> {
  const rows = await rowsIn<{ kind: 'process' | 'history' | 'schedule'; row: unknown }>(
    query,
    `with input as (
       select * from jsonb_to_recordset($1::jsonb)
         as x("scheduleId" uuid, "dueAt" timestamptz, outcome text, reason text, "reasonKey" text, "processId" uuid)
     ), moves as (
       select * from jsonb_to_recordset($2::jsonb)
         as x("scheduleId" uuid, "nextFireAt" timestamptz, status text, "lastFireAt" timestamptz, "lastOutcome" text, "processId" uuid)
     ), viewers as (
       -- Who sees the batch's runs, history and schedules as a member: once per bot, not per row.
       select b.id::text as "botId", array(
           select b.user_id::text
           union select ug.user_id::text from bot_groups bg join user_groups ug on ug.group_id = bg.group_id where bg.bot_id = b.id
         ) as "ids"
       from bots b where b.id in (select s.bot_id from moves m join schedules s on s.id = m."scheduleId")
     ), history as (
       insert into schedule_history as h (company_id, schedule_id, bot_id, bot_name, agent_id, agent_name, user_id,
         due_at, fired_at, outcome, reason, reason_key, process_id)
       select s.company_id, s.id, s.bot_id, coalesce(b.name, s.bot_name), s.agent_id, coalesce(a.name, s.agent_name), s.user_id,
         i."dueAt", now(), i.outcome, i.reason, i."reasonKey", i."processId"
       from input i join schedules s on s.id = i."scheduleId"
         left join bots b on b.id = s.bot_id left join agents a on a.id = s.agent_id
       on conflict (schedule_id, due_at) do nothing
       returning h.id::text as "id", h.company_id::text as "companyId", h.schedule_id::text as "scheduleId",
         h.bot_name as "botName", h.agent_name as "agentName", ${iso('h.due_at')} as "dueAt",
         ${iso('h.fired_at')} as "firedAt", h.outcome, h.reason, h.reason_key as "reasonKey",
         h.process_id::text as "processId", h.bot_id::text as "botId", h.user_id::text as "userId"
     ), created as (
       insert into processes as p (id, company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id,
         parameters, timeout_seconds, status, source)
       select h."processId"::uuid, s.company_id, s.bot_id, s.agent_id, s.user_id, b.name, a.name, a.device_id,
         s.parameters, coalesce(b.timeout_seconds, $3), 0, 'schedule'
       from history h join schedules s on s.id = h."scheduleId"::uuid
         join bots b on b.id = s.bot_id join agents a on a.id = s.agent_id
       where h."processId" is not null
       -- ProcessRow's columns (PROCESS_COLUMNS), its viewers added below.
       returning p.id::text as "id", p.company_id::text as "companyId", p.agent_id::text as "agentId",
         p.bot_id::text as "botId", p.user_id::text as "userId", p.device_id as "deviceId", p.bot_name as "botName",
         p.status, p.source
     ), moved as (
       update schedules as s set next_fire_at = m."nextFireAt", status = m.status,
         last_fire_at = coalesce(m."lastFireAt", s.last_fire_at), last_outcome = coalesce(m."lastOutcome", s.last_outcome),
         -- A skipped fire keeps the run of the last fired one: the overlap rule looks at it.
         last_process_id = coalesce(c.id::uuid, s.last_process_id),
         updated_at = now()
       from moves m left join created c on c.id = m."processId"::text
       where s.id = m."scheduleId"
       returning s.id::text as "id", s.company_id::text as "companyId", s.status,
         ${iso('s.next_fire_at')} as "nextFireAt", ${iso('s.last_fire_at')} as "lastFireAt",
         s.last_outcome as "lastOutcome", s.last_process_id::text as "lastProcessId",
         s.bot_id::text as "botId", s.user_id::text as "userId"
     ), said as (
       select 'process' as "kind", to_jsonb(c) as "row", c."botId", c."userId" from created c
       union all select 'history', to_jsonb(h) - 'botId' - 'userId', h."botId", h."userId" from history h
       union all select 'schedule', to_jsonb(m) - 'botId' - 'userId', m."botId", m."userId" from moved m
     )
     -- As processViewersOf says: the bot's viewers, or its creator once the bot is deleted.
     select x."kind", x."row" || jsonb_build_object('viewerIds',
         case when x."botId" is null then array[x."userId"] else coalesce(v."ids", array[]::text[]) end) as "row"
     from said x left join viewers v on v."botId" = x."botId"`,
    [JSON.stringify(history), JSON.stringify(moves), DEFAULT_TIMEOUT_SECONDS],
  );
  const out: BatchWritten = { processes: [], history: [], schedules: [] };
  for (const { kind, row } of rows) {
    if (kind === 'process') out.processes.push(row as ProcessRow);
    else if (kind === 'history') out.history.push(row as HistoryRow);
    else out.schedules.push(row as MovedSchedule);
  }
  return out;
}

/**
 * How long until the earliest next fire of an active schedule, by the database's clock (ms;
 * negative when one is due; null when none is planned): the min of the due index, one row read.
 */
export async function untilEarliest(database: DatabaseHandle): Promise<number | null> {
  const [row] = await rowsOf<{ waitMs: number | null }>(
    database,
    `select ${epochMs('min(next_fire_at) - now()')} as "waitMs" from schedules where status = 'active'`,
    [],
  );
  return row?.waitMs ?? null;
}
