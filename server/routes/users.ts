import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { decide, isAdminRole, messages } from '../../src/domain';
import { enforce } from '../crud/routes';
import { users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { errorResponses, IdParams, MessageOnly } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { issueResetLink } from '../services/accounts';

/**
 * Bespoke user calls; the schema-driven ones (register, all, names, details, update, delete)
 * come from server/crudResources/users.ts.
 */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/resetpassword',
    {
      schema: {
        tags: ['users'],
        summary: 'Reset Link: mail a user a link to set a new password, and unblock the account',
        description: 'Admins only (Sub Admin not for a Super Admin; Customer Admin within their company).',
        security: [{ token: [] }],
        body: IdParams,
        response: { 200: MessageOnly, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!isAdminRole(actor.role)) throw forbidden();
      const user = await app.repos.users.findById(request.body.id);
      if (!user || user.isDeleted) throw notFound();
      enforce(decide(actor, 'update', 'users', { companyId: user.companyId, ownerId: user.id, role: user.role }));
      await app.database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ isBlocked: false, failedLogins: 0, updatedAt: new Date() })
          .where(and(eq(users.id, user.id), eq(users.isDeleted, false)));
        await app.audit.record(
          {
            actor,
            action: 'update',
            resource: 'users',
            recordId: user.id,
            changes: { resetLinkSent: true, isBlocked: false },
          },
          tx,
        );
      });
      await issueResetLink(app, user, 'admin');
      return { message: messages.linkSent, payload: null };
    },
  );
};
