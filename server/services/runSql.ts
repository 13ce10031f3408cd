import { auditChanges } from '../crud/audit';
import type { DatabaseHandle } from '../db/client';
import { agentTakesWork, CHECKSUM, type ClaimedRow } from '../runtime/claims';
import { named, PROCESS_COLUMNS, rowsOf } from '../runtime/sql';

/** A run's bot as its checks need it. */
export interface BotForRun {
  id: string;
  companyId: string;
  userId: string;
  name: string;
  status: string;
  parameters: { name: string; direction: string; type: string; startsWith1?: boolean; default?: string }[];
  expired: boolean;
  timeoutSeconds: number;
  /** Its creator and the members of its groups: a plain User runs the bots they see. */
  viewerIds: string[];
}

/** A run's agent as its checks need it. */
export interface AgentForRun {
  id: string;
  companyId: string;
  userId: string | null;
  name: string;
  deviceId: string;
  isBusy: boolean;
  running: boolean;
}

const SUBJECTS = `select
  (select row_to_json(x) from (
     select b.id::text as "id", b.company_id::text as "companyId", b.user_id::text as "userId", b.name, b.status, b.parameters,
       b.timeout_seconds as "timeoutSeconds",
       array(select b.user_id::text union select ug.user_id::text from bot_groups bg join user_groups ug on ug.group_id = bg.group_id where bg.bot_id = b.id) as "viewerIds",
       not exists (select 1 from company_licences l where l.company_id = b.company_id and l.end_date >= current_date) as "expired"
     from bots b where b.id = $1) x) as "bot",
  (select row_to_json(y) from (
     select a.id::text as "id", a.company_id::text as "companyId", a.user_id::text as "userId", a.name, a.device_id as "deviceId", a.is_busy as "isBusy",
       exists (select 1 from processes p where p.agent_id = a.id and p.status = 1) as "running"
     from agents a where a.id = $2) y) as "agent"`;

/** The bot and the agent of a run, in one round trip; null for either that does not exist. */
export async function runSubjects(
  database: DatabaseHandle,
  botId: string,
  agentId: string,
): Promise<{ bot: BotForRun | null; agent: AgentForRun | null }> {
  const [row] = await rowsOf<{ bot: BotForRun | null; agent: AgentForRun | null }>(
    database,
    SUBJECTS,
    [botId, agentId],
    named(database, 'runSubjects'),
  );
  return { bot: row?.bot ?? null, agent: row?.agent ?? null };
}

/**
 * The run's process and its audit row in one statement (one commit): the row the audit sink
 * (server/crudResources/audit.ts) would write, with the actor's e-mail looked up the same way. With `claim`, a process
 * whose agent is connected, not flagged busy, and has nothing running or queued starts out
 * running: the same as a pending process claimed at once, one commit sooner. Otherwise it waits,
 * pending, in its agent's queue.
 */
const INSERT_RUN = `with agent as (
       select a.id from agents a
       -- Nothing queued either: a run may not jump the agent's queue.
       where $12::boolean and a.id = $3 and ${agentTakesWork({ busy: '0, 1' })}
       for update of a
     ), created as (
       insert into processes as p (company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id, parameters, timeout_seconds, status, started_at)
       select $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, coalesce((select 1 from agent), 0), (select now() from agent)
       returning ${PROCESS_COLUMNS}, p.parameters, p.timeout_seconds as "timeoutSeconds"
     ), audit as (
       insert into audit_log (actor_id, actor_email, actor_role, action, resource, record_id, changes)
       select $4, coalesce((select u.email from users u where u.id = $4), ''), $10, 'create', 'processes', created.id, $11::jsonb
       from created
     )
     select created.*, b.file_name as "fileName", ${CHECKSUM} as "fileChecksum",
       coalesce(b.trace_activities, false) as "trace"
     from created left join bots b on b.id = created."botId"::uuid`;

export interface RunInsert {
  bot: BotForRun;
  agent: AgentForRun;
  actor: { id: string; role: string };
  parameters: { name: string; value: string; encrypted: boolean }[];
  /** Whether the process may start out running (its agent is held by this node and free). */
  claim: boolean;
}

/** Writes the run; answers its process (with what a start needs, when it starts out running). */
export async function insertRun(database: DatabaseHandle, run: RunInsert): Promise<ClaimedRow> {
  const { bot, agent, actor } = run;
  const [row] = await rowsOf<ClaimedRow>(
    database,
    INSERT_RUN,
    [
      bot.companyId,
      bot.id,
      agent.id,
      actor.id,
      bot.name,
      agent.name,
      agent.deviceId,
      JSON.stringify(run.parameters),
      bot.timeoutSeconds,
      actor.role,
      // The audit sink's own filter (createAuditSink): the row is written here, in the run's statement.
      JSON.stringify(auditChanges({ botId: bot.id, agentId: agent.id }) ?? null),
      run.claim,
    ],
    named(database, 'insertRun'),
  );
  return row;
}
