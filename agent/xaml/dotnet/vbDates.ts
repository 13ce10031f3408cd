import { toDateTime, toNumber } from './cast';
import { DAY_MS, mod, NetDateTime } from './datetime';
import { fail } from './exceptions';
import { textOrEmpty } from './text';
import { NetEnum, NetLong, type Value } from './values';

/**
 * Microsoft.VisualBasic's DateDiff, DateAdd and DatePart, with their DateInterval,
 * FirstDayOfWeek and FirstWeekOfYear enumerations, and UiPath's ErrorAction (what a Global
 * Exception Handler sets its `result` to).
 */

/** Each enumeration's members in the order of their values (0, 1, 2…). */
export const EXTRA_ENUMS: Record<string, readonly string[]> = {
  DateInterval: ['Year', 'Quarter', 'Month', 'DayOfYear', 'Day', 'WeekOfYear', 'Weekday', 'Hour', 'Minute', 'Second'],
  FirstDayOfWeek: ['System', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  FirstWeekOfYear: ['System', 'Jan1', 'FirstFourDays', 'FirstFullWeek'],
  // The handler's choices as the Global Exception Handler documents them, in that order.
  ErrorAction: ['Continue', 'Ignore', 'Retry', 'Abort'],
};

/** `Type.Member` of one of these enumerations, or undefined. */
export function extraEnumMember(type: string, lc: string): NetEnum | undefined {
  const names = EXTRA_ENUMS[type];
  const i = names ? names.findIndex((n) => n.toLowerCase() === lc) : -1;
  return i < 0 ? undefined : new NetEnum(type, names[i], i);
}

/** The interval strings DateDiff, DateAdd and DatePart also take ("d", "yyyy"…). */
const INTERVAL_TEXT: Record<string, string> = {
  yyyy: 'Year',
  q: 'Quarter',
  m: 'Month',
  y: 'DayOfYear',
  d: 'Day',
  ww: 'WeekOfYear',
  w: 'Weekday',
  h: 'Hour',
  n: 'Minute',
  s: 'Second',
};

function interval(v: Value): string {
  if (v instanceof NetEnum && v.type === 'DateInterval') return v.name;
  if (typeof v === 'number' && EXTRA_ENUMS.DateInterval[v]) return EXTRA_ENUMS.DateInterval[v];
  const t = INTERVAL_TEXT[textOrEmpty(v).toLowerCase()];
  return t ?? fail('ArgumentException', "Argument 'Interval' is not a valid value.");
}

/** The first day of the week as System.DayOfWeek (0 = Sunday); Sunday when omitted or System. */
function weekStart(v: Value | undefined): number {
  const n = v instanceof NetEnum ? v.n : v === undefined || v === null ? 1 : toNumber(v);
  return n >= 1 && n <= 7 ? n - 1 : 0;
}

/** Whole intervals of `ms` milliseconds in a span, truncated toward zero. */
const whole = (span: number, ms: number): number => Math.trunc(span / ms);

/** The days from Date1's calendar day to Date2's. */
const dayCount = (a: NetDateTime, b: NetDateTime): number => Math.round((b.date.ms - a.date.ms) / DAY_MS);

/**
 * DateDiff(Interval, Date1, Date2[, DayOfWeek]): Date2 - Date1 in intervals, as a Long. Year,
 * Quarter and Month count from the calendar parts alone (December 31 to January 1 is one of
 * each); Day, Hour, Minute and Second count whole intervals elapsed; Weekday counts whole weeks;
 * WeekOfYear counts the first days of a week after Date1 up to Date2.
 */
function dateDiff(a: Value[]): NetLong {
  const kind = interval(a[0]);
  const d1 = toDateTime(a[1]);
  const d2 = toDateTime(a[2]);
  const span = d2.ms - d1.ms;
  let n: number;
  switch (kind) {
    case 'Year':
      n = d2.year - d1.year;
      break;
    case 'Quarter':
      n = (d2.year - d1.year) * 4 + Math.floor((d2.month - 1) / 3) - Math.floor((d1.month - 1) / 3);
      break;
    case 'Month':
      n = (d2.year - d1.year) * 12 + d2.month - d1.month;
      break;
    case 'Day':
    case 'DayOfYear':
      n = whole(span, DAY_MS);
      break;
    case 'Hour':
      n = whole(span, 3_600_000);
      break;
    case 'Minute':
      n = whole(span, 60_000);
      break;
    case 'Second':
      n = whole(span, 1000);
      break;
    case 'Weekday':
      n = Math.trunc(whole(span, DAY_MS) / 7);
      break;
    default: {
      // Back both dates up to the start of their week: the weeks between those starts.
      const start = weekStart(a[3]);
      const back1 = mod(d1.dayOfWeek - start, 7);
      const back2 = mod(d2.dayOfWeek - start, 7);
      n = Math.round((dayCount(d1, d2) - back2 + back1) / 7);
    }
  }
  return new NetLong(BigInt(n));
}

/** DateAdd(Interval, Number, DateValue): the date moved by Number (its whole part) intervals. */
function dateAdd(a: Value[]): NetDateTime {
  const kind = interval(a[0]);
  const n = Math.trunc(toNumber(a[1]));
  const d = toDateTime(a[2]);
  switch (kind) {
    case 'Year':
      return d.addMonths(12 * n);
    case 'Quarter':
      return d.addMonths(3 * n);
    case 'Month':
      return d.addMonths(n);
    case 'WeekOfYear':
      return d.add(7 * n * DAY_MS);
    case 'Hour':
      return d.add(n * 3_600_000);
    case 'Minute':
      return d.add(n * 60_000);
    case 'Second':
      return d.add(n * 1000);
    default:
      return d.add(n * DAY_MS);
  }
}

/**
 * DatePart(Interval, DateValue[, DayOfWeek]): one part of the date as an Integer. Weekday is
 * 1 for the first day of the week; WeekOfYear counts from the week holding January 1.
 */
function datePart(a: Value[]): number {
  const kind = interval(a[0]);
  const d = toDateTime(a[1]);
  const start = weekStart(a[2]);
  switch (kind) {
    case 'Year':
      return d.year;
    case 'Quarter':
      return Math.floor((d.month - 1) / 3) + 1;
    case 'Month':
      return d.month;
    case 'DayOfYear':
      return d.dayOfYear;
    case 'Day':
      return d.day;
    case 'Hour':
      return d.hour;
    case 'Minute':
      return d.minute;
    case 'Second':
      return d.second;
    case 'Weekday':
      return mod(d.dayOfWeek - start, 7) + 1;
    default: {
      const rule = a[3] instanceof NetEnum ? a[3].name : 'Jan1';
      if (rule !== 'Jan1' && rule !== 'System')
        fail('NotSupportedException', `FirstWeekOfYear.${rule} is not supported by this agent (Jan1 is).`);
      const jan1 = NetDateTime.of(d.year, 1, 1);
      return Math.floor((d.dayOfYear - 1 + mod(jan1.dayOfWeek - start, 7)) / 7) + 1;
    }
  }
}

/** DateDiff, DateAdd or DatePart called bare in VB; undefined for any other name. */
export function vbDateFunction(lc: string, a: Value[]): Value | undefined {
  switch (lc) {
    case 'datediff':
      return dateDiff(a);
    case 'dateadd':
      return dateAdd(a);
    case 'datepart':
      return datePart(a);
  }
  return undefined;
}
