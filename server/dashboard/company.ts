import type { DatabaseHandle } from '../db/client';
import { beforeWithCopy, type SplitCounts } from './boundaries';
import { COUNT_NAMES, plus, ZERO, type Counts } from './counts';
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
 * and bot. All but the log's changes before the quarters and the cut runs is settled (it changes
 * only with a fold): the node keeps it per generation (boundaries.ts).
 */

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
 * A row of the statement: what kind (the fold's `G`eneration, the `f`irst and la`s`t built days,
 * `t`otals, `g`ap, `l`og, `x` cut runs), of which.
 */
interface Part extends Counts {
  kind: 'G' | 'f' | 's' | 't' | 'g' | 'l' | 'x';
  /** The boundary's or day's number (from 1), the log row's quarter or the built day (epoch ms). */
  at: number | null;
}

const array = (values: (string | number)[]) => `{${values.join(',')}}`;
/** An instant of a read (a midnight may be 'infinity') in epoch ms. */
const msOf = (at: string) => (at === 'infinity' ? Infinity : Date.parse(at));

export async function companyBefore(db: DatabaseHandle, companyId: string, instants: number[]): Promise<Counts[]> {
  const now = Date.now();
  for (let attempt = 0; ; attempt++) {
    const assumed = await assumedDays(db, attempt);
    const reads = instants.map((at) => beforeOf(at, assumed, now));
    let built = true;
    const full = async (): Promise<SplitCounts> => {
      const rows = await companyRows(db, companyId, reads);
      built = readBuiltDays(db, reads, {
        first: rows.find((r) => r.kind === 'f')?.at ?? null,
        last: rows.find((r) => r.kind === 's')?.at ?? null,
      });
      return built ? splitOf(reads, rows) : { gen: null, settled: [], live: [] };
    };
    const counts = await beforeWithCopy(
      db,
      `company|${companyId}|${reads.map((b) => `${b.day}/${b.quarter}`).join(',')}`,
      companyId,
      instants,
      full,
    );
    if (built) return counts;
  }
}

/** The statement's rows for the boundaries `reads`. */
function companyRows(db: DatabaseHandle, companyId: string, reads: Before[]): Promise<readonly Part[]> {
  const days = [...new Set(reads.map((b) => b.day))];
  const gaps = reads.map(gapOf);
  const params: unknown[] = [companyId, array(days)];
  const parts = [
    `select k.kind, case k.kind when 'f' then d.first when 's' then d.last else d.gen end, 0, 0, 0, 0
       from (select ${BUILT_DAYS}, generation::float8 as gen from process_totals_state where id = 1) d
       cross join (values ('G'), ('f'), ('s')) k (kind)`,
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
  return readRows<Part>(
    db,
    `select kind as "kind", at as "at", runs as "runs", successful as "successful", failed as "failed",
            terminated as "terminated"
     from (${parts.join('\nunion all\n')}) r (kind, at, ${COUNT_NAMES.join(', ')})`,
    params,
  );
}

/**
 * Each boundary's runs from the statement's rows: settled, the totals and the kept counts between
 * the midnight and the quarter less the log's changes there; live, the log's changes before the
 * quarter and the runs of a quarter it cuts.
 */
function splitOf(reads: Before[], rows: readonly Part[]): SplitCounts {
  const days = [...new Set(reads.map((b) => b.day))];
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
  const settled = reads.map((b, index) => {
    const gap = gapOf(b);
    const between = plus(gapRuns.get(index + 1) ?? ZERO, logIn(msOf(gap.lo), msOf(gap.hi)), -1);
    return plus(totals.get(days.indexOf(b.day) + 1) ?? ZERO, between, gap.sign);
  });
  const live = reads.map((b, index) => plus(logIn(-Infinity, Date.parse(b.quarter)), cutRuns.get(index + 1) ?? ZERO));
  return { gen: rows.find((r) => r.kind === 'G')?.at ?? null, settled, live };
}
