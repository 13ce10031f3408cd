import { OUTCOME_STATUSES, OUTCOMES, type QuarterSplit, type PeriodRange } from '../../src/domain/dashboard';
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
 * The runs created in the period and in scope, as SQL rows `r(company_id, bot_id, bot_name, at,
 * status, n)` with its parameters: the whole quarters of an hour from the kept counts (`n` runs
 * created in the quarter starting at `at`), the quarters a boundary cuts run by run from
 * `processes` (`n` = 1, `at` its creation). A plain User's filter reads the same columns on both,
 * so it is the list's rule.
 */
export function runsOf(scope: ReportScope, range: PeriodRange, split: QuarterSplit, params: unknown[]): string {
  const at = (value: unknown) => `$${params.push(value)}`;
  const wholeFrom = at(split.wholeFrom.toISOString());
  const wholeTo = at(split.wholeTo.toISOString());
  const cut = at(`{${split.split.map((d) => d.toISOString()).join(',')}}`);
  const from = at(range.from.toISOString());
  const to = at(range.to.toISOString());
  let counts = `c.quarter >= ${wholeFrom}::timestamptz and c.quarter < ${wholeTo}::timestamptz and c.runs <> 0
    and not (c.quarter = any(${cut}::timestamptz[]))`;
  let runs = `p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz`;
  if (scope.companyId !== null) {
    const company = at(scope.companyId);
    counts += ` and c.company_id = ${company}::uuid`;
    runs += ` and p.company_id = ${company}::uuid`;
  }
  if (scope.memberId !== null) {
    const member = `${at(scope.memberId)}::uuid`;
    counts += ` and ${processVisibleTo('c', member)}`;
    runs += ` and ${processVisibleTo('p', member)}`;
  }
  return `(select c.company_id, c.bot_id, c.bot_name, c.quarter as at, c.status, c.runs as n
      from process_quarter_counts c where ${counts}
    union all
    select p.company_id, p.bot_id, p.bot_name, p.created_at as at, p.status, 1 as n
      from unnest(${cut}::timestamptz[]) s(h)
      join processes p on p.created_at >= s.h and p.created_at < s.h + interval '15 minutes'
      where ${runs}) r`;
}

/** One count column per outcome, by its statuses. */
export const OUTCOME_COLUMNS = OUTCOMES.map(
  (outcome) =>
    `coalesce(sum(r.n) filter (where r.status in (${OUTCOME_STATUSES[outcome].join(', ')})), 0)::int as "${outcome}"`,
).join(',\n  ');

/** The rows of finished runs (the charts count outcomes only). */
export const FINISHED = `r.status in (${OUTCOMES.flatMap((o) => OUTCOME_STATUSES[o]).join(', ')})`;
