import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { LiveNotification } from '../../src/domain';
import { attachBrowserProtocol, companyRoom, PLATFORM_ROOM, type RealtimeServer } from './rooms';
import { closeRedis, connectRedis } from './redis';

export { companyRoom, companyRunsRoom, PLATFORM_ROOM, roomsFor, userRoom, type RealtimeServer } from './rooms';

export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends a live notification to the browsers of a company and to the platform admins. */
  publish(companyId: string | null, notification: LiveNotification): void;
  /** Sends a `message` to the sockets of these rooms (a process's followers). */
  emitTo(rooms: string | string[], notification: LiveNotification): void;
  /** Rejects while Redis (when configured) does not answer. */
  ping(): Promise<void>;
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
      const sub = await connectRedis(options.redisUrl, app.log, 'socket.io subscriber').catch(
        async (error: unknown) => {
          await closeRedis(pub);
          throw error;
        },
      );
      redis = { pub, sub };
      // Loaded only with Redis, like ioredis.
      const { createAdapter } = await import('@socket.io/redis-adapter');
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
  // On a single node, a notice for rooms nobody is in goes nowhere: not even encoded (a busy
  // fleet's log lines mostly have no follower). With Redis, other nodes' browsers may be in them.
  const heard = (rooms: string | string[]) =>
    redis !== undefined ||
    (typeof rooms === 'string' ? [rooms] : rooms).some((room) => (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0);
  const emitTo = (rooms: string | string[], notification: LiveNotification) => {
    // A node shutting down says nothing more: its Redis connections are going.
    if (!closing && heard(rooms)) io.to(rooms).emit('message', notification);
  };
  return {
    io,
    publish(companyId, notification) {
      emitTo(companyId ? [companyRoom(companyId), PLATFORM_ROOM] : [PLATFORM_ROOM], notification);
    },
    emitTo,
    async ping() {
      if (redis) await Promise.all([redis.pub.ping(), redis.sub.ping()]);
    },
    close() {
      closing ??= (async () => {
        for (const nsp of io._nsps.values()) nsp.local.disconnectSockets(true);
        // Not io.close(): it would also close the HTTP server, which is Fastify's to close.
        io.engine.close();
        // Every namespace's adapter (browsers' and agents'), before their Redis connections go.
        await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
        if (redis) await Promise.all([closeRedis(redis.pub), closeRedis(redis.sub)]);
      })();
      return closing;
    },
  };
}
