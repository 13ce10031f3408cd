import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isPlatformRole, messages, ROLE } from '../../src/domain';
import { resourceMessages, users as usersDef } from '../../src/domain/declarations';
import { hashPassword } from '../auth/passwords';
import { normalizeEmail } from '../db/repositories';
import { roles, userGroups, users } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import { fieldError, HttpError } from '../http/errors';
import { issueWelcomeLink } from '../services/accounts';
import {
  assertCompanyExists,
  assertGroupsOf,
  assertMayGiveRole,
  otherCustomerAdmins,
  otherUsers,
  roleById,
} from './people';
import { companyNameOf } from './shared';

const emailTaken = () => fieldError('email', resourceMessages.emailTaken, 409, 'EMAIL_TAKEN');

/**
 * Users: register (random password never shown, welcome mail with a 24 h link to choose one),
 * list, names, details, update and soft delete, with the rules on who gives which role in which company.
 */
export const usersCrud: CrudOptions = {
  def: usersDef,
  source: {
    table: users,
    lookups: { role: { table: roles, column: 'name', via: users.roleId }, companyName: companyNameOf(users.companyId) },
    relations: { groupIds: { table: userGroups, self: userGroups.userId, other: userGroups.groupId } },
    // Deleted users are listed only when asked for (status=deleted).
    baseWhere: (given) => (given.has('status') ? undefined : eq(users.isDeleted, false)),
    // In place: the record is this request's own, and this runs for every listed row.
    present: (record) => {
      record.associatedToGroups = record.groupIds;
      return record;
    },
    presented: ['associatedToGroups'],
  },
  messages: { created: resourceMessages.userRegistered, updated: messages.userUpdated, deleted: messages.userDeleted },
  conflicts: { users_email_active_unique: resourceMessages.emailTaken },
  hooks: {
    // Nobody ever sees this password: the welcome mail's link sets the real one.
    prepareCreate: async (_ctx, values) => ({
      ...values,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    }),
    async beforeCreate({ actor, db, repos }, values) {
      const role = await roleById(db, values.roleId);
      assertMayGiveRole(actor, role);
      const companyId = (values.companyId as string | null | undefined) ?? null;
      if (isPlatformRole(role) && companyId) throw fieldError('companyId', resourceMessages.platformRoleNoCompany);
      if (!isPlatformRole(role)) {
        if (!companyId) throw fieldError('companyId', messages.selectCompany);
        await assertCompanyExists(db, companyId);
      }
      const email = normalizeEmail(String(values.email));
      if (await repos.users.findActiveByEmail(email)) throw emailTaken();
      await assertGroupsOf(db, (values.groupIds as string[] | undefined) ?? [], companyId);
      return { ...values, email, companyId, isFirstLogin: true };
    },
    async afterCreate({ app }, record) {
      const user = await app.repos.users.findById(record.id);
      if (user) await issueWelcomeLink(app, user);
    },
    async beforeUpdate({ actor, db }, values, existing) {
      // A plain User edits their own profile: the full name, nothing an admin decides.
      if (actor.role === ROLE.user && Object.keys(values).some((k) => k !== 'fullName')) {
        throw new HttpError(403, 'FORBIDDEN', resourceMessages.ownProfileOnly);
      }
      const companyId = (existing.companyId as string | null) ?? null;
      if (values.roleId !== undefined) {
        const role = await roleById(db, values.roleId);
        assertMayGiveRole(actor, role);
        if (isPlatformRole(role) !== (companyId === null)) throw fieldError('roleId', resourceMessages.roleClassChange);
        if (
          existing.role === ROLE.customerAdmin &&
          role !== ROLE.customerAdmin &&
          companyId &&
          (await otherCustomerAdmins(db, companyId, existing.id)) === 0
        ) {
          throw new HttpError(409, 'ONLY_CUSTOMER_ADMIN', resourceMessages.onlyCustomerAdminRole);
        }
      }
      if (Array.isArray(values.groupIds)) await assertGroupsOf(db, values.groupIds as string[], companyId);
      return values;
    },
    // A changed role or a deletion applies to the user's next request on this node.
    afterWrite: async ({ app }, id) => app.forgetLogin(id),
    async beforeDelete({ actor, db, repos }, existing) {
      if (existing.id === actor.id) throw new HttpError(403, 'FORBIDDEN', resourceMessages.cannotDeleteSelf);
      const companyId = existing.companyId as string | null;
      // The only Customer Admin stays while the company has other users; as its last user they
      // may go, or a company could never be emptied and deleted.
      const onlyAdmin =
        existing.role === ROLE.customerAdmin &&
        companyId &&
        (await otherCustomerAdmins(db, companyId, existing.id)) === 0;
      if (onlyAdmin && (await otherUsers(db, companyId, existing.id)) > 0) {
        throw new HttpError(409, 'ONLY_CUSTOMER_ADMIN', messages.onlyCustomerAdmin);
      }
      // A deleted user leaves their groups, and their pending reset links stop working.
      await db.delete(userGroups).where(eq(userGroups.userId, existing.id));
      await repos.passwordResets.revokeAllFor(existing.id);
    },
  },
};
