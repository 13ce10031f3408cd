import { localEpoch, localParts, zoneFormatter } from '../schedule/zone';
import { parseLocalDate, type PeriodRange } from './period';

const HOUR = 3_600_000;

/**
 * How a report reads a period from the kept counts, which are per UTC hour: the whole hours
 * lying inside one of its buckets are summed from the counts; an hour that a boundary cuts
 * (the period's start or end, or a bucket's, in a zone whose offset is not a whole number of
 * hours, such as Asia/Kolkata's +05:30 or Asia/Kathmandu's +05:45) is counted run by run from
 * the runs themselves. So every zone's local days and hours are counted exactly.
 */
export interface HourSplit {
  /** First whole hour of the period (the first hour start at or after its start). */
  wholeFrom: Date;
  /** End of its last whole hour (the last hour start at or before its end). */
  wholeTo: Date;
  /** Starts of the UTC hours cut by a boundary, first to last; empty in a whole-hour zone. */
  split: Date[];
}

const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

/**
 * The boundaries a report needs: the period's ends alone (totals), or every bucket's too (the
 * line graph: local midnights of a multi-day period, local hour starts of one day).
 */
function boundaries(range: PeriodRange, timeZone: string, buckets: boolean): number[] {
  const ends = [range.from.getTime(), range.to.getTime()];
  if (!buckets) return ends;
  const dtf = zoneFormatter(timeZone);
  if (range.bucket === 'day') {
    const midnights = range.days.slice(1).map((day) => localEpoch(parseLocalDate(day) ?? 0, 0, dtf));
    return [...ends, ...midnights];
  }
  // One local day: a local hour starts inside a UTC hour when the local minute at its start is not 0.
  const cut: number[] = [];
  for (let h = floorHour(ends[0]); h < ends[1]; h += HOUR) if (localParts(h, dtf).minutes % 60 !== 0) cut.push(h + 1);
  return [...ends, ...cut];
}

export function hourSplit(range: PeriodRange, timeZone: string, buckets: boolean): HourSplit {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const split = new Set<number>();
  for (const at of boundaries(range, timeZone, buckets)) if (at % HOUR !== 0) split.add(floorHour(at));
  return {
    wholeFrom: new Date(Math.ceil(from / HOUR) * HOUR),
    wholeTo: new Date(floorHour(to)),
    split: [...split].sort((a, b) => a - b).map((ms) => new Date(ms)),
  };
}
