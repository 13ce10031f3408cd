import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { decide, targetOf } from '../../src/domain';
import { registrationTokens as tokensDef, resourceMessages } from '../../src/domain/declarations';
import { enforce } from '../crud/routes';
import { createStore } from '../crud/store';
import { decryptText } from '../crypto/dataKey';
import { HttpError, notFound } from '../http/errors';
import { errorResponses, IdParams } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { tokensSource } from '../crudResources/registrationTokens';

/** The registration file an agent or the bot studio reads to find and join this server. */
export const RegistrationFile = Type.Object({
  serverUrl: Type.String(),
  token: Type.String(),
  type: Type.String(),
  companyId: Type.String(),
});

export const registrationTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = createStore(tokensDef, tokensSource);
  app.get(
    '/registrationToken/download/:id',
    {
      schema: {
        tags: ['registrationTokens'],
        summary: 'Download a registration file (JSON attachment)',
        security: [{ token: [] }],
        params: IdParams,
        response: { 200: RegistrationFile, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await store.findById(app.database.db, request.params.id);
      if (!record) throw notFound();
      enforce(decide(actor, 'show', 'registrationTokens', targetOf(tokensDef, record)));
      const token = typeof record.token === 'string' ? decryptText(app.dataKey, record.token) : null;
      if (!token) throw new HttpError(409, 'TOKEN_UNREADABLE', resourceMessages.tokenUnreadable);
      const type = String(record.type);
      reply.header('content-disposition', `attachment; filename="registration-${type}-${record.id.slice(0, 8)}.json"`);
      return { serverUrl: app.appConfig.publicUrl, token, type, companyId: String(record.companyId) };
    },
  );
};
