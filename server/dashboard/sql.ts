import {
  quarterSplit,
  type BotPerformanceRow,
  type DashboardSummary,
  type LineGraphPoint,
  type PeriodRange,
  type SunburstRow,
} from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { processVisibleTo } from '../runtime/visibility';
import { totalsBotPerformance, totalsLineGraph, totalsSummary } from './platform';
import { FINISHED, OUTCOME_COLUMNS, runsOf, type ReportScope } from './source';
import { companySunburst, platformSunburst } from './sunburst';

export type { ReportScope } from './source';

/*
 * The whole platform's reports and a company's read the running totals (server/dashboard/platform.ts):
 * a few rows per boundary or series whatever the period's length. A plain User's (the runs of the
 * bots they see) and the line graph of one day by hours sum the kept counts
 * (process_quarter_counts) of the period's whole quarters of an hour and count the runs of a
 * quarter a boundary cuts (server/dashboard/source.ts): at most one row per quarter, company, bot
 * and status, whatever the number of runs.
 */

/** Whether a report reads the running totals: every run of the platform or of one company. */
const fromTotals = (scope: ReportScope) => scope.memberId === null;

export async function botPerformance(db: DatabaseHandle, scope: ReportScope, range: PeriodRange, timeZone: string) {
  if (fromTotals(scope)) return totalsBotPerformance(db, range, scope.companyId);
  const params: unknown[] = [];
  const runs = runsOf(scope, range, quarterSplit(range, timeZone, false), params);
  return rowsOf<BotPerformanceRow>(
    db,
    `select r.bot_id::text as "botId", r.bot_name as "botName", ${OUTCOME_COLUMNS}
     from ${runs} where ${FINISHED}
     group by r.bot_id, r.bot_name
     order by sum(r.n) desc, r.bot_name, r.bot_id limit 100`,
    params,
  );
}

export async function sunburst(db: DatabaseHandle, scope: ReportScope, range: PeriodRange, timeZone: string) {
  if (fromTotals(scope))
    return scope.companyId === null ? platformSunburst(db, range) : companySunburst(db, range, scope.companyId);
  const params: unknown[] = [];
  const runs = runsOf(scope, range, quarterSplit(range, timeZone, false), params);
  return rowsOf<SunburstRow>(
    db,
    `select g.*, c.name as "companyName" from (
       select r.company_id::text as "companyId", r.bot_id::text as "botId", r.bot_name as "botName", ${OUTCOME_COLUMNS}
       from ${runs} where ${FINISHED}
       group by r.company_id, r.bot_id, r.bot_name
     ) g join companies c on c.id = g."companyId"::uuid
     order by c.name, g."companyId", g."botName" limit 1000`,
    params,
  );
}

/** Local hours of one day or local days, each bucket named as `LineGraphPoint.bucket` says; empty buckets are zeros. */
export async function lineGraph(db: DatabaseHandle, scope: ReportScope, range: PeriodRange, timeZone: string) {
  if (fromTotals(scope) && range.bucket === 'day') return totalsLineGraph(db, range, timeZone, scope.companyId);
  const params: unknown[] = [timeZone];
  const runs = runsOf(scope, range, quarterSplit(range, timeZone, true), params);
  const unit = range.bucket === 'hour' ? `'hour'` : `'day'`;
  const format = range.bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : `'YYYY-MM-DD'`;
  const found = await rowsOf<LineGraphPoint>(
    db,
    `select to_char(date_trunc(${unit}, r.at at time zone $1::text), ${format}) as "bucket", ${OUTCOME_COLUMNS}
     from ${runs} where ${FINISHED}
     group by 1 order by 1`,
    params,
  );
  const byBucket = new Map(found.map((point) => [point.bucket, point]));
  const buckets =
    range.bucket === 'hour'
      ? Array.from({ length: 24 }, (_, h) => `${range.days[0]}T${String(h).padStart(2, '0')}:00`)
      : range.days;
  return buckets.map((bucket) => byBucket.get(bucket) ?? { bucket, successful: 0, failed: 0, terminated: 0 });
}

/**
 * Whose figures the summary's other counts read, each by its own list's rule: agents by company
 * (every role that sees agents sees its company's), the queue by the runs a plain User sees, the
 * next fire by the schedules they see (their bots' and their groups' bots').
 */
export interface SummaryScope extends ReportScope {
  /** A plain User's id for the schedules they see, or null. */
  scheduleMemberId: string | null;
}

/** `and <company> [and <member>]` over alias `a` with parameters appended to `params`. */
function scoped(a: string, companyId: string | null, memberId: string | null, params: unknown[]): string {
  let where = '';
  if (companyId !== null) where += ` and ${a}.company_id = $${params.push(companyId)}::uuid`;
  if (memberId !== null) where += ` and ${processVisibleTo(a, `$${params.push(memberId)}::uuid`)}`;
  return where;
}

/** A plain User's runs of the period and of each outcome, from the kept counts. */
function memberSummary(db: DatabaseHandle, scope: ReportScope, range: PeriodRange, timeZone: string) {
  const params: unknown[] = [];
  const runs = runsOf(scope, range, quarterSplit(range, timeZone, false), params);
  return rowsOf<{ runs: number; successful: number; failed: number; terminated: number }>(
    db,
    `select coalesce(sum(r.n), 0)::int as "runs", ${OUTCOME_COLUMNS} from ${runs}`,
    params,
  );
}

export async function summary(
  db: DatabaseHandle,
  scope: SummaryScope,
  range: PeriodRange,
  timeZone: string,
): Promise<Omit<DashboardSummary, 'successRate'>> {
  const agentParams: unknown[] = [];
  const agentWhere = scoped('a', scope.companyId, null, agentParams);
  const queueParams: unknown[] = [];
  const queueWhere = scoped('p', scope.companyId, scope.memberId, queueParams);
  const fireParams: unknown[] = [];
  const fireWhere = scoped('s', scope.companyId, scope.scheduleMemberId, fireParams);
  const [[figures], [agents], [queue], [next]] = await Promise.all([
    fromTotals(scope)
      ? totalsSummary(db, range, scope.companyId).then((counts) => [counts])
      : memberSummary(db, scope, range, timeZone),
    rowsOf<{ n: number }>(db, `select count(*)::int as "n" from agents a where a.status = 1${agentWhere}`, agentParams),
    rowsOf<{ n: number }>(
      db,
      `select count(*)::int as "n" from processes p where p.status = 0${queueWhere}`,
      queueParams,
    ),
    rowsOf<{ at: string | null }>(
      db,
      `select to_char(min(s.next_fire_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at"
       from schedules s where s.status = 'active' and s.next_fire_at is not null${fireWhere}`,
      fireParams,
    ),
  ]);
  return { ...figures, agentsConnected: agents.n, queueLength: queue.n, nextFireAt: next.at };
}
