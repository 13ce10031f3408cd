import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * The dashboard's kept counts: how many runs were created in one quarter of an hour (UTC, from a
 * whole hour) for one company and bot, by their status now. A trigger on `processes` keeps them
 * in the same statement as every write of a run (created, status moved, bot deleted, run
 * deleted), so the reports sum at most one row per quarter, bot and status instead of counting
 * runs. Quarters, not hours: every time zone in use today is a whole number of quarters from UTC
 * (India's +05:30, Nepal's +05:45, Chatham's +12:45), so every local midnight and hour starts a
 * quarter and a report reads no run one by one. `userId` is the run's requester when its bot is
 * gone (null otherwise): a plain User sees such runs by requester, as the processes list does. No
 * foreign keys: a company's deletion removes its runs, and the trigger then empties and prunes
 * their rows.
 */
export const processQuarterCounts = pgTable(
  'process_quarter_counts',
  {
    companyId: uuid('company_id').notNull(),
    botId: uuid('bot_id'),
    botName: text('bot_name').notNull(),
    userId: uuid('user_id'),
    quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
    status: integer('status').notNull(),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [
    // One row per key; a bot-less row is told apart by its requester (NULLS NOT DISTINCT: PostgreSQL 15+).
    unique('process_quarter_counts_key')
      .on(t.companyId, t.quarter, t.botId, t.botName, t.userId, t.status)
      .nullsNotDistinct(),
    // Platform-wide reports read a range of quarters.
    index('process_quarter_counts_quarter_idx').on(t.quarter),
  ],
);
