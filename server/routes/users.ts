import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { decide, messages, personNameRules, validateFields, type Action, type Actor } from '../../src/domain';
import type { UserRecord } from '../db/repositories';
import { forbidden, notFound } from '../http/errors';
import { Envelope, errorResponses, IdParams, UserDetailsSchema } from '../http/schemas';
import { domainRules } from '../http/validation';
import { actorOf } from '../plugins/auth';

export type UserDetails = Static<typeof UserDetailsSchema>;

export async function toUserDetails(app: FastifyInstance, user: UserRecord): Promise<UserDetails> {
  return {
    ...(await app.repos.users.toSessionUser(user)),
    isFirstLogin: user.isFirstLogin,
    isDeleted: user.isDeleted,
    isBlocked: user.isBlocked,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Loads a user the actor may act on, or answers 404/403 by the permission table (spec §6). */
async function userFor(app: FastifyInstance, actor: Actor, action: Action, id: string): Promise<UserRecord> {
  const user = await app.repos.users.findById(id);
  if (!user || (user.isDeleted && action !== 'show')) throw notFound();
  const decision = decide(actor, action, 'users', { companyId: user.companyId, ownerId: user.id, role: user.role });
  if (decision === 'notFound') throw notFound();
  if (decision === 'forbidden') throw forbidden();
  return user;
}

/** User calls (authenticated). The users issue adds list, register, delete and reset links here. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/details/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user',
        security: [{ token: [] }],
        params: IdParams,
        response: { 200: Envelope(UserDetailsSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const user = await userFor(app, actorOf(request), 'show', request.params.id);
      return { message: 'OK', payload: await toUserDetails(app, user) };
    },
  );

  app.put(
    '/user/update/:id',
    {
      preValidation: domainRules((body) => validateFields(body, { fullName: personNameRules })),
      schema: {
        tags: ['users'],
        summary: 'Update a profile (full name)',
        security: [{ token: [] }],
        params: IdParams,
        body: Type.Object({ fullName: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(UserDetailsSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const user = await userFor(app, actorOf(request), 'update', request.params.id);
      const updated = await app.repos.users.updateProfile(user.id, { fullName: request.body.fullName.trim() });
      if (!updated) throw notFound();
      return { message: messages.userUpdated, payload: await toUserDetails(app, updated) };
    },
  );
};
