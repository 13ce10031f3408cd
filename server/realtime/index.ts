import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { LiveNotification } from '../../src/domain';
import { attachBrowserProtocol, companyRoom, PLATFORM_ROOM, type RealtimeServer } from './rooms';
import { closeRedis, connectRedis } from './redis';

export { companyRoom, PLATFORM_ROOM, roomsFor, type RealtimeServer } from './rooms';

export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends a live notification to the browsers of a company and to the platform admins. */
  publish(companyId: string | null, notification: LiveNotification): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl: string | null;
  /** Prefix of the Redis pub/sub channels; nodes of one deployment must share it. */
  redisKey: string;
}

/** socket.io on Fastify's HTTP server (path /socket.io); with Redis, publishes reach every node. */
export async function createRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    serveClient: false,
  });

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (options.redisUrl) {
    try {
      const pub = await connectRedis(options.redisUrl, app.log, 'socket.io publisher');
      const sub = await connectRedis(options.redisUrl, app.log, 'socket.io subscriber').catch(async (error: unknown) => {
        await closeRedis(pub);
        throw error;
      });
      redis = { pub, sub };
      io.adapter(createAdapter(pub, sub, { key: options.redisKey }));
      // Commands run in order on one connection: once this answers, the adapter's
      // subscriptions are in place and no publish from another node can be missed.
      await sub.ping();
    } catch (error) {
      io.engine.close();
      throw error;
    }
  }

  attachBrowserProtocol(io, app);

  let closing: Promise<void> | undefined;
  return {
    io,
    publish(companyId, notification) {
      const rooms = companyId ? [companyRoom(companyId), PLATFORM_ROOM] : [PLATFORM_ROOM];
      io.to(rooms).emit('message', notification);
    },
    close() {
      closing ??= (async () => {
        io.local.disconnectSockets(true);
        // Not io.close(): it would also close the HTTP server, which is Fastify's to close.
        io.engine.close();
        await io.of('/').adapter.close();
        if (redis) await Promise.all([closeRedis(redis.pub), closeRedis(redis.sub)]);
      })();
      return closing;
    },
  };
}
