/**
 * The local dates a wall-clock schedule (daily, weekly, monthly) fires on, found by stepping
 * over local dates: day by day for daily and weekly, month by month for monthly.
 */
import type { MonthDay, ScheduleDuration } from './duration';
import { civilDate, dayNumber, daysInMonth, weekDayOf } from './zone';

/** Answers the first local date (day number) ≥ `dn` the schedule fires on, or undefined when none comes. */
export type NextDate = (dn: number) => number | undefined;

// A monthly schedule whose dates exist in its months fires within 8 years (29 February after a
// century year that is not a leap year: 2096 → 2104); past that many months nothing will come.
const MONTHS_AHEAD = 12 * 9;

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

const intSet = (values: unknown, min: number, max: number): Set<number> =>
  new Set(Array.isArray(values) ? values.filter((v): v is number => isInt(v, min, max)) : []);

/** The date of the nth (1–4) or last given week day of a month. */
export function monthDayDate(y: number, m: number, day: MonthDay): number {
  const first = dayNumber(y, m, 1);
  if (day.week === 'last') {
    const dim = daysInMonth(y, m);
    const lastWeekDay = weekDayOf(first + dim - 1);
    return dim - ((lastWeekDay - day.weekDay + 7) % 7);
  }
  return 1 + ((day.weekDay - weekDayOf(first) + 7) % 7) + (day.week - 1) * 7;
}

const isMonthDay = (v: unknown): v is MonthDay => {
  if (typeof v !== 'object' || v === null) return false;
  const { week, weekDay } = v as Record<string, unknown>;
  return (week === 'last' || isInt(week, 1, 4)) && isInt(weekDay, 0, 6);
};

/** The days of one month a monthly schedule fires on, ascending. */
function monthDates(d: ScheduleDuration, y: number, m: number, dates: Set<number>, days: MonthDay[]): number[] {
  const found = new Set<number>();
  if (d.mode === 'dateWise') {
    const dim = daysInMonth(y, m);
    for (const date of dates) if (date <= dim) found.add(date);
  } else {
    for (const day of days) found.add(monthDayDate(y, m, day));
  }
  return [...found].sort((a, b) => a - b);
}

/** The stepping of a wall-clock schedule, or undefined when the duration cannot fire (not wall-clock, or empty). */
export function calendarOf(d: ScheduleDuration): NextDate | undefined {
  if (d.frequency === 'daily') return (dn) => dn;
  if (d.frequency === 'weekly') {
    const weekDays = intSet(d.weekDays, 0, 6);
    if (weekDays.size === 0) return undefined;
    return (dn) => {
      for (let day = dn; day < dn + 7; day++) if (weekDays.has(weekDayOf(day))) return day;
      return undefined;
    };
  }
  if (d.frequency !== 'monthly') return undefined;
  const months = intSet(d.months, 1, 12);
  const dates = intSet(d.dates, 1, 31);
  const days = Array.isArray(d.days) ? d.days.filter(isMonthDay) : [];
  if (months.size === 0) return undefined;
  if (d.mode === 'dateWise' ? dates.size === 0 : d.mode !== 'dayWise' || days.length === 0) return undefined;
  return (dn) => {
    const start = civilDate(dn);
    let y = start.y;
    let m = start.m;
    for (let step = 0; step < MONTHS_AHEAD; step++) {
      if (months.has(m)) {
        const fromDate = step === 0 ? start.d : 1;
        const date = monthDates(d, y, m, dates, days).find((x) => x >= fromDate);
        if (date !== undefined) return dayNumber(y, m, date);
      }
      if (m === 12) {
        y += 1;
        m = 1;
      } else m += 1;
    }
    return undefined;
  };
}
