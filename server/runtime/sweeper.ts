import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from './dispatcher';
import { publishAgent, publishProcess } from './notify';
import { agentsWithWork, deleteExpired, dropSilentAgents, failDisconnected, failOverdue, touchAgents } from './sweeps';

export interface SweepTimes {
  /** How often a node touches its agents and sweeps (seconds). */
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
 * Every node, every heartbeat: touches its own agents, disconnects agents whose node stopped
 * touching them, ends runs whose agent stayed away past the grace period or that outran their
 * timeout, and re-offers waiting work to its idle agents. Now and then it deletes expired runs.
 */
export function startSweeper(app: FastifyInstance, dispatcher: Dispatcher, times: SweepTimes): () => Promise<void> {
  let running: Promise<void> | null = null;
  let count = 0;
  const db = app.database;

  const sweep = async () => {
    const local = dispatcher.localAgentIds();
    for (const agent of await touchAgents(db, local)) {
      publishAgent(app, agent, 1);
      dispatcher.kick(agent.id);
    }
    for (const agent of await dropSilentAgents(db, times.heartbeatSeconds * SILENT_HEARTBEATS, local))
      publishAgent(app, agent, 0);
    for (const row of await failDisconnected(db, times.graceSeconds)) publishProcess(app, row);
    for (const row of await failOverdue(db, times.graceSeconds)) {
      publishProcess(app, row);
      if (row.agentId) dispatcher.cancel(row.agentId, { processId: row.id, reason: 'timeout' });
    }
    for (const agentId of await agentsWithWork(db, local)) dispatcher.kick(agentId);
    if (++count % RETENTION_EVERY === 0) await deleteExpired(db, times.retentionDays);
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
