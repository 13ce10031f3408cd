import { civilDate, dayNumber, isTimeZone, localEpoch, localParts, zoneFormatter } from '../schedule/zone';

/**
 * Report periods of the dashboard, in the viewer's time zone. Every period ends with the end of
 * today (local midnight tonight) and starts at a local midnight:
 * - today: today only;
 * - weekly: the 7 local days ending today (today and the 6 days before);
 * - monthly: the 30 local days ending today;
 * - custom: from the local day `from` to the local day `to`, both included (at most 366 days).
 * A local day is not a UTC day: in Asia/Kolkata it starts at 18:30 UTC the day before, and a day
 * with a clock change lasts 23 or 25 hours.
 */
export const DASHBOARD_PERIODS = ['today', 'weekly', 'monthly', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const PERIOD_DAYS: Record<Exclude<DashboardPeriod, 'custom'>, number> = { today: 1, weekly: 7, monthly: 30 };
export const MAX_CUSTOM_DAYS = 366;

/** How the line graph buckets a period: hours for one day, days otherwise. */
export type PeriodBucket = 'hour' | 'day';

export interface PeriodRange {
  /** First instant inside the period (a local midnight). */
  from: Date;
  /** First instant after it (the local midnight ending its last day). */
  to: Date;
  /** Its local days, `YYYY-MM-DD`, first to last. */
  days: string[];
  bucket: PeriodBucket;
}

export interface PeriodInput {
  period: DashboardPeriod;
  timeZone: string;
  now: Date;
  /** Custom periods: local dates `YYYY-MM-DD`. */
  from?: string;
  to?: string;
}

/** Why a period cannot be read, and the field and text a 400 answers with. */
export const PERIOD_ERRORS = {
  timezone: { field: 'timezone', message: 'Please choose a valid time zone!' },
  customDates: { field: 'from', message: 'Please choose both dates of the custom period!' },
  customOrder: { field: 'to', message: 'The end date must not be before the start date!' },
  customLength: { field: 'to', message: `A custom period is at most ${MAX_CUSTOM_DAYS} days!` },
} as const;
export type PeriodError = keyof typeof PERIOD_ERRORS;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real local date `YYYY-MM-DD` as a day number, or undefined. */
export function parseLocalDate(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [y, m, d] = match.slice(1).map(Number);
  const dn = dayNumber(y, m, d);
  const back = civilDate(dn);
  return back.y === y && back.m === m && back.d === d ? dn : undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A day number as `YYYY-MM-DD`. */
export function localDateOf(dn: number): string {
  const { y, m, d } = civilDate(dn);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDateAt(instant: Date, timeZone: string): string {
  return localDateOf(localParts(instant.getTime(), zoneFormatter(timeZone)).dn);
}

/** The instants bounding a period in a zone, or why it cannot be read. */
export function periodRange(input: PeriodInput): PeriodRange | PeriodError {
  if (!isTimeZone(input.timeZone)) return 'timezone';
  const dtf = zoneFormatter(input.timeZone);
  let first: number;
  let last: number;
  if (input.period === 'custom') {
    const from = parseLocalDate(input.from);
    const to = parseLocalDate(input.to);
    if (from === undefined || to === undefined) return 'customDates';
    if (from > to) return 'customOrder';
    if (to - from + 1 > MAX_CUSTOM_DAYS) return 'customLength';
    first = from;
    last = to;
  } else {
    last = localParts(input.now.getTime(), dtf).dn;
    first = last - PERIOD_DAYS[input.period] + 1;
  }
  const days: string[] = [];
  for (let dn = first; dn <= last; dn++) days.push(localDateOf(dn));
  return {
    from: new Date(localEpoch(first, 0, dtf)),
    to: new Date(localEpoch(last + 1, 0, dtf)),
    days,
    bucket: first === last ? 'hour' : 'day',
  };
}

/**
 * The instants a line graph's bucket covers in a zone: a local day (`YYYY-MM-DD`) from its
 * midnight to the next, a local hour (`YYYY-MM-DDTHH:00`) to the next hour; undefined for
 * anything else. ISO 8601, as the processes list's period filter takes them.
 */
export function bucketRange(bucket: string, timeZone: string): { from: string; to: string } | undefined {
  const dn = parseLocalDate(bucket.slice(0, 10));
  if (dn === undefined || !isTimeZone(timeZone)) return undefined;
  const dtf = zoneFormatter(timeZone);
  const iso = (dayNumber: number, minutes: number) => new Date(localEpoch(dayNumber, minutes, dtf)).toISOString();
  if (bucket.length === 10) return { from: iso(dn, 0), to: iso(dn + 1, 0) };
  const hour = /^\d{4}-\d{2}-\d{2}T(\d{2}):00$/.exec(bucket);
  if (!hour || Number(hour[1]) > 23) return undefined;
  const h = Number(hour[1]);
  return { from: iso(dn, h * 60), to: iso(dn, (h + 1) * 60) };
}
