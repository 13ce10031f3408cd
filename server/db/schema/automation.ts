import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies, registrationTokens, users } from './tenants';
/** A bot: a workflow file (XAML text) of one company, created by one user. */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The creator; kept when the user is soft-deleted (history keeps their name). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** 1 Manual, 2 Automated (spec §4). */
    type: integer('type').notNull().default(1),
    status: text('status').notNull().default('active'),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The XAML document itself: bots are small text files, and one store keeps backups whole. */
    fileContent: text('file_content').notNull(),
    /** The workflow's arguments read from the file: [{ name, direction, type }]. */
    parameters: jsonb('parameters').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bots_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    index('bots_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bots_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bots_user_idx').on(t.userId),
    check('bots_type_check', sql`${t.type} in (1, 2)`),
    check('bots_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** A machine running our agent, registered with a registration token of its company. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Whose bots run here (optional). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The agent's own stable id of the machine; one agent per device and company. */
    deviceId: text('device_id').notNull(),
    /** scrypt of the agent's secret (handed out once at registration). */
    secretHash: text('secret_hash').notNull(),
    /** 0 disconnected, 1 connected: the state of its socket (spec §4). */
    status: integer('status').notNull().default(0),
    isBusy: boolean('is_busy').notNull().default(false),
    isError: boolean('is_error').notNull().default(false),
    platform: text('platform'),
    version: text('version'),
    registrationTokenId: uuid('registration_token_id').references(() => registrationTokens.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agents_company_device_unique').on(t.companyId, t.deviceId),
    index('agents_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('agents_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('agents_user_idx').on(t.userId),
    check('agents_status_check', sql`${t.status} in (0, 1)`),
  ],
);
