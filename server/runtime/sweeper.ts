import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from './dispatcher';
import { publishAgent, publishProcess } from './notify';
import {
  agentsWithWork,
  beatNode,
  deleteExpired,
  dropSilentAgents,
  failDisconnected,
  failOverdue,
  forgetNodes,
  reconcileAgents,
} from './sweeps';

export interface SweepTimes {
  /** How often a node beats and sweeps (seconds). */
  heartbeatSeconds: number;
  /** How long a disconnected agent's running process waits for it before ending as 5. */
  graceSeconds: number;
  retentionDays: number;
}

/** Three missed heartbeats: the node holding the agent is gone. */
const SILENT_HEARTBEATS = 3;
/** Retention runs once in this many sweeps, a batch at a time. */
const RETENTION_EVERY = 60;
/**
 * The agents' rows are checked against this node's sockets one by one in this many sweeps;
 * the others compare counts only, which is enough for the usual case (one row a failed write
 * left behind changes the count).
 */
const RECONCILE_EVERY = 6;

/**
 * Every node, every heartbeat: beats (which keeps its agents alive), puts right the rows of its
 * own agents, disconnects agents whose node stopped beating, ends runs whose agent stayed away
 * past the grace period or that outran their timeout, and re-offers waiting work to its idle
 * agents. Now and then it deletes expired runs.
 */
export async function startSweeper(
  app: FastifyInstance,
  dispatcher: Dispatcher,
  times: SweepTimes,
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let count = 0;
  const db = app.database;
  // Beating before the first agent connects: other nodes would otherwise take this node's
  // agents for a dead node's until its first heartbeat.
  await beatNode(db, dispatcher.nodeId);

  const sweep = async () => {
    const node = dispatcher.nodeId;
    const held = await beatNode(db, node);
    count += 1;
    if (held !== dispatcher.localCount || count % RECONCILE_EVERY === 0) {
      const { revived, released } = await reconcileAgents(db, node, dispatcher.localAgentIds());
      for (const agent of revived) {
        publishAgent(app, agent, 1);
        dispatcher.kick(agent.id);
      }
      for (const agent of released) publishAgent(app, agent, 0);
    }
    for (const agent of await dropSilentAgents(db, times.heartbeatSeconds * SILENT_HEARTBEATS, node))
      publishAgent(app, agent, 0);
    for (const row of await failDisconnected(db, times.graceSeconds)) publishProcess(app, row);
    for (const row of await failOverdue(db, times.graceSeconds)) {
      publishProcess(app, row);
      if (row.agentId) dispatcher.cancel(row.agentId, { processId: row.id, reason: 'timeout' });
    }
    for (const agentId of await agentsWithWork(db, node)) dispatcher.kick(agentId);
    if (count % RETENTION_EVERY === 0) {
      await deleteExpired(db, times.retentionDays);
      await forgetNodes(db);
    }
  };

  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'runtime sweep failed'))
      .finally(() => {
        running = null;
      });
  }, times.heartbeatSeconds * 1000);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await running;
  };
}
