import type { OutcomeCounts, PeriodRange } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { readRows } from './read';
import { assumedDays, beforeOf, BUILT_DAYS, readBuiltDays, type Before } from './before';
import { NO_ID } from './foldSql';

/*
 * The runs of a period per series (company, bot, bot name), from the running totals
 * (server/dashboard/totals.ts). The runs created before an instant are
 * - settled: what the totals said at the last fold, read at the instant's quarter q: the series
 *   totals of the nearest midnight D, and between D and q the kept quarter counts less the log's
 *   changes (those came after the fold);
 * - live: the log's changes before q (every change since the last fold), and the runs of the
 *   quarter when the instant cuts it (only offsets of the past).
 * A fold moves changes from the live part to the settled part: their sum, the runs before the
 * instant, is the same. settled.ts keeps a node's copy of the platform's settled part.
 */

export interface SeriesCounts extends OutcomeCounts {
  /** companyId|botId|botName: the series' key. */
  key: string;
  companyId: string;
  botId: string | null;
  botName: string;
}

/**
 * The period's runs per series as the last fold settled them: one object per generation and
 * period on a node, which the reports may key what they derive from (never changed once made).
 */
export interface SettledPeriod {
  rows: readonly SeriesCounts[];
  byKey: ReadonlyMap<string, SeriesCounts>;
  /** The same period as the fold before settled it, if this node read it then. */
  previous: SettledPeriod | null;
}

const COUNTS = ['successful', 'failed', 'terminated'] as const;
const signed = (sign: number) => COUNTS.map((c) => `${sign} * ${c}`).join(', ');
/** Outcome counts of kept quarter counts or runs (`n` runs of `status` each). */
const outcomes = (n: string) =>
  `case when status = 2 then ${n} else 0 end, case when status = 3 then ${n} else 0 end,
   case when status in (4, 5) then ${n} else 0 end`;
const KEY = (bot: string) => `company_id, ${bot}, bot_name`;

/**
 * Which series a read takes: `and company_id = $n` for one company's, empty for every company's
 * (its parameter pushed once, shared by every part).
 */
export const companyFilter = (companyId: string | null, params: unknown[]) =>
  companyId === null ? '' : ` and company_id = $${params.push(companyId)}::uuid`;

/** Rows `(company_id, bot_id, bot_name, successful, failed, terminated)`: the settled part before `b`, times `sign`. */
export function settledParts(b: Before, sign: number, params: unknown[], filter = ''): string[] {
  const at = (value: unknown) => `$${params.push(value)}::timestamptz`;
  const day = at(b.day);
  const parts = [`select ${KEY('bot_id')}, ${signed(sign)} from process_series_totals where day = ${day}${filter}`];
  if (b.day === b.quarter) return parts;
  // Between the midnight and the quarter: the kept counts (added when the midnight is before the
  // quarter, taken away when after), less the changes among them that the last fold had not seen.
  const later = b.day === 'infinity' || Date.parse(b.day) > Date.parse(b.quarter);
  const quarter = at(b.quarter);
  const [lo, hi, s] = later ? [quarter, day, -sign] : [day, quarter, sign];
  parts.push(
    `select ${KEY(`coalesce(bot_id, '${NO_ID}')`)}, ${outcomes(`${s} * runs`)}
     from process_quarter_counts where quarter >= ${lo} and quarter < ${hi}${filter}`,
    `select ${KEY('bot_id')}, ${signed(-s)} from process_count_changes where quarter >= ${lo} and quarter < ${hi}${filter}`,
  );
  return parts;
}

/** Rows as settledParts': the live part before `b` (the log's changes, a cut quarter's runs), times `sign`. */
export function liveParts(b: Before, sign: number, params: unknown[], filter = ''): string[] {
  const at = (value: unknown) => `$${params.push(value)}::timestamptz`;
  const quarter = at(b.quarter);
  const parts = [
    `select ${KEY('bot_id')}, ${signed(sign)} from process_count_changes where quarter < ${quarter}${filter}`,
  ];
  if (b.at !== b.quarter)
    parts.push(
      `select ${KEY(`coalesce(bot_id, '${NO_ID}')`)}, ${outcomes(`${sign}`)}
       from processes where created_at >= ${quarter} and created_at < ${at(b.at)}${filter}`,
    );
  return parts;
}

