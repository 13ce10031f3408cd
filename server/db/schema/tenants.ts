import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  companies as companiesDef,
  groups as groupsDef,
  licences as licencesDef,
  registrationTokens as tokensDef,
  studioSubscriptions as subscriptionsDef,
  users as usersDef,
} from '../../../src/domain/declarations';
import { createdAt } from './columns';
import { tableOf } from './derive';

/** Companies and their people, groups, registration tokens, licences and studio seats. */

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A company. Its address, e-mail and phone stay nullable as the first migration made them (the
 * API requires them of every create), so they are columns of their own rather than derived.
 */
export const companies = tableOf(companiesDef, {
  derived: ['userCount', 'groupCount', 'activeTokenCount'],
  columns: { address: text('address'), email: text('email'), phone: text('phone') },
  // Two companies of one name would be indistinguishable in every company select.
  extra: (t) => [uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`)],
});

export const users = tableOf(usersDef, {
  derived: ['role', 'companyName'],
  targets: { roles },
  columns: {
    passwordHash: text('password_hash').notNull(),
    /** Null for platform users (Super Admin, Sub Admin). */
    companyId: uuid('company_id').references(() => companies.id),
    failedLogins: integer('failed_logins').notNull().default(0),
    /**
     * The list's Status filter as a stored column, so that an index serves it (raw names: PG forbids qualified ones
     * here).
     */
    status: text('status')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN is_deleted THEN 'deleted' WHEN is_blocked THEN 'blocked' ELSE 'active' END`),
  },
  // Deleted users are hidden from the list of every company unless asked for: no index of all of them by date.
  unscopedListIndex: false,
  // A soft-deleted user's address can be registered again. E-mails are always stored lower-cased.
  extra: (t) => [
    uniqueIndex('users_email_active_unique')
      .on(t.email)
      .where(sql`${t.isDeleted} = false`),
  ],
});

export const groups = tableOf(groupsDef, {
  derived: ['companyName', 'userCount'],
  targets: { companies },
  unscopedListIndex: false,
  extra: (t) => [uniqueIndex('groups_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

export const registrationTokens = tableOf(tokensDef, {
  derived: ['companyName', 'status', 'token'],
  targets: { companies },
  columns: {
    /** AES-256-GCM of the value (server/crypto/dataKey.ts): shown again for Copy, useless without the key. */
    tokenEncrypted: text('token_encrypted').notNull(),
    /** sha256 of the value: how a presented token is found. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Always set: a create without one gets the default expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
});

/** One licence per company; its end date is the expiry of the company's bots. */
export const companyLicences = tableOf(licencesDef, {
  name: 'company_licences',
  derived: ['companyName', 'displayAmount', 'status'],
  targets: { companies },
  columns: {
    /** In INR, whatever the display currency. */
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  extra: (t) => [check('company_licences_dates_check', sql`${t.endDate} >= ${t.startDate}`)],
});

export const studioSubscriptions = tableOf(subscriptionsDef, {
  derived: ['companyName', 'status'],
  targets: { companies },
  extra: (t) => [check('studio_subscriptions_dates_check', sql`${t.endDate} >= ${t.startDate}`)],
});
