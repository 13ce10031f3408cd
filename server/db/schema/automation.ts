import { sql } from 'drizzle-orm';
import { jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents as agentsDef, bots as botsDef } from '../../../src/domain/declarations';
import { tableOf } from './derive';
import { companies, registrationTokens, users } from './tenants';

/** A bot: a workflow file (XAML text) of one company, created by one user (kept when the user is soft-deleted). */
export const bots = tableOf(botsDef, {
  derived: ['companyName', 'userName', 'expired'],
  targets: { companies, users },
  columns: {
    /** The XAML document itself: bots are small text files, and one store keeps backups whole. */
    fileContent: text('file_content').notNull(),
    /** The workflow's arguments read from the file: [{ name, direction, type }]. */
    parameters: jsonb('parameters')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  extra: (t) => [uniqueIndex('bots_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
});

/**
 * A machine running our agent, registered with a registration token of its company; one agent per device and company.
 */
export const agents = tableOf(agentsDef, {
  derived: ['companyName', 'userName', 'currentProcessId'],
  targets: { companies, users },
  columns: {
    /** scrypt of the agent's secret (handed out once at registration). */
    secretHash: text('secret_hash').notNull(),
    registrationTokenId: uuid('registration_token_id').references(() => registrationTokens.id, {
      onDelete: 'set null',
    }),
  },
  extra: (t) => [uniqueIndex('agents_company_device_unique').on(t.companyId, t.deviceId)],
});
