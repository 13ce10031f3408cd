import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createRealtime } from '../realtime';

/** socket.io on the same port; decorates `app.realtime`. */
export async function setupRealtime(app: FastifyInstance, config: Config, redisKey: string): Promise<void> {
  const realtime = await createRealtime(app, { redisUrl: config.redisUrl, redisKey });
  app.decorate('realtime', realtime);
  // Sockets first (preClose): open websockets would keep the HTTP server from closing.
  // onClose covers an app that fails before it is ready, where preClose does not run.
  app.addHook('preClose', () => realtime.close());
  app.addHook('onClose', () => realtime.close());
}
