import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Companies and their people, groups, registration tokens, licences and studio seats. */

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address'),
    email: text('email'),
    phone: text('phone'),
    /** active | inactive (migration 0001 turned the former 1/0 into these words). */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two companies of one name would be indistinguishable in every company select.
    uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`),
    index('companies_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('companies_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased, so look-ups by e-mail are exact matches. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    /** Null for platform users (Super Admin, Sub Admin). */
    companyId: uuid('company_id').references(() => companies.id),
    enabledEmailSchedule: boolean('enabled_email_schedule').notNull().default(false),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    /** The list's Status filter as a stored column, so that an index serves it (raw names: PG forbids qualified ones here). */
    status: text('status')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN is_deleted THEN 'deleted' WHEN is_blocked THEN 'blocked' ELSE 'active' END`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A soft-deleted user's address can be registered again.
    uniqueIndex('users_email_active_unique').on(t.email).where(sql`${t.isDeleted} = false`),
    index('users_role_idx').on(t.roleId),
    // The user list's usual pages: one company, optionally one status, newest first (id breaks ties).
    index('users_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_company_status_created_idx').on(t.companyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('groups_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    index('groups_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

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

export const registrationTokens = pgTable(
  'registration_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** AES-256-GCM of the value (server/crypto/dataKey.ts): shown again for Copy, useless without the key. */
    tokenEncrypted: text('token_encrypted').notNull(),
    /** sha256 of the value: how a presented token is found. */
    tokenHash: text('token_hash').notNull().unique(),
    reusable: boolean('reusable').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    useCount: integer('use_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_tokens_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('registration_tokens_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('registration_tokens_type_check', sql`${t.type} in ('agent', 'studio')`),
  ],
);

/** One licence per company; its end date is the expiry of the company's bots. */
export const companyLicences = pgTable(
  'company_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenure: text('tenure').notNull(),
    currency: text('currency').notNull(),
    /** In INR, whatever the display currency. */
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    maxBots: integer('max_bots').notNull(),
    maxAgents: integer('max_agents').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('company_licences_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('company_licences_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('company_licences_tenure_check', sql`${t.tenure} in ('Monthly', 'Annually')`),
    check('company_licences_currency_check', sql`${t.currency} in ('INR', 'USD')`),
  ],
);

export const studioSubscriptions = pgTable(
  'studio_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('studio_subscriptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('studio_subscriptions_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
