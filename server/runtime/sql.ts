import type { DatabaseHandle } from '../db/client';

/**
 * The runtime's statements, as plain SQL that PostgreSQL 15 and PGlite (18) both accept. Rows
 * come back with driver-neutral types: ids and names as text, numbers as integers, times as
 * ISO text. Lists of values travel as one JSON parameter, which both drivers pass the same way.
 */

/** What the browsers and the agent are told of a process. */
export interface ProcessRow {
  id: string;
  companyId: string;
  agentId: string | null;
  botId: string | null;
  userId: string;
  deviceId: string;
  botName: string;
  status: number;
}

export const PROCESS_COLUMNS = `p.id::text as "id", p.company_id::text as "companyId", p.agent_id::text as "agentId",
  p.bot_id::text as "botId", p.user_id::text as "userId", p.device_id as "deviceId", p.bot_name as "botName", p.status`;

export const rowsOf = async <T>(database: DatabaseHandle, text: string, params: unknown[]): Promise<T[]> =>
  (await database.queryRows(text, params)) as T[];

/** A claimed process with what its agent needs to start it; the file is null when its bot is gone. */
export interface ClaimedRow extends ProcessRow {
  fileName: string | null;
  fileContent: string | null;
  parameters: { name: string; value: string; encrypted?: boolean }[];
  timeoutSeconds: number;
}

/**
 * Moves the agent's next pending process to running, in one statement that also answers what
 * the start needs (the bot's file, the parameters, the timeout): the agent must be connected,
 * not flagged busy and running nothing; the row lock with SKIP LOCKED means two claims never
 * take the same process. Autocommitted: the caller tells the agent afterwards.
 */
export const claimNext = (database: DatabaseHandle, agentId: string): Promise<ClaimedRow[]> =>
  rowsOf(
    database,
    `with agent as (
       select a.id from agents a
       where a.id = $1 and a.status = 1 and not a.is_busy
         and not exists (select 1 from processes r where r.agent_id = a.id and r.status = 1)
       for update of a
     ), next as (
       select q.id, q.bot_id from processes q join agent on q.agent_id = agent.id
       where q.status = 0
       order by q.priority desc, q.created_at, q.id
       limit 1
       for update of q skip locked
     )
     update processes p set status = 1, started_at = now(), updated_at = now()
     from next left join bots b on b.id = next.bot_id
     where p.id = next.id and p.status = 0
     returning ${PROCESS_COLUMNS}, b.file_name as "fileName", b.file_content as "fileContent",
       p.parameters, p.timeout_seconds as "timeoutSeconds"`,
    [agentId],
  );

/** A start the agent refused goes back to the head of its queue. */
export const unclaim = (database: DatabaseHandle, processId: string): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 0, started_at = null, updated_at = now() where p.id = $1 and p.status = 1 returning ${PROCESS_COLUMNS}`,
    [processId],
  );

/** The process as its agent may speak of it; null when it is not this agent's. */
export async function ownProcess(
  database: DatabaseHandle,
  processId: string,
  agentId: string,
): Promise<ProcessRow | null> {
  const [row] = await rowsOf<ProcessRow>(
    database,
    `select ${PROCESS_COLUMNS} from processes p where p.id = $1 and p.agent_id = $2`,
    [processId, agentId],
  );
  return row ?? null;
}

export interface LineInput {
  seq: number;
  at: string;
  stream: string;
  text: string;
}

/** Stores log lines once each (a replay inserts nothing); answers how many were new. */
export async function insertLines(database: DatabaseHandle, processId: string, lines: LineInput[]): Promise<number> {
  const [row] = await rowsOf<{ inserted: number }>(
    database,
    `with input as (
       select * from jsonb_to_recordset($2::jsonb) as x(seq int, at timestamptz, stream text, text text)
     ), added as (
       insert into process_logs (process_id, seq, at, stream, text)
       select $1::uuid, seq, at, stream, text from input
       on conflict do nothing
       returning seq
     ), counted as (
       update processes set log_count = greatest(log_count, (select coalesce(max(seq), 0) from input)), updated_at = now()
       where id = $1::uuid
       returning 1
     )
     select (select count(*) from added)::int as "inserted", (select count(*) from counted)::int as "touched"`,
    [processId, JSON.stringify(lines)],
  );
  return row?.inserted ?? 0;
}

/**
 * A final status from the process's own agent. Only a running process, or one presumed lost
 * when its agent disconnected (5), takes it: the agent's report is the truth the server could
 * only guess. Anything else is final already, and a late or repeated report changes nothing.
 */
export const finishByAgent = (
  database: DatabaseHandle,
  input: { processId: string; agentId: string; status: number; at: string; exitCode: number | null },
): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = $3, ended_at = least(now(), $4::timestamptz), exit_code = $5, reason = null, updated_at = now()
     where p.id = $1 and p.agent_id = $2 and p.status in (1, 5)
     returning ${PROCESS_COLUMNS}`,
    [input.processId, input.agentId, input.status, input.at, input.exitCode],
  );

/** Running processes of an agent it no longer knows about (after its own restart). */
export const abandonUnknown = (database: DatabaseHandle, agentId: string, known: string[]): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 5, ended_at = now(), reason = 'agent restarted', updated_at = now()
     where p.agent_id = $1 and p.status = 1
       and not (p.id::text in (select jsonb_array_elements_text($2::jsonb)))
     returning ${PROCESS_COLUMNS}`,
    [agentId, JSON.stringify(known)],
  );

export interface AgentRow {
  id: string;
  companyId: string;
  deviceId: string;
  name: string;
  secretHash: string;
  companyActive: boolean;
}

export async function agentForHandshake(database: DatabaseHandle, agentId: string): Promise<AgentRow | null> {
  const [row] = await rowsOf<AgentRow>(
    database,
    `select a.id::text as "id", a.company_id::text as "companyId", a.device_id as "deviceId", a.name, a.secret_hash as "secretHash",
       (c.status = 'active') as "companyActive"
     from agents a join companies c on c.id = a.company_id where a.id = $1`,
    [agentId],
  );
  return row ?? null;
}

/** Marks an agent connected (1) or disconnected (0); answers its row when it exists. */
export async function setAgentStatus(
  database: DatabaseHandle,
  agentId: string,
  status: 0 | 1,
  details: { version?: string; platform?: string } = {},
): Promise<{ id: string; companyId: string; deviceId: string } | null> {
  const [row] = await rowsOf<{ id: string; companyId: string; deviceId: string }>(
    database,
    `update agents set status = $2, last_seen_at = now(), updated_at = now(),
       version = coalesce($3, version), platform = coalesce($4, platform)
     where id = $1 returning id::text as "id", company_id::text as "companyId", device_id as "deviceId"`,
    [agentId, status, details.version ?? null, details.platform ?? null],
  );
  return row ?? null;
}
