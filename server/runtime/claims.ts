import type { DatabaseHandle } from '../db/client';
import { named, PROCESS_COLUMNS, PROCESS_FIELDS, rowsOf, type ProcessRow } from './sql';
import { botViewersOf } from './visibility';

/** A claimed process with what its agent needs to start it; the file is null when its bot is gone. */
export interface ClaimedRow extends ProcessRow {
  fileName: string | null;
  fileChecksum: string | null;
  parameters: { name: string; value: string; encrypted?: boolean }[];
  timeoutSeconds: number;
  /** The bot's "Trace activities" setting (false when its bot is gone). */
  trace: boolean;
}

/** The bot's file checksum; a bot written without one (by hand, in SQL) gets it from its file. */
export const CHECKSUM = `coalesce(b.file_checksum, encode(sha256(b.file_content), 'hex'))`;

/**
 * The last step of a claim: the process `next` names moves to running, with what its start
 * needs; `columns` are the process's (PROCESS_COLUMNS, or PROCESS_FIELDS when the statement adds
 * the viewers itself).
 */
const claimedAs = (columns: string): string => `claimed as (
       update processes p set status = 1, started_at = now(), updated_at = now()
       from next left join bots b on b.id = next.bot_id
       where p.id = next.id and p.status = 0
       returning ${columns}, b.file_name as "fileName", ${CHECKSUM} as "fileChecksum",
         p.parameters, p.timeout_seconds as "timeoutSeconds", coalesce(b.trace_activities, false) as "trace"
     )`;

/**
 * The agent `a` may take work: connected, not flagged busy, and none of its processes in the
 * `busy` statuses (running by default), `except` the one a report is about.
 */
export const agentTakesWork = ({ busy = '1', except = '' } = {}): string =>
  `a.status = 1 and not a.is_busy
         and not exists (select 1 from processes r where r.agent_id = a.id and r.status in (${busy})${except ? ` and r.id <> ${except}` : ''})`;

/**
 * The claim: the agent ($1) must take work; its next pending process moves to running. The lock
 * on the agent's row makes concurrent claims for one agent wait for each other, and SKIP LOCKED
 * on the process means two claims never take the same process.
 */
const CLAIM = `with agent as (
       select a.id from agents a
       where a.id = $1 and ${agentTakesWork()}
       for update of a
     ), next as (
       select q.id, q.bot_id from processes q join agent on q.agent_id = agent.id
       where q.status = 0
       order by q.priority desc nulls last, q.created_at, q.id
       limit 1
       for update of q skip locked
     ), ${claimedAs(PROCESS_COLUMNS)}
     select * from claimed`;

/** Moves the agent's next pending process to running. Autocommitted: the caller tells the agent afterwards. */
export const claimNext = (database: DatabaseHandle, agentId: string): Promise<ClaimedRow[]> =>
  rowsOf(database, CLAIM, [agentId], named(database, 'claim'));

export interface FinishInput {
  processId: string;
  agentId: string;
  status: number;
  at: string;
  exitCode: number | null;
  /** Why it failed, as the agent says; null for any other end. */
  reason: string | null;
  /** A workflow's Out and InOut arguments (name → text); null when the agent sent none. */
  result: Record<string, string> | null;
}

/** processViewersOf for a returned row `r` whose bot's viewers are `v.ids`. */
const viewersOfRow = (r: string): string => `case when ${r}."botId" is null then array[${r}."userId"] else v.ids end`;

/**
 * Final reports of several agents, each on its own process, and each agent's next process, in
 * one statement (one commit). Only a running process, or one presumed lost when its agent
 * disconnected (5), takes the status: the agent's report is the truth the server could only
 * guess; a late or repeated report changes nothing and answers no finished row. An agent claims
 * only when it runs nothing but the process it reports on.
 */
