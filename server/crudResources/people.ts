import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { isRoleName, ROLE, type Actor, type RoleName } from '../../src/domain';
import { mayGiveRole } from '../../src/domain/web-roles';
import { resourceMessages } from '../../src/domain/declarations';
import type { Database } from '../db/client';
import { companies, groups, roles, users } from '../db/schema';
import { fieldError, HttpError, invalidField } from '../http/errors';

/** Rules about people shared by users and groups: roles one may give, members of one company. */

export async function roleById(db: Database, roleId: unknown): Promise<RoleName> {
  const [row] =
    typeof roleId === 'string'
      ? await db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId)).limit(1)
      : [];
  if (!row || !isRoleName(row.name)) throw invalidField('roleId', 'selectUserRole');
  return row.name;
}

/** A Sub Admin cannot make a Super Admin; a Customer Admin makes only Customer Admins and Users. */
export function assertMayGiveRole(actor: Actor, role: RoleName): void {
  if (!mayGiveRole(actor.role, role)) throw new HttpError(403, 'FORBIDDEN', resourceMessages.roleNotAllowed);
}

export async function assertCompanyExists(db: Database, companyId: string): Promise<void> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw invalidField('companyId', 'selectCompany');
}

/** Other non-deleted users of the company than `userId`. */
export async function otherUsers(db: Database, companyId: string, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false), ne(users.id, userId)));
  return n;
}

/** Other non-deleted Customer Admins of the company than `userId`. */
export async function otherCustomerAdmins(db: Database, companyId: string, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isDeleted, false),
        eq(roles.name, ROLE.customerAdmin),
        ne(users.id, userId),
      ),
    );
  return n;
}

/** Groups of a user must be groups of the user's company (none for Super and Sub Admin). */
export async function assertGroupsOf(
  db: Database,
  groupIds: readonly string[],
  companyId: string | null,
): Promise<void> {
  const ids = [...new Set(groupIds)];
  if (ids.length === 0) return;
  const found = companyId
    ? await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(inArray(groups.id, ids), eq(groups.companyId, companyId)))
    : [];
  if (found.length !== ids.length) throw fieldError('groupIds', resourceMessages.groupsOfOtherCompany);
}

/**
 * The company of a group's members: they must exist, be visible to the actor, not be deleted,
 * and all belong to one company — the group's, when it has one already.
 */
export async function membersCompany(
  db: Database,
  actor: Actor,
  userIds: readonly string[],
  groupCompanyId?: string | null,
): Promise<string> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) throw invalidField('userIds', 'atLeastOneUser');
  const visible =
    actor.role === ROLE.customerAdmin || actor.role === ROLE.user
      ? eq(users.companyId, actor.companyId ?? '')
      : undefined;
  const found = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isDeleted, false), visible));
  // Another company's users look like unknown ids to a company-scoped actor.
  if (found.length !== ids.length) throw fieldError('userIds', resourceMessages.usersNotFound);
  const companyIds = new Set(found.map((u) => u.companyId));
  const [only] = [...companyIds];
  if (companyIds.size !== 1 || !only || (groupCompanyId && only !== groupCompanyId))
    throw invalidField('userIds', 'singleCompanyUsers');
  return only;
}
