import { QUARTER_MS } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';

/*
 * How a report reads the runs created before one instant from the running totals
 * (server/dashboard/totals.ts): the series totals of a built UTC midnight near the instant's
 * quarter (or of 'infinity', every run), corrected by the kept quarter counts between that
 * midnight and the quarter, plus the runs of the quarter when the instant cuts it.
 */

export const DAY_MS = 86_400_000;

/**
 * The series totals' days: a year of custom periods and more; an older boundary reads the total
 * of all runs instead.
 */
export const TOTALS_DAYS = 400;

/** How the runs created before one instant are read. */
export interface Before {
  /** The series totals' midnight read, or 'infinity' (every run). */
  day: string;
  /** The instant's quarter. */
  quarter: string;
  /** The instant (later than `quarter` only when it cuts one). */
  at: string;
}

/** The midnights whose series totals are built: every one from `first` to `last` (epoch ms). */
export interface BuiltDays {
  first: number;
  last: number;
}

/** The built days a statement read from the fold's state (epoch ms, null before any build). */
export interface DaysRow {
  first: number | null;
  last: number | null;
}

export const builtDaysOf = (row: DaysRow | undefined): BuiltDays | null =>
  row?.first === null || row?.first === undefined || row.last === null || row.last === undefined
    ? null
    : { first: row.first, last: row.last };

/**
 * The totals' midnight nearest to an instant's quarter: its own UTC midnight or the next, if
 * built, or every run less those from the quarter on.
 */
export function beforeOf(at: number, built: BuiltDays | null, now: number): Before {
  const quarter = Math.floor(at / QUARTER_MS) * QUARTER_MS;
  const midnight = Math.floor(quarter / DAY_MS) * DAY_MS;
  const candidates: { day: string; cost: number }[] = [{ day: 'infinity', cost: Math.max(0, now - quarter) }];
  if (built !== null)
    for (const day of [midnight, midnight + DAY_MS])
      if (day >= built.first && day <= built.last)
        candidates.push({ day: new Date(day).toISOString(), cost: Math.abs(quarter - day) });
  candidates.sort((a, b) => a.cost - b.cost);
  return { day: candidates[0].day, quarter: new Date(quarter).toISOString(), at: new Date(at).toISOString() };
}

/**
 * The built days as this node last read them: a report chooses its midnights from them and reads
 * the real ones in the same statement. The folds build a midnight a day, so what a node holds is
 * seldom out of date.
 */
const builtDays = new WeakMap<DatabaseHandle, BuiltDays | null>();

/** Reads the built days of the fold's state, as columns `first` and `last`. */
export const BUILT_DAYS = `(extract(epoch from first_day) * 1000)::float8 as first, (extract(epoch from last_day) * 1000)::float8 as last`;

/**
 * The built days to choose a read's midnights from (read once per node); null (every run, always
 * right) after two reads that chose midnights not built.
 */
export async function assumedDays(db: DatabaseHandle, attempt: number): Promise<BuiltDays | null> {
  if (attempt >= 2) return null;
  const known = builtDays.get(db);
  if (known !== undefined) return known;
  const [state] = await rowsOf<DaysRow>(
    db,
    `select d.first as "first", d.last as "last" from (select ${BUILT_DAYS} from process_totals_state where id = 1) d`,
    [],
  );
  return builtDaysOf(state);
}

/** Keeps the built days a statement read from the fold's state for the node's next reads. */
export function noteBuiltDays(db: DatabaseHandle, row: DaysRow | undefined): BuiltDays | null {
  const built = builtDaysOf(row);
  builtDays.set(db, built);
  return built;
}

/**
 * Whether every midnight `reads` chose is among the built days `row` (the fold's state in the
 * read's own statement) says, which the node keeps for its next reads.
 */
export function readBuiltDays(db: DatabaseHandle, reads: Before[], row: DaysRow | undefined): boolean {
  const built = noteBuiltDays(db, row);
  return reads.every((b) => {
    if (b.day === 'infinity') return true;
    const day = Date.parse(b.day);
    return built !== null && day >= built.first && day <= built.last;
  });
}
