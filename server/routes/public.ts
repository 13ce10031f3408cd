import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { APP_VERSION, type PublicConfig } from '../../src/domain';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { Envelope, errorResponses } from '../http/schemas';

const PublicConfigSchema = Type.Object({
  version: Type.String(),
  companyName: Type.String(),
  chatHandle: Type.String(),
  contactEmail: Type.String(),
  supportEmail: Type.String(),
  userManualUrl: Type.String(),
  socialLinks: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  inactivityTimeoutMs: Type.Integer(),
  agentGraceSeconds: Type.Integer(),
});

export const publicConfigOf = (config: Config): PublicConfig => ({
  version: APP_VERSION,
  companyName: config.companyName,
  chatHandle: config.contactChatHandle,
  contactEmail: config.contactEmail,
  supportEmail: config.supportEmail,
  userManualUrl: config.userManualUrl,
  socialLinks: config.socialLinks,
  inactivityTimeoutMs: config.inactivityTimeoutMs,
  agentGraceSeconds: config.agentGraceSeconds,
});

/** What the home page and the shell read before anyone logs in, and the load balancer's probe. */
export const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payload = publicConfigOf(app.appConfig);
  app.get(
    '/public/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Footer, help and session settings for the web app',
        response: { 200: Envelope(PublicConfigSchema) },
      },
    },
    async () => ({ message: 'OK', payload }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['public'],
        summary: 'Liveness and database reachability (503 when the database is down)',
        response: { 200: Type.Object({ status: Type.Literal('ok'), db: Type.Boolean() }), ...errorResponses(503) },
      },
    },
    async () => {
      await app.database.ping();
      return { status: 'ok' as const, db: true };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['public'],
        summary: 'Readiness: 200 while the database and Redis (when configured) answer, 503 otherwise',
        response: {
          200: Type.Object({
            status: Type.Literal('ready'),
            db: Type.Boolean(),
            redis: Type.Union([Type.Boolean(), Type.Null()]),
          }),
          ...errorResponses(503),
        },
      },
    },
    async () => {
      await app.database.ping();
      try {
        await withTimeout(app.realtime.ping(), 2_000);
      } catch {
        throw new HttpError(503, 'REDIS_UNAVAILABLE', 'Redis does not answer.');
      }
      return { status: 'ready' as const, db: true, redis: app.appConfig.redisUrl ? true : null };
    },
  );
};

/** A promise that rejects if `work` takes longer than `ms`. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
