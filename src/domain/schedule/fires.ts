/**
 * When a schedule fires. minutely and hourly count elapsed time from the start; daily, weekly
 * and monthly fire at a wall-clock time in the schedule's zone, each local date and time read
 * by the compatible rule (see `zone.ts`). Start and end dates bound the fires, both inclusive.
 */
import type { ScheduleDuration } from './duration';
import { calendarOf } from './calendar';
import { MINUTE, localEpoch, localParts, parseLocal, parseTime, zoneFormatter, isTimeZone } from './zone';

const HOUR = 60 * MINUTE;

/** At most this many fires per call, and dates looked at: a bounded walk whatever the input. */
const FIRES_MAX = 100_000;
const DATES_MAX = 100_000;

interface Bounds {
  dtf: Intl.DateTimeFormat;
  start: number;
  end: number;
}

function boundsOf(d: ScheduleDuration): Bounds | undefined {
  if (!d || typeof d !== 'object' || !isTimeZone(d.timezone)) return undefined;
  const dtf = zoneFormatter(d.timezone);
  const start = parseLocal(d.startDate);
  if (!start) return undefined;
  let end = Infinity;
  if (d.endDate !== undefined && d.endDate !== null && d.endDate !== '') {
    const parsed = parseLocal(d.endDate);
    if (!parsed) return undefined;
    end = localEpoch(parsed.dn, parsed.minutes, dtf);
  }
  return { dtf, start: localEpoch(start.dn, start.minutes, dtf), end };
}

/** The elapsed step of a minutely or hourly schedule, or undefined. */
function stepOf(d: ScheduleDuration): number | undefined {
  const every = d.every;
  if (typeof every !== 'number' || !Number.isInteger(every)) return undefined;
  if (d.frequency === 'minutely') return every >= 1 && every <= 59 ? every * MINUTE : undefined;
  if (d.frequency === 'hourly') return every >= 1 && every <= 23 ? every * HOUR : undefined;
  return undefined;
}

/**
 * The fires in [lower, upper] (instants in ms, both inclusive), at most `count`, ascending.
 * A duration that is not valid has no fires; `count` above FIRES_MAX counts as FIRES_MAX.
 */
function collect(d: ScheduleDuration, lower: number, upper: number, count: number): number[] {
  const out: number[] = [];
  const limit = Math.min(Math.floor(count), FIRES_MAX);
  if (!(limit > 0) || Number.isNaN(lower) || Number.isNaN(upper)) return out;
  const bounds = boundsOf(d);
  if (!bounds) return out;
  const from = Math.max(lower, bounds.start);
  const to = Math.min(upper, bounds.end);
  if (from > to) return out;

  if (d.frequency === 'minutely' || d.frequency === 'hourly') {
    const step = stepOf(d);
    if (step === undefined) return out;
    // The first k with start + k × step ≥ from, by division: as fast a year ahead as a minute.
    for (
      let t = bounds.start + Math.ceil((from - bounds.start) / step) * step;
      t <= to && out.length < limit;
      t += step
    )
      out.push(t);
    return out;
  }

  const minutes = parseTime(d.time);
  const nextDate = calendarOf(d);
  if (minutes === undefined || !nextDate) return out;
  // Start a local day early: a time a clock change skips late in the evening lands on the next
  // local day. A date that does not exist at all (a zone that skipped a day) lands on the same
  // instant as the next one, which fires once.
  let dn: number | undefined = localParts(from, bounds.dtf).dn - 1;
  let last = -Infinity;
  for (let seen = 0; seen < DATES_MAX && out.length < limit; seen++) {
    dn = nextDate(dn);
    if (dn === undefined) break;
    const t = localEpoch(dn, minutes, bounds.dtf);
    if (t > to) break;
    if (t >= from && t > last) out.push((last = t));
    dn += 1;
  }
  return out;
}

const toDate = (ms: number) => new Date(ms);
const epochOf = (value: Date): number => (value instanceof Date ? value.getTime() : NaN);

/** The next `count` fires at or after `from`; fewer when the end date comes first. */
export const nextFires = (d: ScheduleDuration, from: Date, count: number): Date[] =>
  collect(d, epochOf(from), Infinity, count).map(toDate);

/** The first fire at or after `from`, or undefined when none comes. */
export function nextFire(d: ScheduleDuration, from: Date): Date | undefined {
  const [first] = collect(d, epochOf(from), Infinity, 1);
  return first === undefined ? undefined : new Date(first);
}

/** The fires in [from, to), at most `cap`: the scheduler counts the slots it missed with it. */
export const firesBetween = (d: ScheduleDuration, from: Date, to: Date, cap: number): Date[] =>
  collect(d, epochOf(from), epochOf(to) - 1, cap).map(toDate);
