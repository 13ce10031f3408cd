import type { DatabaseHandle } from '../db/client';
import { PROCESS_COLUMNS, rowsOf, type ProcessRow } from './sql';

/**
 * The sweeps every node runs on a timer. Each is one idempotent statement, so several nodes
 * sweeping together do the work once: a row a statement changed no longer matches it.
 */

/**
 * This node's connected agents are alive: their heartbeat, once for all of them. An agent that
 * another node took for gone (this node was too slow to touch it) is connected again: answered,
 * so that browsers hear of it.
 */
export async function touchAgents(database: DatabaseHandle, agentIds: string[]) {
  if (agentIds.length === 0) return [];
  const rows = await rowsOf<{ id: string; companyId: string; deviceId: string }>(
    database,
    // Both parts read the rows as they were before the update: `revived` still sees status 0.
    // Only the revived come back, not one row per connected agent.
    `with revived as (
       select id from agents where id in (select jsonb_array_elements_text($1::jsonb)::uuid) and status = 0
     ), touched as (
       update agents a set last_seen_at = now(), status = 1
       where a.id in (select jsonb_array_elements_text($1::jsonb)::uuid)
       returning a.id, a.company_id, a.device_id
     )
     select t.id::text as "id", t.company_id::text as "companyId", t.device_id as "deviceId"
     from touched t where t.id in (select id from revived)`,
    [JSON.stringify(agentIds)],
  );
  return rows;
}

/**
 * Agents marked connected whose node stopped touching them (the node died): disconnected.
 * This node's own agents are left alone whatever their time says.
 */
export const dropSilentAgents = (database: DatabaseHandle, silentSeconds: number, localIds: string[]) =>
  rowsOf<{ id: string; companyId: string; deviceId: string }>(
    database,
    `update agents set status = 0, updated_at = now()
     where status = 1 and (last_seen_at is null or last_seen_at < now() - make_interval(secs => $1))
       and not (id::text in (select jsonb_array_elements_text($2::jsonb)))
     returning id::text as "id", company_id::text as "companyId", device_id as "deviceId"`,
    [silentSeconds, JSON.stringify(localIds)],
  );

/** Running processes whose agent has been gone longer than the grace period (or was deleted) end as 5. */
export const failDisconnected = (database: DatabaseHandle, graceSeconds: number): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 5, ended_at = now(), reason = 'failed since agent is disconnected', updated_at = now()
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
    `update processes p set status = 3, ended_at = now(), reason = 'Timed out after ' || p.timeout_seconds || ' s', updated_at = now()
     where p.status = 1 and p.started_at < now() - make_interval(secs => p.timeout_seconds + $1)
     returning ${PROCESS_COLUMNS}, p.timeout_seconds as "timeoutSeconds"`,
    [graceSeconds],
  );

/** Agents of this node with work waiting: a lost dispatch signal costs one sweep at most. */
export const agentsWithWork = async (database: DatabaseHandle, agentIds: string[]): Promise<string[]> =>
  agentIds.length === 0
    ? []
    : (
        await rowsOf<{ agentId: string }>(
          database,
          `select distinct agent_id::text as "agentId" from processes
           where status = 0 and agent_id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
          [JSON.stringify(agentIds)],
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
