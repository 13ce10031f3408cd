import { sql } from 'drizzle-orm';
import { processes as processesDef } from '../../src/domain/declarations/processes';
import { OUTCOME_STATUSES, OUTCOMES } from '../../src/domain/dashboard/outcomes';
import { processes } from '../db/schema';
import { logCountOf } from '../runtime/sql';
import { processViewersOf, processVisibleToSql } from '../runtime/visibility';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { companyNameOf, userNameOf } from './shared';

/** A run's outcome on the dashboard, by its status (null while it has none). */
const outcomeOf = sql.raw(
  `(case ${OUTCOMES.map((o) => `when "processes"."status" in (${OUTCOME_STATUSES[o].join(', ')}) then '${o}'`).join(' ')} end)`,
);

export const processesSource: CrudSource = {
  table: processes,
  lookups: { companyName: companyNameOf(processes.companyId), userName: userNameOf(processes.userId) },
  computed: {
    logCount: sql.raw(logCountOf('"processes"."id"')),
    viewerIds: sql.raw(processViewersOf('"processes"')),
    outcome: outcomeOf,
    duration: sql`(case when ${processes.startedAt} is null then null else extract(epoch from (coalesce(${processes.endedAt}, now()) - ${processes.startedAt}))::int end)`,
  },
  memberWhere: (member) => processVisibleToSql('"processes"', member),
};

/**
 * Processes: the engine lists (Current Status, GET /process/all) and shows them. A run is
 * created, canceled and stopped by its own routes (server/routes/processes.ts), and moved along
 * by its agent's reports (server/runtime/).
 */
export const processesCrud: CrudOptions = {
  def: processesDef,
  source: processesSource,
  skip: ['create', 'update', 'delete'],
};
