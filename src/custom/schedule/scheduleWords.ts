/**
 * A schedule in words, in the chosen language: "Every weekday at 09:00 (Asia/Kolkata)",
 * "Every 15 minutes", "Monthly on the last Friday at 18:00 (Europe/Paris)". The sentences are
 * the catalogue's (`resources.schedules.words.*`); week day and month names are the locale's
 * (Intl), and lists are joined as the language joins them ("Monday, Wednesday and Friday").
 */
import type { MonthDay, ScheduleDuration } from '../../domain/schedule/duration';

export type Translate = (key: string, options?: Record<string, string | number>) => string;

const W = 'resources.schedules.words';
const WEEKDAYS = [1, 2, 3, 4, 5];

/** 0 = Sunday … 6 = Saturday, as the locale names it (2023-01-01 was a Sunday). */
export const weekDayName = (weekDay: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + weekDay)),
  );

/** 1 = January … 12 = December, as the locale names it. */
export const monthName = (month: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, month - 1, 1)));

const joined = (items: readonly string[], locale: string): string =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && b.every((x) => a.includes(x));

/** "last Friday", "dernier vendredi". */
const monthDayWords = (day: MonthDay, translate: Translate, locale: string): string =>
  translate(`${W}.monthDay`, {
    week: translate(`${W}.weeks.${day.week}`),
    weekDay: weekDayName(day.weekDay, locale),
  });

/** The plan of a duration in words; an empty text for what is no duration. */
export function describeDuration(d: ScheduleDuration | undefined, translate: Translate, locale: string): string {
  if (!d) return '';
  const at = { time: d.time ?? '', zone: d.timezone };
  switch (d.frequency) {
    case 'minutely':
      return translate(`${W}.minutely`, { smart_count: d.every ?? 1 });
    case 'hourly':
      return translate(`${W}.hourly`, { smart_count: d.every ?? 1 });
    case 'daily':
      return translate(`${W}.daily`, at);
    case 'weekly': {
      const days = [...new Set(d.weekDays ?? [])].sort((a, b) => a - b);
      if (days.length === 7) return translate(`${W}.daily`, at);
      if (sameSet(days, WEEKDAYS)) return translate(`${W}.weekdays`, at);
      return translate(`${W}.weekly`, {
        ...at,
        days: joined(
          days.map((x) => weekDayName(x, locale)),
          locale,
        ),
      });
    }
    case 'monthly': {
      const months = [...new Set(d.months ?? [])].sort((a, b) => a - b);
      const inMonths =
        months.length === 0 || months.length === 12
          ? ''
          : translate(`${W}.inMonths`, {
              months: joined(
                months.map((m) => monthName(m, locale)),
                locale,
              ),
            });
      if (d.mode === 'dayWise') {
        const days = (d.days ?? []).map((x) => monthDayWords(x, translate, locale));
        return translate(`${W}.monthlyDays`, { ...at, days: joined(days, locale), months: inMonths });
      }
      const dates = [...new Set(d.dates ?? [])].sort((a, b) => a - b);
      return translate(`${W}.monthlyDates`, {
        ...at,
        smart_count: dates.length,
        dates: joined(
          dates.map((x) => x.toLocaleString(locale)),
          locale,
        ),
        months: inMonths,
      });
    }
    default:
      return '';
  }
}
