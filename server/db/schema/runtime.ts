import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { processes as processesDef } from '../../../src/domain/declarations/processes';
import { agents, bots } from './automation';
import { createdAt } from './columns';
import { tableOf } from './derive';
import { companies, users } from './tenants';

/**
 * A run of a bot on an agent. Pending rows are the agents' queues (priority first, then oldest);
 * a claim moves one to running in one statement (FOR UPDATE SKIP LOCKED), so no process goes to
 * two agents whatever the number of server nodes.
 */
export const processes = tableOf(processesDef, {
  derived: ['companyName', 'userName', 'duration', 'logCount', 'outcome'],
  targets: { companies, users, bots, agents },
  columns: {
    /** [{name, value, encrypted}]: encrypted values stay the browser's ciphertext. */
    parameters: jsonb('parameters')
      .$type<{ name: string; value: string; encrypted?: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  extra: (t) => [
    // The queue: an agent's pending processes in the order they run.
    index('processes_queue_idx')
      .on(t.agentId, t.priority.desc(), t.createdAt, t.id)
      .where(sql`${t.status} = 0`),
    // Running processes, for the sweeper (disconnections, timeouts) and the busy check.
    index('processes_running_idx')
      .on(t.agentId)
      .where(sql`${t.status} = 1`),
    // The dashboard's reports: runs of a period (and of one company) counted by status and bot
    // from the index alone, without reading the rows.
    index('processes_dashboard_company_idx').on(t.companyId, t.createdAt, t.status, t.botId, t.botName),
    index('processes_dashboard_created_idx').on(t.createdAt, t.companyId, t.status, t.botId, t.botName),
    // Retention deletes finished runs by age.
    index('processes_ended_idx')
      .on(t.endedAt)
      .where(sql`${t.endedAt} is not null`),
  ],
});

/** One output line of a run, numbered by the agent: a replayed line is the same row. */
export const processLogs = pgTable(
  'process_logs',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    stream: text('stream').notNull(),
    text: text('text').notNull(),
    /** A workflow line's level (Trace … Fatal); null for a script's output and the agent's lines. */
    level: text('level'),
    /** A workflow line's custom log fields (Add Log Fields), name → text; null when it has none. */
    fields: jsonb('fields').$type<Record<string, string>>(),
  },
  (t) => [
    primaryKey({ name: 'process_logs_pk', columns: [t.processId, t.seq] }),
    check('process_logs_stream_check', sql`${t.stream} in ('stdout', 'stderr', 'agent')`),
    check('process_logs_level_check', sql`${t.level} in ('Trace', 'Info', 'Warn', 'Error', 'Fatal')`),
  ],
);

/**
 * The server nodes and their heartbeats: one row each, touched every heartbeat. A connected
 * agent is alive while the node holding its socket is, so a heartbeat writes one row, not one
 * per agent; a node silent for three heartbeats is gone, and so are its agents' connections.
 */
export const serverNodes = pgTable('server_nodes', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each company's parameter key (32 random bytes), encrypted at rest with the server's data key.
 * Browsers of the company encrypt bot parameters with it; its agents decrypt them in memory.
 */
export const companyKeys = pgTable('company_keys', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  parameterKey: text('parameter_key').notNull(),
  createdAt: createdAt(),
});
