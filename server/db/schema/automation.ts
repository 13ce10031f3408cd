import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents as agentsDef, bots as botsDef } from '../../../src/domain/declarations';
import { tableOf } from './derive';
import { bytea, createdAt } from './columns';
import { companies, groups, registrationTokens, users } from './tenants';

/**
 * A bot: a workflow file (XAML, a script or a package) of one company, created by one user (kept
 * when the user is soft-deleted).
 */
export const bots = tableOf(botsDef, {
  derived: ['companyName', 'userName', 'expired'],
  targets: { companies, users },
  columns: {
    /**
     * The file's bytes exactly as uploaded, never decoded: a workflow may start with a byte-order
     * mark, be UTF-16 or Latin-1, and a package is binary. One store keeps backups whole.
     */
    fileContent: bytea('file_content').notNull(),
    /** sha256 of those bytes (hex): what an agent checks its download against. */
    fileChecksum: text('file_checksum'),
    /** The file an update replaced, its bytes as uploaded (its name is the declared previousFileName). */
    previousFileContent: bytea('previous_file_content'),
    /** The workflow's arguments read from the file: [{ name, direction, type }]. */
    parameters: jsonb('parameters')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  extra: (t) => [uniqueIndex('bots_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
});

/** The groups a bot is shared with: their members see the bot and may run it. */
export const botGroups = pgTable(
  'bot_groups',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.groupId] }), index('bot_groups_group_idx').on(t.groupId)],
);

/**
 * A machine running our agent, registered with a registration token of its company; one agent per device and company.
 */
export const agents = tableOf(agentsDef, {
  derived: ['companyName', 'userName', 'currentProcessId', 'currentBotName', 'queueLength'],
  targets: { companies, users },
  columns: {
    /** scrypt of the agent's secret (handed out once at registration). */
    secretHash: text('secret_hash').notNull(),
    registrationTokenId: uuid('registration_token_id').references(() => registrationTokens.id, {
      onDelete: 'set null',
    }),
    /**
     * The server node holding the agent's socket while it is connected (server_nodes): the
     * agent is alive as long as that node's heartbeat is. No foreign key: a node's row may go
     * before the rows that still name it, which then read as held by a dead node.
     */
    nodeId: uuid('node_id'),
  },
  extra: (t) => [
    uniqueIndex('agents_company_device_unique').on(t.companyId, t.deviceId),
    // A node's connected agents: its heartbeat's count and the sweep of dead nodes' agents.
    index('agents_connected_node_idx')
      .on(t.nodeId)
      .where(sql`${t.status} = 1`),
  ],
});
