import { sql } from 'drizzle-orm';
import { index, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { scheduleHistory as scheduleHistoryDef } from '../../../src/domain/declarations/scheduleHistory';
import { schedules as schedulesDef } from '../../../src/domain/declarations/schedules';
import { agents, bots } from './automation';
import { tableOf } from './derive';
import { processes } from './runtime';
import { companies, users } from './tenants';

type RunParameter = { name: string; value: string; encrypted?: boolean };

/**
 * Schedules. `next_fire_at` is the scheduler's queue: every node claims the due active rows in
 * the order of this partial index (FOR UPDATE SKIP LOCKED), so an idle schedule costs nothing
 * and a fire goes to one node only.
 */
export const schedules = tableOf(schedulesDef, {
  derived: ['companyName', 'userName'],
  targets: { companies, users, bots, agents, processes },
  columns: {
    parameters: jsonb('parameters')
      .$type<RunParameter[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  extra: (t) => [
    index('schedules_due_idx')
      .on(t.nextFireAt, t.id)
      .where(sql`${t.status} = 'active'`),
  ],
});

/** One row per due fire of a schedule: at most one per (schedule, due instant). */
export const scheduleHistory = tableOf(scheduleHistoryDef, {
  derived: ['companyName', 'processStatus'],
  targets: { companies, users, bots, agents, processes, schedules },
  extra: (t) => [uniqueIndex('schedule_history_fire_key').on(t.scheduleId, t.dueAt)],
});
