import { bigint, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Whose runs a total counts: a company's bot (its name as the run keeps it), and for a run whose
 * bot is gone its requester. An id that does not apply is NO_ID rather than null, so that the
 * totals' keys join and group as plain equal values.
 */
const seriesColumns = () => ({
  companyId: uuid('company_id').notNull(),
  botId: uuid('bot_id').notNull(),
  botName: text('bot_name').notNull(),
  userId: uuid('user_id').notNull(),
});

/** Runs (every status) and each outcome's runs. */
const countColumns = () => ({
  runs: integer('runs').notNull().default(0),
  successful: integer('successful').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  terminated: integer('terminated').notNull().default(0),
});

/**
 * Changes of the runs' counts not yet folded into the running totals below: the processes
 * trigger appends one row per series and quarter a statement changed (an insert only, so writers
 * never wait on each other's counts), and the folder (server/dashboard/totals.ts) moves them into
 * the totals and deletes them. Reports add the rows still here, so they are exact at every moment.
 */
export const processCountChanges = pgTable('process_count_changes', {
  ...seriesColumns(),
  quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
  ...countColumns(),
});

/**
 * Per series, the runs created before each UTC midnight `day` of the last TOTALS_DAYS days (and
 * before 'infinity': all of them), kept only where not zero. A platform-wide report of any length
 * reads two of these rows per series (its end's total minus its start's) instead of every
 * quarter's counts.
 */
export const processSeriesTotals = pgTable(
  'process_series_totals',
  {
    ...seriesColumns(),
    day: timestamp('day', { withTimezone: true, mode: 'date' }).notNull(),
    ...countColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.companyId, t.botId, t.botName, t.userId] }),
    // A fold reads the totals of the series it changes only.
    index('process_series_totals_series_idx').on(t.companyId, t.botId, t.botName, t.userId, t.day),
  ],
);

/**
 * The whole platform's runs created up to the end of each quarter of an hour that has runs: the
 * runs created before an instant are those of the last such quarter before it, so a line graph
 * reads one row per bucket boundary.
 */
export const processPlatformTotals = pgTable('process_platform_totals', {
  quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).primaryKey(),
  ...countColumns(),
});

/**
 * The fold's state (one row): the first and last UTC midnights whose series totals are built
 * (every midnight between too; null before the first fold), the number of folds that changed
 * the totals, which a node's copy of them is checked against, and the first of the folds whose
 * changes process_folded_changes still holds.
 */
export const processTotalsState = pgTable('process_totals_state', {
  id: integer('id').primaryKey(),
  lastDay: timestamp('last_day', { withTimezone: true, mode: 'date' }),
  firstDay: timestamp('first_day', { withTimezone: true, mode: 'date' }),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  foldedSince: bigint('folded_since', { mode: 'number' }).notNull().default(0),
});

/**
 * What each of the last folds took in, by the generation it made, series (company, bot, bot
 * name) and quarter: a node moves its copy of a period's settled runs forward by these few rows
 * instead of reading the period's totals again.
 */
export const processFoldedChanges = pgTable(
  'process_folded_changes',
  {
    generation: bigint('generation', { mode: 'number' }).notNull(),
    companyId: uuid('company_id').notNull(),
    botId: uuid('bot_id').notNull(),
    botName: text('bot_name').notNull(),
    quarter: timestamp('quarter', { withTimezone: true, mode: 'date' }).notNull(),
    successful: integer('successful').notNull(),
    failed: integer('failed').notNull(),
    terminated: integer('terminated').notNull(),
  },
  (t) => [index('process_folded_changes_generation_idx').on(t.generation)],
);

/**
 * How many times the companies' names have changed (one row): a statement on companies that
 * inserts, deletes, renames or truncates counts one more, in its own transaction. The platform's
 * sunburst reads it with the log's changes and keeps the names per node until it moves.
 */
export const companyNamesVersion = pgTable('company_names_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
