/**
 * Local wall-clock time in an IANA zone, with `Intl` only (the browser and the server both run it).
 *
 * A local date is handled as a day number (days since 1970-01-01) so stepping and week days are
 * plain arithmetic; only a UTC offset needs `Intl`, one formatter per zone, kept for reuse.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A local date and time in a zone; `m` is 1–12, `weekDay` 0 = Sunday … 6 = Saturday. */
export interface LocalTime {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  weekDay: number;
}

// Days from 1970-01-01 of a proleptic Gregorian date, and back (H. Hinnant's civil algorithms):
// arithmetic, so years 0–99 are not read as 1900–1999 the way Date.UTC reads them.
export function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilDate(dn: number): { y: number; m: number; d: number } {
  const z = dn + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** 0 = Sunday; 1970-01-01 was a Thursday. */
export const weekDayOf = (dn: number): number => (((dn + 4) % 7) + 7) % 7;

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (y: number, m: number): number => (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]);

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A real `YYYY-MM-DDTHH:mm` (no 30 February, no 25:00), as a day number and minutes of the day. */
export function parseLocal(value: unknown): { dn: number; minutes: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return undefined;
  const [y, m, d, hh, mm] = match.slice(1).map(Number);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m) || hh > 23 || mm > 59) return undefined;
  return { dn: dayNumber(y, m, d), minutes: hh * 60 + mm };
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes of the day of an `HH:mm` time, or undefined. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME_PATTERN.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

// One formatter per zone: building one costs far more than using it. `null` marks a zone the
// runtime refused, so a bad name is not retried on every call.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(timeZone: string): Intl.DateTimeFormat | undefined {
  let dtf = formatters.get(timeZone);
  if (dtf === undefined) {
    try {
      dtf = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      dtf = null;
    }
    formatters.set(timeZone, dtf);
  }
  return dtf ?? undefined;
}

/** A zone the runtime knows: a name of `Intl.supportedValuesOf('timeZone')`, 'UTC', or an alias. */
export const isTimeZone = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && formatterOf(value) !== undefined;

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  const dtf = formatterOf(timeZone);
  if (!dtf) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return dtf;
}

const FORMATTED = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

/** The zone's UTC offset at an instant to the second, read from `Intl` (no cache). */
function readOffset(seconds: number, dtf: Intl.DateTimeFormat): number {
  // `format` and one regular expression cost half of `formatToParts`; the parts remain the
  // fallback for a shape the pattern does not know (years before 1 AD carry an era).
  const match = FORMATTED.exec(dtf.format(seconds));
  let fields: number[];
  if (match) fields = match.slice(1).map(Number);
  else {
    const parts = new Map(dtf.formatToParts(seconds).map((p) => [p.type, Number(p.value)]));
    fields = ['month', 'day', 'year', 'hour', 'minute', 'second'].map(
      (t) => parts.get(t as Intl.DateTimeFormatPartTypes) ?? 0,
    );
  }
  const [mo, d, y, h, mi, s] = fields;
  return dayNumber(y, mo, d) * DAY + ((h * 60 + mi) * 60 + s) * 1000 - seconds;
}

const CACHED_MAX = 50_000;
// Per formatter, the offset at each UTC midnight read so far. No zone changes its offset and
// back within one day, so a day whose two midnights agree has that offset throughout (the
// same assumption `possibleInstants` makes); a day holding a change is read exactly. Adjacent
// days share their midnight, so walking day by day costs one `Intl` reading per new day.
const midnights = new WeakMap<Intl.DateTimeFormat, Map<number, number>>();

function midnightOffset(day: number, dtf: Intl.DateTimeFormat, cache: Map<number, number>): number {
  let offset = cache.get(day);
  if (offset === undefined) {
    if (cache.size >= CACHED_MAX) cache.clear();
    offset = readOffset(day * DAY, dtf);
    cache.set(day, offset);
  }
  return offset;
}

/** The zone's UTC offset at an instant, in milliseconds (local = UTC + offset). */
export function offsetAt(epochMs: number, dtf: Intl.DateTimeFormat): number {
  let cache = midnights.get(dtf);
  if (!cache) midnights.set(dtf, (cache = new Map()));
  const day = Math.floor(epochMs / DAY);
  const first = midnightOffset(day, dtf, cache);
  if (first === midnightOffset(day + 1, dtf, cache)) return first;
  return readOffset(Math.floor(epochMs / 1000) * 1000, dtf);
}

/**
 * Every instant a local time names: one for an ordinary time, two for a time a clock change
 * repeats (earlier first), none for a time a clock change skips. Offsets are read a day either
 * side, so a clock change within that day is seen. Also answers the offset in force before.
 */
export function possibleInstants(
  dn: number,
  minutes: number,
  dtf: Intl.DateTimeFormat,
): { instants: number[]; offsetBefore: number } {
  const wall = dn * DAY + minutes * MINUTE;
  const offsetBefore = offsetAt(wall - DAY, dtf);
  const offsetAfter = offsetAt(wall + DAY, dtf);
  if (offsetBefore === offsetAfter && offsetAt(wall - offsetBefore, dtf) === offsetBefore)
    return { instants: [wall - offsetBefore], offsetBefore };
  const instants: number[] = [];
  for (const offset of offsetBefore === offsetAfter ? [offsetBefore] : [offsetBefore, offsetAfter]) {
    if (offsetAt(wall - offset, dtf) === offset) instants.push(wall - offset);
  }
  instants.sort((a, b) => a - b);
  return { instants, offsetBefore };
}

/**
 * The instant of a local time by the `compatible` rule (RFC 5545; Temporal): a time a clock
 * change repeats is its first occurrence; a time it skips is read with the offset in force
 * before the gap, so it lands as far past the gap's end as it was past the gap's start.
 */
export function localEpoch(dn: number, minutes: number, dtf: Intl.DateTimeFormat): number {
  const { instants, offsetBefore } = possibleInstants(dn, minutes, dtf);
  return instants.length > 0 ? instants[0] : dn * DAY + minutes * MINUTE - offsetBefore;
}

/** `YYYY-MM-DDTHH:mm` local in `timeZone` → its instant (compatible rule); RangeError when either is not valid. */
export function localToInstant(local: string, timeZone: string): Date {
  const parsed = parseLocal(local);
  if (!parsed) throw new RangeError(`Not a local date and time (YYYY-MM-DDTHH:mm): ${local}`);
  return new Date(localEpoch(parsed.dn, parsed.minutes, zoneFormatter(timeZone)));
}

/** The local day number and minutes of the day of an instant. */
export function localParts(epochMs: number, dtf: Intl.DateTimeFormat): { dn: number; minutes: number } {
  const local = epochMs + offsetAt(epochMs, dtf);
  const dn = Math.floor(local / DAY);
  return { dn, minutes: Math.floor((local - dn * DAY) / MINUTE) };
}

/** The wall-clock date and time of an instant in `timeZone`. */
export function instantToLocal(date: Date, timeZone: string): LocalTime {
  const { dn, minutes } = localParts(date.getTime(), zoneFormatter(timeZone));
  const { y, m, d } = civilDate(dn);
  return { y, m, d, hh: Math.floor(minutes / 60), mm: minutes % 60, weekDay: weekDayOf(dn) };
}

export { zoneFormatter, MINUTE, DAY };
