import { and, eq, sql } from 'drizzle-orm';
import { groups as groupsDef, resourceMessages } from '../../src/domain/declarations';
import { groups, userGroups, users } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { companyNameOf } from './shared';
import { membersCompany } from './people';

export const groupsSource: CrudSource = {
  table: groups,
  lookups: { companyName: companyNameOf(groups.companyId) },
  computed: {
    userCount: sql`(select count(*)::int from ${userGroups} inner join ${users} on ${users.id} = ${userGroups.userId} where ${userGroups.groupId} = ${groups.id} and ${users.isDeleted} = false)`,
  },
  relations: { userIds: { table: userGroups, self: userGroups.groupId, other: userGroups.userId } },
};

/**
 * Groups of users of one company, at least one member. Super and Sub Admin
 * may leave companyId out: the group belongs to its members' company.
 */
export const groupsCrud: CrudOptions = {
  def: groupsDef,
  source: groupsSource,
  messages: {
    created: resourceMessages.groupCreated,
    updated: resourceMessages.groupUpdated,
    deleted: resourceMessages.groupDeleted,
  },
  conflicts: { groups_company_name_unique: resourceMessages.groupNameTaken },
  hooks: {
    async inferCompany({ actor, db }, values) {
      return Array.isArray(values.userIds) ? membersCompany(db, actor, values.userIds as string[]) : undefined;
    },
    async beforeCreate({ actor, db }, values) {
      await membersCompany(db, actor, (values.userIds as string[] | undefined) ?? [], String(values.companyId));
      return values;
    },
    async beforeUpdate({ actor, db }, values, existing) {
      if (values.userIds !== undefined)
        await membersCompany(db, actor, values.userIds as string[], existing.companyId as string);
      return values;
    },
  },
};

/** Ids of the non-deleted members of a group. */
export async function memberIdsOf(db: Parameters<typeof membersCompany>[0], groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGroups.userId })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(and(eq(userGroups.groupId, groupId), eq(users.isDeleted, false)))
    .orderBy(userGroups.userId);
  return rows.map((r) => r.id);
}
