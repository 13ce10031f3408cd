import {
  OUTCOME_STATUSES,
  OUTCOMES,
  type BotPerformanceRow,
  type DashboardSummary,
  type LineGraphPoint,
  type PeriodRange,
  type SunburstRow,
} from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { processVisibleTo } from '../runtime/visibility';

/**
 * Whose runs a report counts: one company's (null: every company) and, for a plain User, the runs
 * of the bots they see.
 */
export interface ReportScope {
  companyId: string | null;
  memberId: string | null;
}

/**
 * The runs of the period in scope, as SQL over `processes p` with its parameters: created at or
 * after `from` and before `to`. Only the filters that apply are written, so each statement
 * reads one index range (company and creation time, or creation time alone).
 */
function runsOf(scope: ReportScope, range: PeriodRange, params: unknown[] = []) {
  params.push(range.from.toISOString(), range.to.toISOString());
  let where = `p.created_at >= $${params.length - 1}::timestamptz and p.created_at < $${params.length}::timestamptz`;
  if (scope.companyId !== null) {
    params.push(scope.companyId);
    where += ` and p.company_id = $${params.length}::uuid`;
  }
  if (scope.memberId !== null) {
    params.push(scope.memberId);
    where += ` and ${processVisibleTo('p', `$${params.length}::uuid`)}`;
  }
  return { where, params };
}

/** One count column per outcome, by its statuses. */
const OUTCOME_COLUMNS = OUTCOMES.map(
  (outcome) => `count(*) filter (where p.status in (${OUTCOME_STATUSES[outcome].join(', ')}))::int as "${outcome}"`,
).join(',\n  ');
const FINISHED = `p.status in (${OUTCOMES.flatMap((o) => OUTCOME_STATUSES[o]).join(', ')})`;

export async function botPerformance(db: DatabaseHandle, scope: ReportScope, range: PeriodRange) {
  const { where, params } = runsOf(scope, range);
  return rowsOf<BotPerformanceRow>(
    db,
    `select p.bot_id::text as "botId", p.bot_name as "botName", ${OUTCOME_COLUMNS}
     from processes p where ${where} and ${FINISHED}
     group by p.bot_id, p.bot_name
     order by count(*) desc, p.bot_name, p.bot_id limit 100`,
    params,
  );
}

export async function sunburst(db: DatabaseHandle, scope: ReportScope, range: PeriodRange) {
  const { where, params } = runsOf(scope, range);
  return rowsOf<SunburstRow>(
    db,
    `select r.*, c.name as "companyName" from (
       select p.company_id::text as "companyId", p.bot_id::text as "botId", p.bot_name as "botName", ${OUTCOME_COLUMNS}
       from processes p where ${where} and ${FINISHED}
       group by p.company_id, p.bot_id, p.bot_name
     ) r join companies c on c.id = r."companyId"::uuid
     order by c.name, r."companyId", r."botName" limit 1000`,
    params,
  );
}

/** Local hours of one day or local days, each bucket named as `LineGraphPoint.bucket` says; empty buckets are zeros. */
export async function lineGraph(db: DatabaseHandle, scope: ReportScope, range: PeriodRange, timeZone: string) {
  const params: unknown[] = [timeZone];
  const { where } = runsOf(scope, range, params);
  const unit = range.bucket === 'hour' ? `'hour'` : `'day'`;
  const format = range.bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : `'YYYY-MM-DD'`;
  const found = await rowsOf<LineGraphPoint>(
    db,
    `select to_char(date_trunc(${unit}, p.created_at at time zone $1::text), ${format}) as "bucket", ${OUTCOME_COLUMNS}
     from processes p where ${where} and ${FINISHED}
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

export async function summary(
  db: DatabaseHandle,
  scope: ReportScope,
  range: PeriodRange,
): Promise<Omit<DashboardSummary, 'successRate'>> {
  const { where, params } = runsOf(scope, range);
  const company = scope.companyId === null ? '' : ` and company_id = $1::uuid`;
  const companyParams = scope.companyId === null ? [] : [scope.companyId];
  const queued: unknown[] = [...companyParams];
  let queueWhere = `p.status = 0${company.replace('company_id', 'p.company_id')}`;
  if (scope.memberId !== null) {
    queued.push(scope.memberId);
    queueWhere += ` and ${processVisibleTo('p', `$${queued.length}::uuid`)}`;
  }
  const [[runs], [agents], [queue], [next]] = await Promise.all([
    rowsOf<{ runs: number; successful: number; failed: number; terminated: number }>(
      db,
      `select count(*)::int as "runs", ${OUTCOME_COLUMNS} from processes p where ${where}`,
      params,
    ),
    rowsOf<{ n: number }>(db, `select count(*)::int as "n" from agents where status = 1${company}`, companyParams),
    rowsOf<{ n: number }>(db, `select count(*)::int as "n" from processes p where ${queueWhere}`, queued),
    rowsOf<{ at: string | null }>(
      db,
      `select to_char(min(next_fire_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at"
       from schedules where status = 'active' and next_fire_at is not null${company}`,
      companyParams,
    ),
  ]);
  return { ...runs, agentsConnected: agents.n, queueLength: queue.n, nextFireAt: next.at };
}
