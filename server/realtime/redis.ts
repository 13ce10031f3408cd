import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Connects to Redis and fails fast with a readable error when it cannot be reached, instead of
 * queueing commands forever. Later outages are logged; ioredis keeps reconnecting.
 */
export async function connectRedis(url: string, logger: FastifyBaseLogger, role: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a node without Redis does not pay for ioredis at start.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  let reported = false;
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    logger.error({ err: error, role }, 'Redis connection error');
  });
  client.on('ready', () => {
    reported = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis at REDIS_URL cannot be reached (${role}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return client;
}

/** Ends a Redis connection, politely if possible. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
