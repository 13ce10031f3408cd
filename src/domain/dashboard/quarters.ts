import { localEpoch, offsetAt, zoneFormatter } from '../schedule/zone';
import { parseLocalDate, type PeriodRange } from './period';

/** The kept counts' unit: a quarter of an hour, from a whole UTC hour. */
export const QUARTER_MS = 900_000;

/**
 * How a report reads a period from the kept counts, which are per quarter of an hour: the whole
 * quarters lying inside one of its buckets are summed from the counts; a quarter that a boundary
 * cuts (the period's start or end, or a bucket's) is counted run by run from the runs
 * themselves. Every zone in use today is a whole number of quarters from UTC (India's +05:30,
 * Nepal's +05:45), so a cut quarter only comes from an offset of the past (Liberia's −00:44:30
 * until 1972), and every zone's local days and hours are counted exactly.
 */
export interface QuarterSplit {
  /** First whole quarter of the period (the first quarter start at or after its start). */
  wholeFrom: Date;
  /** End of its last whole quarter (the last quarter start at or before its end). */
  wholeTo: Date;
  /** Starts of the quarters cut by a boundary, first to last; empty in today's zones. */
  split: Date[];
}

const HOUR = 3_600_000;
const floorQuarter = (ms: number) => Math.floor(ms / QUARTER_MS) * QUARTER_MS;

/**
 * The boundaries a report needs: the period's ends alone (totals), or every bucket's too (the
 * line graph: local midnights of a multi-day period, local hour starts of one day).
 */
/**
 * Where each local day of a period starts, and where the last one ends: `days.length + 1`
 * instants, first to last (the line graph's day buckets lie between consecutive ones).
 */
export function dayStarts(range: PeriodRange, timeZone: string): number[] {
  const dtf = zoneFormatter(timeZone);
  const midnights = range.days.slice(1).map((day) => localEpoch(parseLocalDate(day) ?? 0, 0, dtf));
  return [range.from.getTime(), ...midnights, range.to.getTime()];
}

function boundaries(range: PeriodRange, timeZone: string, buckets: boolean): number[] {
  const ends = [range.from.getTime(), range.to.getTime()];
  if (!buckets) return ends;
  if (range.bucket === 'day') return dayStarts(range, timeZone);
  const dtf = zoneFormatter(timeZone);
  // One local day: a local hour starts within each UTC hour, where the local clock is at :00.
  const starts: number[] = [];
  for (let h = Math.floor(ends[0] / HOUR) * HOUR; h < ends[1]; h += HOUR) {
    const intoHour = (((h + offsetAt(h, dtf)) % HOUR) + HOUR) % HOUR;
    starts.push(intoHour === 0 ? h : h + HOUR - intoHour);
  }
  return [...ends, ...starts];
}

export function quarterSplit(range: PeriodRange, timeZone: string, buckets: boolean): QuarterSplit {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const split = new Set<number>();
  for (const at of boundaries(range, timeZone, buckets)) if (at % QUARTER_MS !== 0) split.add(floorQuarter(at));
  return {
    wholeFrom: new Date(Math.ceil(from / QUARTER_MS) * QUARTER_MS),
    wholeTo: new Date(floorQuarter(to)),
    split: [...split].sort((a, b) => a - b).map((ms) => new Date(ms)),
  };
}
