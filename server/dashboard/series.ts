import { QUARTER_MS, type OutcomeCounts, type PeriodRange } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { NO_ID, TOTALS_DAYS } from './totals';

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

const DAY_MS = 86_400_000;
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

/** How the runs created before one instant are read. */
interface Before {
  /** The series totals' midnight read, or 'infinity' (every run). */
  day: string;
  /** The instant's quarter. */
  quarter: string;
  /** The instant (later than `quarter` only when it cuts one). */
  at: string;
}

/**
 * The totals' midnight nearest to an instant's quarter: its own UTC midnight or the next (a built
 * one, a day inside the kept range so that a fold dropping the oldest meanwhile cannot take it),
 * or every run less those from the quarter on.
 */
function beforeOf(at: number, lastDay: number | null, now: number): Before {
  const quarter = Math.floor(at / QUARTER_MS) * QUARTER_MS;
  const midnight = Math.floor(quarter / DAY_MS) * DAY_MS;
  const candidates: { day: string; cost: number }[] = [{ day: 'infinity', cost: Math.max(0, now - quarter) }];
  if (lastDay !== null) {
    const firstDay = lastDay - (TOTALS_DAYS - 1) * DAY_MS;
    for (const day of [midnight, midnight + DAY_MS])
      if (day >= firstDay && day <= lastDay)
        candidates.push({ day: new Date(day).toISOString(), cost: Math.abs(quarter - day) });
  }
  candidates.sort((a, b) => a.cost - b.cost);
  return { day: candidates[0].day, quarter: new Date(quarter).toISOString(), at: new Date(at).toISOString() };
}

const COUNTS = ['successful', 'failed', 'terminated'] as const;
const signed = (sign: number) => COUNTS.map((c) => `${sign} * ${c}`).join(', ');
/** Outcome counts of kept quarter counts or runs (`n` runs of `status` each). */
const outcomes = (n: string) =>
  `case when status = 2 then ${n} else 0 end, case when status = 3 then ${n} else 0 end,
   case when status in (4, 5) then ${n} else 0 end`;
const KEY = (bot: string) => `company_id, ${bot}, bot_name`;

/** Rows `(company_id, bot_id, bot_name, successful, failed, terminated)`: the settled part before `b`, times `sign`. */
function settledParts(b: Before, sign: number, params: unknown[]): string[] {
  const at = (value: unknown) => `$${params.push(value)}::timestamptz`;
  const day = at(b.day);
  const parts = [`select ${KEY('bot_id')}, ${signed(sign)} from process_series_totals where day = ${day}`];
  if (b.day === b.quarter) return parts;
  // Between the midnight and the quarter: the kept counts (added when the midnight is before the
  // quarter, taken away when after), less the changes among them that the last fold had not seen.
  const later = b.day === 'infinity' || Date.parse(b.day) > Date.parse(b.quarter);
  const quarter = at(b.quarter);
  const [lo, hi, s] = later ? [quarter, day, -sign] : [day, quarter, sign];
  parts.push(
    `select ${KEY(`coalesce(bot_id, '${NO_ID}')`)}, ${outcomes(`${s} * runs`)}
     from process_quarter_counts where quarter >= ${lo} and quarter < ${hi}`,
    `select ${KEY('bot_id')}, ${signed(-s)} from process_count_changes where quarter >= ${lo} and quarter < ${hi}`,
  );
  return parts;
}

/** Rows as settledParts': the live part before `b` (the log's changes, a cut quarter's runs), times `sign`. */
function liveParts(b: Before, sign: number, params: unknown[]): string[] {
  const at = (value: unknown) => `$${params.push(value)}::timestamptz`;
  const quarter = at(b.quarter);
  const parts = [`select ${KEY('bot_id')}, ${signed(sign)} from process_count_changes where quarter < ${quarter}`];
  if (b.at !== b.quarter)
    parts.push(
      `select ${KEY(`coalesce(bot_id, '${NO_ID}')`)}, ${outcomes(`${sign}`)}
       from processes where created_at >= ${quarter} and created_at < ${at(b.at)}`,
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
    const copy = copyOf(db, gen);
    const [to, from] = instants.map((at) => beforeOf(at, last, now));
    const settled = await settledOf(db, copy, to, from);
    if (settled) return { settled, live: seriesOf(live) };
  }
  return { settled: settledPeriod(await seriesCountsAtOnce(db, range, now)), live: [] };
}

/** A period's runs per series in one statement, without the node's copy: when folds keep overtaking the reads. */
export async function seriesCountsAtOnce(db: DatabaseHandle, range: PeriodRange, now = Date.now()) {
  const instants = [range.to.getTime(), range.from.getTime()];
  const [state] = await rowsOf<{ last: number | null }>(
    db,
    `select (extract(epoch from last_day) * 1000)::float8 as "last" from process_totals_state where id = 1`,
    [],
  );
  const [to, from] = instants.map((at) => beforeOf(at, state?.last ?? null, now));
  const params: unknown[] = [];
  const rows = await readSeries(
    db,
    [
      ...settledParts(to, 1, params),
      ...liveParts(to, 1, params),
      ...settledParts(from, -1, params),
      ...liveParts(from, -1, params),
    ],
    params,
  );
  return seriesOf(rows);
}
