import type { OutcomeCounts, PeriodRange } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { assumedLastDay, beforeOf, readBuiltDays, type Before } from './before';
import { NO_ID } from './totals';

/*
 * The whole platform's runs of a period per series (company, bot, bot name), from the running
 * totals (server/dashboard/totals.ts). The runs created before an instant are
 * - settled: what the totals said at the last fold, read at the instant's quarter q: the series
 *   totals of the nearest midnight D, and between D and q the kept quarter counts less the log's
 *   changes (those came after the fold);
 * - live: the log's changes before q (every change since the last fold), and the runs of the
 *   quarter when the instant cuts it (only offsets of the past).
 * The settled part of a period (before its end less before its start) changes only with a fold,
 * which counts itself in the state's `generation`: a node keeps it per period for the generation
 * it read it at, and a report then reads the log and the generation alone. The live rows and the
 * copy are of one generation, so the sum is the runs of the report's own snapshot, as if read in
 * one statement.
 */

/** Periods kept per node (each a row per series): a few periods and zones in use at once. */
const KEPT_PERIODS = 8;

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

/** A period's runs per series: the settled part, and the changes since (signed, few). */
export interface PeriodSeries {
  settled: SettledPeriod;
  live: SeriesCounts[];
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
function settledParts(b: Before, sign: number, params: unknown[], filter = ''): string[] {
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
function liveParts(b: Before, sign: number, params: unknown[], filter = ''): string[] {
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

interface StateRow extends Partial<Omit<SeriesCounts, 'key'>> {
  gen: number | null;
  last: number | null;
}

/** The rows of `parts` summed per series, each row with the fold state read in the same statement. */
function readSeries(db: DatabaseHandle, parts: string[], params: unknown[]): Promise<StateRow[]> {
  return rowsOf<StateRow>(
    db,
    `with st as (
       select generation::float8 as gen, (extract(epoch from last_day) * 1000)::float8 as last
       from process_totals_state where id = 1
     )
     select st.gen as "gen", st.last as "last", r.company_id::text as "companyId",
            nullif(r.bot_id, '${NO_ID}')::text as "botId", r.bot_name as "botName",
            ${COUNTS.map((c) => `sum(r.${c})::int as "${c}"`).join(', ')}
     from st left join (${parts.join('\nunion all\n')}) r (company_id, bot_id, bot_name, ${COUNTS.join(', ')}) on true
     group by st.gen, st.last, r.company_id, r.bot_id, r.bot_name`,
    params,
  );
}

/** The series rows of a read (not the state-only row of an empty one), keyed. */
function seriesOf(rows: StateRow[]): SeriesCounts[] {
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
function settledPeriod(series: SeriesCounts[], previous: SettledPeriod | null = null): SettledPeriod {
  const rows = series.filter((r) => r.successful !== 0 || r.failed !== 0 || r.terminated !== 0);
  // Only the one before is kept: what a report derived from it may serve the next.
  if (previous) previous.previous = null;
  return { rows, byKey: new Map(rows.map((r) => [r.key, r])), previous };
}

/** A node's copy of what one generation's fold settled, per period. */
interface Copy {
  gen: number;
  periods: Map<string, Promise<SettledPeriod | null>>;
  /** Its periods once read. */
  read: Map<string, SettledPeriod>;
  /** What the copy of the generation before had read, when this node kept one. */
  before: Map<string, SettledPeriod>;
}
const copies = new WeakMap<DatabaseHandle, Copy>();

function copyOf(db: DatabaseHandle, gen: number): Copy {
  const kept = copies.get(db);
  if (kept && kept.gen === gen) return kept;
  const copy: Copy = { gen, periods: new Map(), read: new Map(), before: kept?.read ?? new Map() };
  // A request that read an older generation than the kept copy's gets a copy of its own.
  if (!kept || kept.gen < gen) copies.set(db, copy);
  return copy;
}

/**
 * The settled part of the period from `from` to `to` for the copy's generation, read once per
 * node (KEPT_PERIODS at most, the oldest dropped); null if a fold came first.
 */
function settledOf(db: DatabaseHandle, copy: Copy, to: Before, from: Before): Promise<SettledPeriod | null> {
  const key = `${to.quarter}|${from.quarter}`;
  const kept = copy.periods.get(key);
  if (kept) return kept;
  const params: unknown[] = [];
  const made = readSeries(db, [...settledParts(to, 1, params), ...settledParts(from, -1, params)], params).then(
    (rows) => {
      if (rows[0]?.gen !== copy.gen) return null;
      const period = settledPeriod(seriesOf(rows), copy.before.get(key) ?? null);
      copy.read.set(key, period);
      return period;
    },
  );
  copy.periods.set(key, made);
  made.then(
    (value) => value === null && copy.periods.delete(key),
    () => copy.periods.delete(key),
  );
  if (copy.periods.size > KEPT_PERIODS) copy.periods.delete(copy.periods.keys().next().value ?? '');
  return made;
}

/** The runs of a period per series: what the last fold settled, and the log's changes since. */
export async function periodSeries(db: DatabaseHandle, range: PeriodRange): Promise<PeriodSeries> {
  const now = Date.now();
  const instants = [range.to.getTime(), range.from.getTime()];
  // Two tries (a fold between the live read and the settled one), then all in one statement.
  for (let attempt = 0; attempt < 2; attempt++) {
    const probe = instants.map((at) => beforeOf(at, null, now));
    const params: unknown[] = [];
    const live = await readSeries(db, [...liveParts(probe[0], 1, params), ...liveParts(probe[1], -1, params)], params);
    const { gen, last } = live[0] ?? { gen: null, last: null };
    if (gen === null) break;
    readBuiltDays(db, null, last);
    const copy = copyOf(db, gen);
    const [to, from] = instants.map((at) => beforeOf(at, last, now));
    const settled = await settledOf(db, copy, to, from);
    if (settled) return { settled, live: seriesOf(live) };
  }
  return { settled: settledPeriod(await seriesCountsAtOnce(db, range, null, now)), live: [] };
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
    const assumed = await assumedLastDay(db, attempt);
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
    if (readBuiltDays(db, assumed, rows[0]?.last ?? null)) return seriesOf(rows);
  }
}
