import { and, count, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { companies as companiesDef, resourceMessages } from '../../src/domain/resources';
import { companies, groups, registrationTokens, users } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import { HttpError } from '../http/errors';
import { licenceRecordOf, LicenceSchema, subscriptionRecordOf, SubscriptionSchema } from './licences';

/**
 * Companies (spec §2: Super Admin and Sub Admin manage them; a company-scoped role sees its
 * own company in details). A company is deleted only once it has no (non-deleted) users; its
 * groups, tokens, licence and subscription go with it, as do the rows of its soft-deleted users.
 */
export const companiesCrud: CrudOptions = {
  def: companiesDef,
  source: {
    table: companies,
    computed: {
      userCount: sql`(select count(*)::int from ${users} where ${users.companyId} = ${companies.id} and ${users.isDeleted} = false)`,
      groupCount: sql`(select count(*)::int from ${groups} where ${groups.companyId} = ${companies.id})`,
      activeTokenCount: sql`(select count(*)::int from ${registrationTokens} where ${registrationTokens.companyId} = ${companies.id} and ${registrationTokens.expiresAt} > now() and (${registrationTokens.reusable} or ${registrationTokens.usedAt} is null))`,
    },
  },
  messages: { created: resourceMessages.companyCreated, updated: resourceMessages.companyUpdated, deleted: resourceMessages.companyDeleted },
  conflicts: { companies_name_unique: resourceMessages.companyNameTaken },
  hooks: {
    async beforeDelete({ db }, existing) {
      const [{ n }] = await db.select({ n: count() }).from(users).where(and(eq(users.companyId, existing.id), eq(users.isDeleted, false)));
      // Later issues add the company's bots and agents to this rule.
      if (n > 0) throw new HttpError(409, 'COMPANY_HAS_USERS', resourceMessages.companyHasUsers);
      await db.delete(users).where(and(eq(users.companyId, existing.id), eq(users.isDeleted, true)));
    },
  },
  details: {
    schema: {
      licence: Type.Union([LicenceSchema, Type.Null()]),
      studioSubscription: Type.Union([SubscriptionSchema, Type.Null()]),
    },
    async load(ctx, record) {
      return { licence: await licenceRecordOf(ctx, record.id), studioSubscription: await subscriptionRecordOf(ctx, record.id) };
    },
  },
};
