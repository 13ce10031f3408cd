import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, targetOf } from '../../src/domain';
import { agents as agentsDef, DEVICE_ID_MAX, resourceMessages } from '../../src/domain/declarations';
import { enforce } from '../crud/routes';
import { createStore } from '../crud/store';
import { agents } from '../db/schema';
import { errorResponses, Envelope } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import type { RateLimits } from '../plugins/security';
import { agentsSource } from '../crudResources/agents';
import { fieldError } from '../http/errors';
import { registerAgent } from '../services/agentRegistration';

const BulkUpdate = Type.Object(
  {
    ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, uniqueItems: true }),
    isBusy: Type.Optional(Type.Boolean()),
    isError: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 2 },
);

/** PUT /agent/update: the busy and error flags of one or many agents, all or none. */
export const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = createStore(agentsDef, agentsSource);
  app.put(
    '/agent/update',
    {
      schema: {
        tags: ['agents'],
        security: [{ token: [] }],
        summary: 'Flag agents busy or in error, singly or in bulk',
        body: BulkUpdate,
        response: {
          200: Envelope(Type.Object({ ids: Type.Array(Type.String()) })),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { ids, isBusy, isError } = request.body;
      const flags = { ...(isBusy !== undefined ? { isBusy } : {}), ...(isError !== undefined ? { isError } : {}) };
      if (Object.keys(flags).length === 0) throw fieldError('isBusy', 'Nothing to change: send isBusy or isError.');
      const rows = await store.findMany(app.database.db, ids);
      // One unknown or hidden agent refuses the whole change, without saying which exist.
      const decisions = rows.map((row) => decide(actor, 'update', 'agents', targetOf(agentsDef, row)));
      if (rows.length < ids.length || decisions.includes('notFound'))
        throw fieldError('ids', resourceMessages.agentsNotFound, 404, 'NOT_FOUND');
      decisions.forEach(enforce);
      await app.database.db.transaction(async (tx) => {
        await tx
          .update(agents)
          .set({ ...flags, updatedAt: new Date() })
          .where(inArray(agents.id, ids));
        for (const id of ids)
          await app.audit.record({ actor, action: 'update', resource: 'agents', recordId: id, changes: flags }, tx);
      });
      for (const row of rows) {
        // No status: a flag is no connection event (server/crudResources/agents.ts).
        app.realtime.publish(String(row.companyId), {
          type: 'agent',
          operation: 'update',
          data: { id: row.id, deviceId: String(row.deviceId), ...flags },
        });
      }
      return {
        message: ids.length === 1 ? resourceMessages.agentUpdated : resourceMessages.agentsUpdated,
        payload: { ids },
      };
    },
  );
};

const Registration = Type.Object(
  {
    registrationToken: Type.String({ minLength: 1, maxLength: 200 }),
    deviceId: Type.String({ minLength: 1, maxLength: DEVICE_ID_MAX, pattern: '\\S' }),
    name: Type.Optional(Type.String({ maxLength: 60 })),
    platform: Type.Optional(Type.String({ maxLength: 60 })),
    version: Type.Optional(Type.String({ maxLength: 30 })),
  },
  { additionalProperties: false },
);
const Credentials = Type.Object({
  agentId: Type.String(),
  secret: Type.String(),
  companyId: Type.String(),
  deviceId: Type.String(),
  name: Type.String(),
});

/** Public: an agent trades a registration token for its own credentials (rate-limited per address). */
export const agentRegistrationRoutes: FastifyPluginAsyncTypebox<{ rateLimits: RateLimits }> = async (
  app,
  { rateLimits },
) => {
  app.post(
    '/agent/register',
    {
      config: { rateLimit: rateLimits.agentRegister },
      schema: {
        tags: ['agents'],
        summary: 'Register an agent with a registration token',
        body: Registration,
        response: { 200: Envelope(Credentials), ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => ({ message: resourceMessages.agentRegistered, payload: await registerAgent(app, request.body) }),
  );
};
