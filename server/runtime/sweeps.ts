import type { DatabaseHandle } from '../db/client';
import { AGENT_REF, PROCESS_COLUMNS, rowsOf, type AgentRef, type ProcessRow } from './sql';

/**
 * The sweeps every node runs on a timer. Each is one idempotent statement, so several nodes
 * sweeping together do the work once: a row a statement changed no longer matches it.
 */

/**
 * This node is alive, and so are the agents it holds: one row written per heartbeat, however
 * many agents. Answers how many agents the database has as connected to this node, which the
 * sweep compares with the sockets it holds.
 */
export async function beatNode(database: DatabaseHandle, nodeId: string): Promise<number> {
  const [row] = await rowsOf<{ held: number }>(
    database,
    `with beat as (
       insert into server_nodes (id) values ($1) on conflict (id) do update set last_seen_at = now()
     )
     select count(*)::int as "held" from agents where status = 1 and node_id = $1`,
    [nodeId],
  );
  return row.held;
}

/**
 * Makes the agents' rows say what this node holds: an agent it holds that another node took for
 * gone (or that a failed write left disconnected) is connected again; an agent marked as this
 * node's whose socket it no longer has is disconnected. Answers both, so that browsers hear of it.
 */
export async function reconcileAgents(
  database: DatabaseHandle,
  nodeId: string,
  agentIds: string[],
): Promise<{ revived: AgentRef[]; released: AgentRef[] }> {
  const rows = await rowsOf<AgentRef & { status: number }>(
    database,
    // Both parts read the rows as they were before the statement: `revived` still sees status 0.
    `with held as (
       select jsonb_array_elements_text($2::jsonb)::uuid as id
     ), revived as (
       select id from agents where id in (select id from held) and status = 0
     ), taken as (
       update agents a set status = 1, node_id = $1::uuid, last_seen_at = now()
       where a.id in (select id from held) and (a.status = 0 or a.node_id is distinct from $1::uuid)
       returning a.id, a.company_id, a.device_id
     ), released as (
       update agents a set status = 0, node_id = null, last_seen_at = now(), updated_at = now()
       where a.status = 1 and a.node_id = $1::uuid and a.id not in (select id from held)
       returning a.id, a.company_id, a.device_id
     )
     select ${AGENT_REF}, 1 as "status" from taken where id in (select id from revived)
     union all
     select ${AGENT_REF}, 0 as "status" from released`,
    [nodeId, JSON.stringify(agentIds)],
  );
  const refOf = ({ id, companyId, deviceId }: AgentRef): AgentRef => ({ id, companyId, deviceId });
  return {
    revived: rows.filter((r) => r.status === 1).map(refOf),
    released: rows.filter((r) => r.status === 0).map(refOf),
  };
}

/**
 * Agents marked connected to a node silent for `silentSeconds` (it died, or lost the database):
 * disconnected, last seen when their node was. This node's own agents are left alone.
 */
export const dropSilentAgents = (database: DatabaseHandle, silentSeconds: number, nodeId: string) =>
  rowsOf<AgentRef>(
    database,
    `update agents a set status = 0, node_id = null, updated_at = now(),
       last_seen_at = greatest(a.last_seen_at, (select n.last_seen_at from server_nodes n where n.id = a.node_id))
     where a.status = 1 and a.node_id is distinct from $2::uuid
       and not exists (select 1 from server_nodes n
                       where n.id = a.node_id and n.last_seen_at >= now() - make_interval(secs => $1))
     returning ${AGENT_REF}`,
    [silentSeconds, nodeId],
  );

/** Nodes silent for a day: their agents were let go long since. */
export const forgetNodes = (database: DatabaseHandle) =>
  rowsOf(database, `delete from server_nodes where last_seen_at < now() - interval '1 day'`, []);

/** Running processes whose agent has been gone longer than the grace period (or was deleted) end as 5. */
export const failDisconnected = (database: DatabaseHandle, graceSeconds: number): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 5, ended_at = now(), reason = 'failed since agent is disconnected',
       reason_key = 'agentDisconnected', reason_values = null, updated_at = now()
     where p.status = 1 and (
       p.agent_id is null
       or exists (select 1 from agents a where a.id = p.agent_id and a.status = 0
                  and (a.last_seen_at is null or a.last_seen_at < now() - make_interval(secs => $1))))
     returning ${PROCESS_COLUMNS}`,
    [graceSeconds],
  );

/** Running processes past their timeout plus the grace period, with no word from their agent: failed. */
export const failOverdue = (
  database: DatabaseHandle,
  graceSeconds: number,
): Promise<(ProcessRow & { timeoutSeconds: number })[]> =>
  rowsOf(
    database,
    `update processes p set status = 3, ended_at = now(), reason = 'Timed out after ' || p.timeout_seconds || ' s',
       reason_key = 'timedOut', reason_values = jsonb_build_object('seconds', p.timeout_seconds), updated_at = now()
     where p.status = 1 and p.started_at < now() - make_interval(secs => p.timeout_seconds + $1)
     returning ${PROCESS_COLUMNS}, p.timeout_seconds as "timeoutSeconds"`,
    [graceSeconds],
  );

/** Agents of this node with work waiting: a lost dispatch signal costs one sweep at most. */
export const agentsWithWork = async (database: DatabaseHandle, nodeId: string): Promise<string[]> =>
  (
    await rowsOf<{ agentId: string }>(
      database,
      `select distinct p.agent_id::text as "agentId" from processes p join agents a on a.id = p.agent_id
       where p.status = 0 and a.status = 1 and a.node_id = $1::uuid`,
      [nodeId],
    )
  ).map((r) => r.agentId);

/** Deletes one batch of finished processes (their logs go with them) older than the retention; answers how many. */
export async function deleteExpired(database: DatabaseHandle, retentionDays: number, batch = 1000): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    database,
    `delete from processes where id in (
       select id from processes where ended_at is not null and ended_at < now() - make_interval(days => $1) limit $2
     ) returning id::text as "id"`,
    [retentionDays, batch],
  );
  return rows.length;
}
