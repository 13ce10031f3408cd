import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION, messages } from '../../src/domain';
import type { Config } from '../config';
import { closeRedis, connectRedis } from '../realtime/redis';

export interface RateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

/** Per-client-address limits of the public calls that cost something or could be abused. */
export interface RateLimits {
  login: RateLimit;
  forgotPassword: RateLimit;
  bookDemo: RateLimit;
  /** POST /agent/register: a registration token is guessed no faster than this. */
  agentRegister: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
  bookDemo: { max: 5, timeWindow: 60_000 },
  agentRegister: { max: 30, timeWindow: 60_000 },
};

/**
 * helmet's headers, worked out once. They do not depend on the request, and @fastify/helmet
 * rebuilds helmet (re-parsing the CSP) on every request: a tenth of a list call's CPU.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders()))
    if (value !== undefined) headers[name] = String(value);
  return headers;
}

/**
 * The security headers of every answer. Exported because a few answers are written before a
 * hook runs (a malformed URL, oversized headers) and must carry them too.
 */
export function securityHeadersFor(config: Config): Readonly<Record<string, string>> {
  return securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // socket.io upgrades to a websocket on the same host.
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Would push plain-HTTP deployments (a LAN address) to https and break every asset.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 15_552_000, includeSubDomains: true }
      : false,
  });
}

/** Security headers, rate limiting (shared through Redis when configured) and the OpenAPI docs. */
export async function setupSecurity(
  app: FastifyInstance,
  config: Config,
  redisKey: string,
  headers = securityHeadersFor(config),
): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log, 'rate limit') : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisKey}:rate-limit:` } : {}),
    // A Redis outage must not lock everyone out of logging in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: messages.tooManyRequests,
      retryAfter: context.after,
    }),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'RPA Control Room API',
        version: APP_VERSION,
        description: 'Success: `{message, payload}`. Errors: `{message, code, errors?: [{field, message}]}`.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <jwt> (Bearer <jwt> is accepted too)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null, docExpansion: 'list' } });
}
