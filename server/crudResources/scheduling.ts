import { sql } from 'drizzle-orm';
import { scheduleHistory as scheduleHistoryDef } from '../../src/domain/declarations/scheduleHistory';
import { schedules as schedulesDef } from '../../src/domain/declarations/schedules';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { scheduleHistory, schedules } from '../db/schema';
import { processViewersOf, processVisibleToSql } from '../runtime/visibility';
import { companyNameOf, userNameOf } from './shared';

/*
 * Schedules and their history are seen like runs: a plain User sees those of the bots they see
 * (the bot's creator and its groups' members), or, once the bot is deleted, those they created.
 */

export const schedulesSource: CrudSource = {
  table: schedules,
  lookups: { companyName: companyNameOf(schedules.companyId), userName: userNameOf(schedules.userId) },
  computed: { viewerIds: sql.raw(processViewersOf('"schedules"')) },
  memberWhere: (member) => processVisibleToSql('"schedules"', member),
};

export const scheduleHistorySource: CrudSource = {
  table: scheduleHistory,
  lookups: { companyName: companyNameOf(scheduleHistory.companyId) },
  computed: {
    viewerIds: sql.raw(processViewersOf('"schedule_history"')),
    processStatus: sql`(select p.status from processes p where p.id = ${scheduleHistory.processId})`,
  },
  memberWhere: (member) => processVisibleToSql('"schedule_history"', member),
};

/** Scheduled Plans: the engine lists, shows and deletes them; create and reschedule are the builder's. */
export const schedulesCrud: CrudOptions = {
  def: schedulesDef,
  source: schedulesSource,
  skip: ['create', 'update'],
};

/** Scheduled History: written by the scheduler only; the engine lists, shows and deletes it. */
export const scheduleHistoryCrud: CrudOptions = {
  def: scheduleHistoryDef,
  source: scheduleHistorySource,
  skip: ['create', 'update'],
};
