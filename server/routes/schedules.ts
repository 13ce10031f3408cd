import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PREVIEW_DEFAULT, validateDuration } from '../../src/domain/schedule';
import { Envelope, errorResponses } from '../http/schemas';
import { domainRules } from '../http/validation';
import { durationOf, firesFrom } from '../services/schedules';
import { Instants, PreviewBody } from '../services/schedulesSchemas';

/**
 * The builder's preview: the next fires of a duration, computed by the same model the scheduler
 * fires by. It reads and writes nothing, so every signed-in role may ask (the builder is every
 * role's).
 */
export const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/process/schedule/preview',
    {
      // The duration's own messages (the builder's) before the schema's.
      preValidation: [domainRules((body) => validateDuration(body.duration))],
      schema: {
        tags: ['schedules'],
        security: [{ token: [] }],
        summary: 'The next fires of a schedule duration, at or after `from` (default now)',
        description: 'Instants in UTC (ISO 8601, ending Z), in order.',
        body: PreviewBody,
        response: { 200: Envelope(Instants), ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const { duration, count = PREVIEW_DEFAULT, from } = request.body;
      const start = from === undefined ? new Date() : new Date(from);
      return { message: 'Next fires', payload: firesFrom(durationOf(duration), start, count) };
    },
  );
};
