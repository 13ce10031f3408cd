import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, List } from '../http/schemas';

const RoleSchema = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() });

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/role/all',
    {
      schema: {
        tags: ['users'],
        summary: 'The four roles, most powerful first',
        security: [{ token: [] }],
        response: { 200: Envelope(List(RoleSchema)), ...errorResponses(401, 503) },
      },
    },
    async () => {
      const rows = await app.repos.roles.all();
      return { message: 'OK', payload: { count: rows.length, rows } };
    },
  );
};
