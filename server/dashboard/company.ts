import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { assumedLastDay, beforeOf, readBuiltDays } from './before';

/*
 * One company's runs created before each of a report's boundaries, from the running totals
 * (server/dashboard/totals.ts), in one statement: per boundary the company's series totals of a
 * built midnight near it (a row per series: its bots), the kept quarter counts between that
 * midnight and the boundary's quarter less the log's changes among them (those came after the
 * last fold), the log's changes before the quarter, and the runs of a quarter the boundary cuts.
 * A report over any number of days thus reads a few rows per boundary and bot.
 */

export const COUNT_NAMES = ['runs', 'successful', 'failed', 'terminated'] as const;
export type Counts = Record<(typeof COUNT_NAMES)[number], number>;

/** Sums of the log's counts (or the totals'), by their column names. */
const sums = COUNT_NAMES.map((c) => `sum(${c}) as ${c}`).join(', ');
/** Sums of kept quarter counts or runs (`n` runs of `status` each) as the four counts. */
const byStatus = (n: string) =>
  `sum(${n}) as runs, sum(${n}) filter (where status = 2) as successful, sum(${n}) filter (where status = 3) as failed,
   sum(${n}) filter (where status in (4, 5)) as terminated`;

export async function companyBefore(db: DatabaseHandle, companyId: string, instants: number[]): Promise<Counts[]> {
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const assumed = await assumedLastDay(db, attempt);
    const reads = instants.map((at) => beforeOf(at, assumed, now));
    // Between the midnight and the quarter: the kept counts (+ when the midnight comes first, −
    // when after), less the log's changes in the same quarters.
    const gaps = reads.map((b) => {
      const later = b.day === 'infinity' || Date.parse(b.day) > Date.parse(b.quarter);
      return later ? { lo: b.quarter, hi: b.day, sign: -1 } : { lo: b.day, hi: b.quarter, sign: 1 };
    });
    const array = (values: (string | number)[]) => `{${values.join(',')}}`;
    const rows = await rowsOf<Counts & { last: number | null }>(
      db,
      `with st as (select (extract(epoch from last_day) * 1000)::float8 as last from process_totals_state where id = 1)
       select st.last as "last", ${COUNT_NAMES.map(
         (c) =>
           `(coalesce(t.${c}, 0) + b.s * (coalesce(g.${c}, 0) - coalesce(l.${c}, 0)) + coalesce(v.${c}, 0)
             + coalesce(x.${c}, 0))::int as "${c}"`,
       ).join(', ')}
       from st cross join unnest($2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::int[],
                                 $6::timestamptz[], $7::timestamptz[]) with ordinality b(d, lo, hi, s, q, t, i)
       left join lateral (
         select ${sums} from process_series_totals where day = b.d and company_id = $1::uuid
       ) t on true
       left join lateral (
         select ${byStatus('runs')} from process_quarter_counts
         where company_id = $1::uuid and quarter >= b.lo and quarter < b.hi
       ) g on true
       left join lateral (
         select ${sums} from process_count_changes where company_id = $1::uuid and quarter >= b.lo and quarter < b.hi
       ) l on true
       left join lateral (
         select ${sums} from process_count_changes where company_id = $1::uuid and quarter < b.q
       ) v on true
       left join lateral (
         select ${byStatus('1')} from processes
         where b.t > b.q and company_id = $1::uuid and created_at >= b.q and created_at < b.t
       ) x on true
       order by b.i`,
      [
        companyId,
        array(reads.map((b) => b.day)),
        array(gaps.map((g) => g.lo)),
        array(gaps.map((g) => g.hi)),
        array(gaps.map((g) => g.sign)),
        array(reads.map((b) => b.quarter)),
        array(reads.map((b) => b.at)),
      ],
    );
    if (readBuiltDays(db, assumed, rows[0]?.last ?? null)) return rows;
  }
}
