import type { PeriodRange } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { beforeOf, noteBuiltDays, type Before } from './before';
import {
  liveParts,
  readSeries,
  seriesCountsAtOnce,
  seriesOf,
  settledParts,
  settledPeriod,
  type SeriesCounts,
  type SettledPeriod,
} from './series';
import { added } from './sums';

/*
 * A node's copy of the whole platform's settled runs per period and series (series.ts). The
 * settled part of a period changes only with a fold, which counts itself in the state's
 * `generation`: a node keeps the part per period for the generation it has, and a report then
 * reads the log's changes and the generation alone. The live rows and the copy are of one
 * generation, so their sum is the runs of the report's own snapshot, as if read in one statement.
 * After a fold, the copy moves forward by what the folds since took in (process_folded_changes,
 * a few rows) rather than by reading the period's totals again (a row per series).
 */

/** Periods kept per node (each a row per series): a few periods and zones in use at once. */
const KEPT_PERIODS = 8;
/** Periods of earlier generations kept to move forward (the folds keep a minute of changes). */
const EARLIER_KEPT = 16;

/** A period's runs per series: the settled part, and the changes since (signed, few). */
export interface PeriodSeries {
  settled: SettledPeriod;
  live: SeriesCounts[];
  /** The version of the companies' names read with the log's changes (null: not read). */
  names: number | null;
}

interface Earlier {
  gen: number;
  period: SettledPeriod;
}

/** A node's copy of what one generation's fold settled, per period. */
interface Copy {
  gen: number;
  periods: Map<string, Promise<SettledPeriod | null>>;
  /** Its periods once read. */
  read: Map<string, SettledPeriod>;
  /** The latest period this node had of each key in an earlier generation. */
  earlier: Map<string, Earlier>;
}
const copies = new WeakMap<DatabaseHandle, Copy>();

function copyOf(db: DatabaseHandle, gen: number): Copy {
  const kept = copies.get(db);
  if (kept && kept.gen === gen) return kept;
  const earlier = new Map(kept?.earlier);
  if (kept) for (const [key, period] of kept.read) earlier.set(key, { gen: kept.gen, period });
  // The least recently made go first (a Map keeps its insertion order).
  for (const key of [...earlier.keys()].slice(0, Math.max(0, earlier.size - EARLIER_KEPT))) earlier.delete(key);
  const copy: Copy = { gen, periods: new Map(), read: new Map(), earlier };
  // A request that read an older generation than the kept copy's gets a copy of its own.
  if (!kept || kept.gen < gen) copies.set(db, copy);
  return copy;
}

/** The period read in full: a row per series. */
async function readPeriod(db: DatabaseHandle, copy: Copy, to: Before, from: Before, previous: SettledPeriod | null) {
  const params: unknown[] = [];
  const rows = await readSeries(db, [...settledParts(to, 1, params), ...settledParts(from, -1, params)], params);
  return rows[0]?.gen === copy.gen ? settledPeriod(seriesOf(rows), previous) : null;
}

/**
 * The period moved forward from an earlier generation's by what the folds since took in, in the
 * period's quarters; undefined when those folds' changes are no longer all kept.
 */
async function advance(
  db: DatabaseHandle,
  copy: Copy,
  earlier: Earlier,
  to: Before,
  from: Before,
): Promise<SettledPeriod | null | undefined> {
  const params: unknown[] = [earlier.gen, from.quarter, to.quarter];
  const rows = await readSeries(
    db,
    [
      `select company_id, bot_id, bot_name, successful, failed, terminated from process_folded_changes
       where generation > $1 and quarter >= $2::timestamptz and quarter < $3::timestamptz`,
    ],
    params,
  );
  const state = rows[0];
  if (state?.gen !== copy.gen) return null;
  if (state.since === null || earlier.gen + 1 < state.since) return undefined;
  const changes = seriesOf(rows);
  // Nothing in the period's quarters: the same period, and what the reports derived from it.
  if (changes.length === 0) return earlier.period;
  const byKey = new Map(earlier.period.byKey);
  for (const change of changes) {
    const was = byKey.get(change.key);
    byKey.set(change.key, was ? added(was, change) : change);
  }
  return settledPeriod([...byKey.values()], earlier.period);
}

/**
 * The settled part of the period from `from` to `to` for the copy's generation, made once per
 * node (KEPT_PERIODS at most, the oldest dropped); null if a fold came first.
 */
function settledOf(db: DatabaseHandle, copy: Copy, to: Before, from: Before): Promise<SettledPeriod | null> {
  const key = `${to.quarter}|${from.quarter}`;
  const kept = copy.periods.get(key);
  if (kept) return kept;
  const earlier = copy.earlier.get(key);
  const made = (async () => {
    const moved = earlier ? await advance(db, copy, earlier, to, from) : undefined;
    const period = moved === undefined ? await readPeriod(db, copy, to, from, earlier?.period ?? null) : moved;
    if (period) copy.read.set(key, period);
    return period;
  })();
  copy.periods.set(key, made);
  made.then(
    (value) => value === null && copy.periods.delete(key),
    () => copy.periods.delete(key),
  );
  if (copy.periods.size > KEPT_PERIODS) copy.periods.delete(copy.periods.keys().next().value ?? '');
  return made;
}

/** The platform's runs of a period per series: what the last fold settled, and the log's changes since. */
export async function periodSeries(db: DatabaseHandle, range: PeriodRange): Promise<PeriodSeries> {
  const now = Date.now();
  const instants = [range.to.getTime(), range.from.getTime()];
  // Two tries (a fold between the live read and the settled one), then all in one statement.
  for (let attempt = 0; attempt < 2; attempt++) {
    const probe = instants.map((at) => beforeOf(at, null, now));
    const params: unknown[] = [];
    const live = await readSeries(db, [...liveParts(probe[0], 1, params), ...liveParts(probe[1], -1, params)], params);
    const gen = live[0]?.gen ?? null;
    if (gen === null) break;
    // The settled read is of this generation, whose built days these are.
    const built = noteBuiltDays(db, live[0]);
    const copy = copyOf(db, gen);
    const [to, from] = instants.map((at) => beforeOf(at, built, now));
    const settled = await settledOf(db, copy, to, from);
    if (settled) return { settled, live: seriesOf(live), names: live[0]?.names ?? null };
  }
  return { settled: settledPeriod(await seriesCountsAtOnce(db, range, null, now)), live: [], names: null };
}