export interface StateRow extends Partial<Omit<SeriesCounts, 'key'>> {
  gen: number | null;
  /** The built days (epoch ms). */
  first: number | null;
  last: number | null;
  /** The first fold whose changes are still kept (process_folded_changes). */
  since: number | null;
  /** The version of the companies' names (company_names_version). */
  names: number | null;
}

/** The statement that sums the rows of `parts` per series, each row with the fold state. */
const seriesText = (parts: string[]) =>
  `with st as (
     select generation::float8 as gen, ${BUILT_DAYS}, folded_since::float8 as since,
            (select version::float8 from company_names_version where id = 1) as names
     from process_totals_state where id = 1
   )
   select st.gen as "gen", st.first as "first", st.last as "last", st.since as "since", st.names as "names",
          r.company_id::text as "companyId", nullif(r.bot_id, '${NO_ID}')::text as "botId", r.bot_name as "botName",
          ${COUNTS.map((c) => `sum(r.${c})::int as "${c}"`).join(', ')}
   from st left join (${parts.join('\nunion all\n')}) r (company_id, bot_id, bot_name, ${COUNTS.join(', ')}) on true
   group by st.gen, st.first, st.last, st.since, st.names, r.company_id, r.bot_id, r.bot_name`;

/** The rows of `parts` summed per series, each row with the fold state read in the same statement. */
export const readSeries = (db: DatabaseHandle, parts: string[], params: unknown[]): Promise<readonly StateRow[]> =>
  readRows<StateRow>(db, seriesText(parts), params);

/** The series rows of a read (not the state-only row of an empty one), keyed. */
export function seriesOf(rows: readonly StateRow[]): SeriesCounts[] {
  const found: SeriesCounts[] = [];
  for (const r of rows)
    if (typeof r.companyId === 'string' && typeof r.botName === 'string')
      found.push({
        key: `${r.companyId}|${r.botId ?? ''}|${r.botName}`,
        companyId: r.companyId,
        botId: r.botId ?? null,
        botName: r.botName,
        successful: r.successful ?? 0,
        failed: r.failed ?? 0,
        terminated: r.terminated ?? 0,
      });
  return found;
}

/** A settled period of per-series rows, the series with any count only. */
export function settledPeriod(series: SeriesCounts[], previous: SettledPeriod | null = null): SettledPeriod {
  const rows = series.filter((r) => r.successful !== 0 || r.failed !== 0 || r.terminated !== 0);
  // Only the one before is kept: what a report derived from it may serve the next.
  if (previous) previous.previous = null;
  return { rows, byKey: new Map(rows.map((r) => [r.key, r])), previous };
}

/**
 * A period's runs per series in one statement, without the node's copy: one company's (a few rows
 * per series), or every company's when folds keep overtaking the reads.
 */
export async function seriesCountsAtOnce(
  db: DatabaseHandle,
  range: PeriodRange,
  companyId: string | null = null,
  now = Date.now(),
): Promise<SeriesCounts[]> {
  const instants = [range.to.getTime(), range.from.getTime()];
  for (let attempt = 0; ; attempt++) {
    const assumed = await assumedDays(db, attempt);
    const [to, from] = instants.map((at) => beforeOf(at, assumed, now));
    const params: unknown[] = [];
    const filter = companyFilter(companyId, params);
    const rows = await readSeries(
      db,
      [
        ...settledParts(to, 1, params, filter),
        ...liveParts(to, 1, params, filter),
        ...settledParts(from, -1, params, filter),
        ...liveParts(from, -1, params, filter),
      ],
      params,
    );
    if (readBuiltDays(db, [to, from], rows[0])) return seriesOf(rows);
  }
}
