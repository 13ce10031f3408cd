import { and, count, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { companies as companiesDef, resourceMessages } from '../../src/domain/declarations';
import { agents, bots, companies, groups, registrationTokens, users } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import { HttpError } from '../http/errors';
import { licenceRecordOf, LicenceSchema, subscriptionRecordOf, SubscriptionSchema } from './licences';

/**
 * Companies (Super Admin and Sub Admin manage them; a company-scoped role sees its
 * own company in details). A company is deleted only once it has no (non-deleted) users, bots
 * or agents; its groups, tokens, licence and subscription go with it, as do the rows of its
 * soft-deleted users.
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
  messages: {
    created: resourceMessages.companyCreated,
    updated: resourceMessages.companyUpdated,
    deleted: resourceMessages.companyDeleted,
  },
  conflicts: { companies_name_unique: resourceMessages.companyNameTaken },
  hooks: {
    async afterWrite({ app }, id, action) {
      if (action !== 'update') return;
      // A deactivated company's people are signed out at once, not when their cached login ends.
      const people = await app.database.db.select({ id: users.id }).from(users).where(eq(users.companyId, id));
      for (const person of people) app.forgetLogin(person.id);
    },
    async beforeDelete({ db }, existing) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, existing.id), eq(users.isDeleted, false)));
      if (n > 0) throw new HttpError(409, 'COMPANY_HAS_USERS', resourceMessages.companyHasUsers);
      const [withBots] = await db.select({ n: count() }).from(bots).where(eq(bots.companyId, existing.id));
      const [withAgents] = await db.select({ n: count() }).from(agents).where(eq(agents.companyId, existing.id));
      if (withBots.n + withAgents.n > 0)
        throw new HttpError(409, 'COMPANY_HAS_BOTS_OR_AGENTS', resourceMessages.companyHasBotsOrAgents);
      await db.delete(users).where(and(eq(users.companyId, existing.id), eq(users.isDeleted, true)));
    },
  },
  details: {
    schema: {
      licence: Type.Union([LicenceSchema, Type.Null()]),
      studioSubscription: Type.Union([SubscriptionSchema, Type.Null()]),
    },
    async load(ctx, record) {
      return {
        licence: await licenceRecordOf(ctx, record.id),
        studioSubscription: await subscriptionRecordOf(ctx, record.id),
      };
    },
  },
};