const FINISH_AND_CLAIM = `with input as (
       select * from jsonb_to_recordset($1::jsonb) as x("processId" uuid, "agentId" uuid, status int, at timestamptz, "exitCode" int, reason text, result jsonb)
     ), finished as (
       update processes p set status = i.status, ended_at = least(now(), i.at), exit_code = i."exitCode", updated_at = now(),
         -- Canceled: by the user whose Stop is on the row, or else by the agent itself. Failed: the
         -- agent's own words (a refused workflow, an exit code with the script's last error line).
         -- Any other final status is the run's own exit, which says why.
         reason = case when i.status = 4 then (case when p.reason_key = 'stoppedBy' then p.reason else 'Canceled by its agent' end)
           when i.status = 3 then i.reason else null end,
         reason_key = case when i.status <> 4 then null when p.reason_key = 'stoppedBy' then p.reason_key else 'agentCanceled' end,
         reason_values = case when i.status = 4 and p.reason_key = 'stoppedBy' then p.reason_values end,
         result = i.result
       from input i
       where p.id = any($2::uuid[]) and p.id = i."processId" and p.agent_id = i."agentId" and p.status in (1, 5)
       returning ${PROCESS_FIELDS}
     ), agent as (
       select a.id from agents a join input i on i."agentId" = a.id
       where a.id = any($3::uuid[]) and ${agentTakesWork({ except: 'i."processId"' })}
       order by a.id
       for update of a
     ), next as (
       select n.id, n.bot_id from agent cross join lateral (
         select q.id, q.bot_id from processes q
         where q.agent_id = agent.id and q.status = 0
         order by q.priority desc nulls last, q.created_at, q.id
         limit 1
         for update of q skip locked
       ) n
     ), ${claimedAs(PROCESS_FIELDS)}, bot as (
       select distinct x."botId" from (select "botId" from finished union all select "botId" from claimed) x
       where x."botId" is not null
     ), viewers as (
       -- Read once per bot of the batch, not once per row: a batch is mostly runs of few bots.
       select bot."botId", ${botViewersOf('bot."botId"::uuid')} as ids from bot
     )
     select false as "claim", row_to_json(f) as "row", ${viewersOfRow('f')} as "viewerIds"
     from finished f left join viewers v on v."botId" = f."botId"
     union all select true, row_to_json(c), ${viewersOfRow('c')}
     from claimed c left join viewers v on v."botId" = c."botId"`;

export interface FinishOutcome {
  /** The process with its final status; null for a late or repeated report. */
  finished: ProcessRow | null;
  /** The agent's next process, now running. */
  claimed: ClaimedRow | null;
}

/** Stores the reports and claims the agents' next processes; one outcome per report, in order. */
export async function finishAndClaim(database: DatabaseHandle, inputs: FinishInput[]): Promise<FinishOutcome[]> {
  const rows = await rowsOf<{ claim: boolean; row: Omit<ClaimedRow, 'viewerIds'>; viewerIds: string[] }>(
    database,
    FINISH_AND_CLAIM,
    // The ids again as arrays: the plan, made once for every batch, then looks them up by key.
    [JSON.stringify(inputs), inputs.map((i) => i.processId), inputs.map((i) => i.agentId)],
    named(database, 'finishAndClaim'),
  );
  const finished = new Map<string, ProcessRow>();
  const claimed = new Map<string, ClaimedRow>();
  for (const { claim, row, viewerIds } of rows)
    if (claim) claimed.set(row.agentId ?? '', { ...row, viewerIds });
    else finished.set(row.id, { ...row, viewerIds });
  return inputs.map((input) => ({
    finished: finished.get(input.processId) ?? null,
    claimed: claimed.get(input.agentId) ?? null,
  }));
}

/** A start the agent refused goes back to the head of its queue. */
export const unclaim = (database: DatabaseHandle, processId: string): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 0, started_at = null, updated_at = now() where p.id = $1 and p.status = 1 returning ${PROCESS_COLUMNS}`,
    [processId],
  );
