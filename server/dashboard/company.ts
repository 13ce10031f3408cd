import type { DatabaseHandle } from '../db/client';
import { readRows } from './read';
import { assumedDays, beforeOf, BUILT_DAYS, type Before, readBuiltDays } from './before';

/*
 * One company's runs created before each of a report's boundaries, from the running totals
 * (server/dashboard/totals.ts), in one statement: per boundary the company's series totals of a
 * built midnight near it (a row per series: its bots), the kept quarter counts between that
 * midnight and the boundary's quarter less the log's changes among them (those came after the
 * last fold), the log's changes before the quarter, and the runs of a quarter the boundary cuts.
 * The statement reads each kind of row per boundary by the indexes (the log's few rows whole),
 * and the server adds them up, so a report over any number of days reads a few rows per boundary
 * and bot.
 */

export const COUNT_NAMES = ['runs', 'successful', 'failed', 'terminated'] as const;
export type Counts = Record<(typeof COUNT_NAMES)[number], number>;

/** Sums of the log's counts (or the totals'), by their column names. */
const sums = COUNT_NAMES.map((c) => `coalesce(sum(${c}), 0)::int`).join(', ');
/** Sums of kept quarter counts or runs (`n` runs of `status` each) as the four counts. */
const byStatus = (n: string) =>
  `coalesce(sum(${n}), 0)::int, coalesce(sum(${n}) filter (where status = 2), 0)::int,
   coalesce(sum(${n}) filter (where status = 3), 0)::int, coalesce(sum(${n}) filter (where status in (4, 5)), 0)::int`;

/** The quarters between a boundary's midnight and its quarter: added (sign 1) or taken away (−1). */
function gapOf(b: Before): { lo: string; hi: string; sign: number } {
  const later = b.day === 'infinity' || Date.parse(b.day) > Date.parse(b.quarter);
  return later ? { lo: b.quarter, hi: b.day, sign: -1 } : { lo: b.day, hi: b.quarter, sign: 1 };
}

/**
 * A row of the statement: what kind (the `f`irst and la`s`t built days, `t`otals, `g`ap, `l`og,
 * `x` cut runs), of which.
 */
interface Part extends Counts {
  kind: 'f' | 's' | 't' | 'g' | 'l' | 'x';
  /** The boundary's or day's number (from 1), the log row's quarter or the built day (epoch ms). */
  at: number | null;
}

const ZERO: Counts = { runs: 0, successful: 0, failed: 0, terminated: 0 };
const plus = (a: Counts, b: Counts, sign = 1): Counts => ({
  runs: a.runs + sign * b.runs,
  successful: a.successful + sign * b.successful,
  failed: a.failed + sign * b.failed,
  terminated: a.terminated + sign * b.terminated,
});
const array = (values: (string | number)[]) => `{${values.join(',')}}`;
/** An instant of a read (a midnight may be 'infinity') in epoch ms. */
const msOf = (at: string) => (at === 'infinity' ? Infinity : Date.parse(at));

export async function companyBefore(db: DatabaseHandle, companyId: string, instants: number[]): Promise<Counts[]> {
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const assumed = await assumedDays(db, attempt);
    const reads = instants.map((at) => beforeOf(at, assumed, now));
    const days = [...new Set(reads.map((b) => b.day))];
    const gaps = reads.map(gapOf);
    const params: unknown[] = [companyId, array(days)];
    const parts = [
      `select k.kind, case k.kind when 'f' then d.first else d.last end, 0, 0, 0, 0
       from (select ${BUILT_DAYS} from process_totals_state where id = 1) d cross join (values ('f'), ('s')) k (kind)`,
      `select 't', d.i::float8, s.* from unnest($2::timestamptz[]) with ordinality d(day, i)
       cross join lateral (select ${sums} from process_series_totals where day = d.day and company_id = $1::uuid) s`,
      `select 'l', (extract(epoch from quarter) * 1000)::float8, ${sums} from process_count_changes
       where company_id = $1::uuid group by quarter`,
    ];
    const gapped = gaps.flatMap((g, i) => (g.lo === g.hi ? [] : [{ ...g, i: i + 1 }]));
    if (gapped.length > 0) {
      const [lo, hi, i] = [gapped.map((g) => g.lo), gapped.map((g) => g.hi), gapped.map((g) => g.i)];
      params.push(array(lo), array(hi), array(i));
      const n = params.length;
      parts.push(
        `select 'g', g.i::float8, c.*
         from unnest($${n - 2}::timestamptz[], $${n - 1}::timestamptz[], $${n}::int[]) g(lo, hi, i)
         cross join lateral (
           select ${byStatus('runs')} from process_quarter_counts
           where company_id = $1::uuid and quarter >= g.lo and quarter < g.hi
         ) c`,
      );
    }
    const cut = reads.flatMap((b, i) => (b.at === b.quarter ? [] : [{ q: b.quarter, t: b.at, i: i + 1 }]));
    if (cut.length > 0) {
      params.push(array(cut.map((c) => c.q)), array(cut.map((c) => c.t)), array(cut.map((c) => c.i)));
      const n = params.length;
      parts.push(
        `select 'x', c.i::float8, p.*
         from unnest($${n - 2}::timestamptz[], $${n - 1}::timestamptz[], $${n}::int[]) c(q, t, i)
         cross join lateral (
           select ${byStatus('1')} from processes where company_id = $1::uuid and created_at >= c.q and created_at < c.t
         ) p`,
      );
    }
    const rows = await readRows<Part>(
      db,
      `select kind as "kind", at as "at", runs as "runs", successful as "successful", failed as "failed",
              terminated as "terminated"
       from (${parts.join('\nunion all\n')}) r (kind, at, ${COUNT_NAMES.join(', ')})`,
      params,
    );
    const state = {
      first: rows.find((r) => r.kind === 'f')?.at ?? null,
      last: rows.find((r) => r.kind === 's')?.at ?? null,
    };
    if (readBuiltDays(db, reads, state)) return countsOf(reads, days, gaps, rows);
  }
}

/** Each boundary's runs from the statement's rows. */
function countsOf(reads: Before[], days: string[], gaps: ReturnType<typeof gapOf>[], rows: Part[]): Counts[] {
  const totals = new Map<number, Counts>();
  const gapRuns = new Map<number, Counts>();
  const cutRuns = new Map<number, Counts>();
  const log: Part[] = [];
  for (const r of rows) {
    if (r.kind === 't') totals.set(Number(r.at), r);
    else if (r.kind === 'g') gapRuns.set(Number(r.at), r);
    else if (r.kind === 'x') cutRuns.set(Number(r.at), r);
    else if (r.kind === 'l') log.push(r);
  }
  const logIn = (lo: number, hi: number) =>
    log.reduce((sum, r) => (Number(r.at) >= lo && Number(r.at) < hi ? plus(sum, r) : sum), ZERO);
  return reads.map((b, index) => {
    const i = index + 1;
    const gap = gaps[index];
    const quarter = Date.parse(b.quarter);
    // The settled part between the midnight and the quarter: kept counts less the log's changes there.
    const between = plus(gapRuns.get(i) ?? ZERO, logIn(msOf(gap.lo), msOf(gap.hi)), -1);
    let counts = plus(totals.get(days.indexOf(b.day) + 1) ?? ZERO, between, gap.sign);
    counts = plus(counts, logIn(-Infinity, quarter));
    return plus(counts, cutRuns.get(i) ?? ZERO);
  });
}
