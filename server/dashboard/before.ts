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

/**
 * The totals' midnight nearest to an instant's quarter: its own UTC midnight or the next (a built
 * one, a day inside the kept range so that a fold dropping the oldest meanwhile cannot take it),
 * or every run less those from the quarter on. `lastDay` is the last midnight built (null: none
 * known, so 'infinity', which is always right).
 */
export function beforeOf(at: number, lastDay: number | null, now: number): Before {
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

/**
 * The last built midnight as this node last read it: a report chooses its days from it and reads
 * the real one in the same statement. The folds build a midnight a day, so the value a node holds
 * is seldom out of date.
 */
const lastDays = new WeakMap<DatabaseHandle, number | null>();

/**
 * The last built midnight to choose a read's days from (read once per node); null (every run,
 * always right) after two wrong guesses.
 */
export async function assumedLastDay(db: DatabaseHandle, attempt: number): Promise<number | null> {
  if (attempt >= 2) return null;
  const known = lastDays.get(db);
  if (known !== undefined) return known;
  const [state] = await rowsOf<{ last: number | null }>(
    db,
    `select (extract(epoch from last_day) * 1000)::float8 as "last" from process_totals_state where id = 1`,
    [],
  );
  return state?.last ?? null;
}

/**
 * Whether a read that chose its days from `assumed` read built days only, now that the statement
 * said the last built midnight is `last` (kept for the next read). A day chosen is at most
 * `assumed` and at least TOTALS_DAYS − 1 days before it; a fold drops days more than TOTALS_DAYS
 * before the last, so one midnight built meanwhile leaves every chosen day in place.
 */
export function readBuiltDays(db: DatabaseHandle, assumed: number | null, last: number | null): boolean {
  lastDays.set(db, last);
  return assumed === null || (last !== null && last >= assumed && last - assumed <= DAY_MS);
}
