import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { Dispatcher } from '../runtime/dispatcher';
import { attachProcessFollowing } from '../runtime/follow';
import { attachAgentGateway } from '../runtime/gateway';
import { newRuntimeStats } from '../runtime/stats';
import { startSweeper } from '../runtime/sweeper';
import { AGENT_NAMESPACE } from '../../src/domain/agentProtocol';
import type { ProcessRow } from '../runtime/sql';
import type { AgentNamespace } from '../runtime/types';

export interface Runtime {
  dispatcher: Dispatcher;
  /**
   * Told of every run that ends (executed, failed, canceled, or presumed lost with its agent), on
   * the node that stored the end, once the end is stored. A listener must not wait on anything:
   * it runs in the report's path (the scheduler's result mail queues its work).
   */
  ended: Set<(row: ProcessRow) => void>;
}

/**
 * The runtime: the agents' socket namespace, the dispatcher that hands queued processes to
 * them, and the sweeper that ends what nobody will report on. Decorates `app.runtime`.
 */
export function setupRuntime(app: FastifyInstance, config: Config): void {
  const nsp = app.realtime.io.of(AGENT_NAMESPACE) as unknown as AgentNamespace;
  const dispatcher = new Dispatcher(app, nsp, { clustered: config.redisUrl !== null, stats: newRuntimeStats() });
  attachAgentGateway(app, nsp, dispatcher);
  attachProcessFollowing(app, app.realtime.io);
  app.decorate('runtime', { dispatcher, ended: new Set() } satisfies Runtime);
  let stopSweeper: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopSweeper = await startSweeper(app, dispatcher, {
      heartbeatSeconds: config.agentHeartbeatSeconds,
      graceSeconds: config.agentGraceSeconds,
      retentionDays: config.processRetentionDays,
    });
  });
  app.addHook('preClose', async () => {
    await stopSweeper?.();
    await dispatcher.idle();
  });
}
