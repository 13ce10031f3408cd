import { fail } from './exceptions';

export type DateKind = 'Unspecified' | 'Local' | 'Utc';

/** DateTime's range: 0001-01-01 to 9999-12-31. */
const MIN_MS = utcYearStart(1);
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Jan 1st of `year` (Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not). */
function utcYearStart(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

export const DAY_MS = 86_400_000;

/**
 * System.DateTime: the wall-clock time as milliseconds since 1970 read as UTC (so the calendar
 * fields come from the getUTC* methods whatever the machine's zone), and its Kind. The
 * resolution is the millisecond, not .NET's 100 ns tick: "fffffff" prints 4 trailing zeros.
 */
export class NetDateTime {
  constructor(
    readonly ms: number,
    readonly kind: DateKind = 'Unspecified',
  ) {
    if (!(ms >= MIN_MS && ms <= MAX_MS))
      fail('ArgumentOutOfRangeException', 'The added or subtracted value results in an un-representable DateTime.');
  }

  static of(
    y: number,
    mo: number,
    d: number,
    h = 0,
    mi = 0,
    s = 0,
    ms = 0,
    kind: DateKind = 'Unspecified',
  ): NetDateTime {
    const dt = new Date(0);
    dt.setUTCFullYear(y, mo - 1, d);
    dt.setUTCHours(h, mi, s, ms);
    if (
      dt.getUTCFullYear() !== y ||
      dt.getUTCMonth() !== mo - 1 ||
      dt.getUTCDate() !== d ||
      h > 23 ||
      mi > 59 ||
      s > 59
    ) {
      fail('ArgumentOutOfRangeException', 'Year, Month, and Day parameters describe an un-representable DateTime.');
    }
    return new NetDateTime(dt.getTime(), kind);
  }

  static now(): NetDateTime {
    const t = Date.now();
    return new NetDateTime(t - new Date(t).getTimezoneOffset() * 60_000, 'Local');
  }

  static utcNow(): NetDateTime {
    return new NetDateTime(Date.now(), 'Utc');
  }

  static today(): NetDateTime {
    const n = NetDateTime.now();
    return new NetDateTime(n.ms - mod(n.ms, DAY_MS), 'Local');
  }

  private get d(): Date {
    return new Date(this.ms);
  }
  get year(): number {
    return this.d.getUTCFullYear();
  }
  get month(): number {
    return this.d.getUTCMonth() + 1;
  }
  get day(): number {
    return this.d.getUTCDate();
  }
  get hour(): number {
    return this.d.getUTCHours();
  }
  get minute(): number {
    return this.d.getUTCMinutes();
  }
  get second(): number {
    return this.d.getUTCSeconds();
  }
  get millisecond(): number {
    return this.d.getUTCMilliseconds();
  }
  /** 0 = Sunday, as System.DayOfWeek. */
  get dayOfWeek(): number {
    return this.d.getUTCDay();
  }
  get dayOfYear(): number {
    return Math.floor((this.ms - utcYearStart(this.year)) / DAY_MS) + 1;
  }
  get date(): NetDateTime {
    return new NetDateTime(this.ms - mod(this.ms, DAY_MS), this.kind);
  }
  /** The local zone's offset in minutes, for "zzz" and "o" on a Local time. */
  get offsetMinutes(): number {
    if (this.kind !== 'Local') return 0;
    return -new Date(this.ms).getTimezoneOffset();
  }

  add(ms: number): NetDateTime {
    return new NetDateTime(this.ms + ms, this.kind);
  }

  addMonths(months: number): NetDateTime {
    const y = this.year;
    const total = y * 12 + (this.month - 1) + months;
    const ny = Math.floor(total / 12);
    const nm = mod(total, 12) + 1;
    const last = daysInMonth(ny, nm);
    const t = this.ms - this.date.ms;
    return NetDateTime.of(ny, nm, Math.min(this.day, last), 0, 0, 0, 0, this.kind).add(t);
  }
}

/** System.TimeSpan, in milliseconds. */
export class NetTimeSpan {
  constructor(readonly ms: number) {}
  get days(): number {
    return Math.trunc(this.ms / DAY_MS);
  }
  get hours(): number {
    return Math.trunc(this.ms / 3_600_000) % 24;
  }
  get minutes(): number {
    return Math.trunc(this.ms / 60_000) % 60;
  }
  get seconds(): number {
    return Math.trunc(this.ms / 1000) % 60;
  }
  get milliseconds(): number {
    return Math.trunc(this.ms) % 1000;
  }
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
