/**
 * The schedule model shared by the web app (the builder), the server (the API and the
 * scheduler) and the tests. A schedule's `duration` is this object; the API stores and returns
 * it as a JSON string, and the web app parses it.
 *
 * - minutely and hourly are spans of elapsed time: the fires are start + k × every, so a clock
 *   change never skips or doubles one and "every 7 minutes" is every 7 minutes.
 * - daily, weekly and monthly are wall-clock times in `timezone`. A local time a clock change
 *   skips is read with the UTC offset in force before the gap (02:30 on New York's spring day
 *   fires at 03:30 EDT); a local time that happens twice fires once, at its first occurrence
 *   (RFC 5545; JavaScript Temporal's `compatible` disambiguation).
 * - `startDate` and `endDate` are local in `timezone`, read by the same rule, and compared with
 *   fires as instants, both inclusive.
 */

export const SCHEDULE_FREQUENCIES = ['minutely', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const SCHEDULE_MODES = ['dateWise', 'dayWise'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** Which week of the month: the nth such week day (days 1–7, 8–14, …) or the last one. */
export type MonthWeek = 1 | 2 | 3 | 4 | 'last';
export const MONTH_WEEKS: readonly MonthWeek[] = [1, 2, 3, 4, 'last'];

/** A week day of a month: `{ week: 1, weekDay: 1 }` is its first Monday. */
export interface MonthDay {
  week: MonthWeek;
  /** 0 = Sunday … 6 = Saturday. */
  weekDay: number;
}

export interface ScheduleDuration {
  frequency: ScheduleFrequency;
  /** minutely: minutes 1–59; hourly: hours 1–23. */
  every?: number;
  /** daily, weekly, monthly: `HH:mm`, wall-clock in `timezone`. */
  time?: string;
  /** weekly: 0–6, 0 = Sunday. */
  weekDays?: number[];
  /** monthly: 1–12. */
  months?: number[];
  /** monthly. */
  mode?: ScheduleMode;
  /** monthly dateWise: 1–31; a date a month lacks does not fire that month. */
  dates?: number[];
  /** monthly dayWise. */
  days?: MonthDay[];
  /** An IANA zone name (one of `Intl.supportedValuesOf('timeZone')`). */
  timezone: string;
  /** `YYYY-MM-DDTHH:mm`, local in `timezone`: nothing fires before it. */
  startDate: string;
  /** `YYYY-MM-DDTHH:mm`, local in `timezone`: nothing fires after it. */
  endDate?: string;
}

/** The duration's keys in the model's order (the order its stored JSON takes). */
export const DURATION_KEYS = [
  'frequency',
  'every',
  'time',
  'weekDays',
  'months',
  'mode',
  'dates',
  'days',
  'timezone',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof ScheduleDuration)[];

/** What a fire does when the previous fire's run is still pending or running. */
export const SCHEDULE_OVERLAPS = ['queue', 'skip'] as const;
export type ScheduleOverlap = (typeof SCHEDULE_OVERLAPS)[number];

/** A schedule's state: active fires, disabled waits, completed has passed its end date. */
export const SCHEDULE_STATUSES = ['active', 'disabled', 'completed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The outcome of one due fire, one history row each. */
export const SCHEDULE_OUTCOMES = ['fired', 'skipped', 'missed'] as const;
export type ScheduleOutcome = (typeof SCHEDULE_OUTCOMES)[number];

/**
 * Why a due fire did not run, as a key the screens translate (`resources.scheduleHistory.reasons.<key>`);
 * the server also stores the English text.
 */
export const SCHEDULE_SKIP_REASONS = [
  'botExpired',
  'botDeleted',
  'agentDeleted',
  'botInactive',
  'botManual',
  'nonWorkingDay',
  'overlap',
  'missed',
] as const;
export type ScheduleSkipReason = (typeof SCHEDULE_SKIP_REASONS)[number];

export const SCHEDULE_SKIP_TEXT: Record<ScheduleSkipReason, string> = {
  botExpired: 'Your bot is expired, contact admin!',
  botDeleted: 'skipped: bot deleted',
  agentDeleted: 'skipped: agent deleted',
  botInactive: 'skipped: bot inactive',
  botManual: 'skipped: bot is Manual, not Automated',
  nonWorkingDay: 'skipped: non-working day',
  overlap: 'skipped: previous run still pending or running',
  missed: 'missed: no server was running at the time',
};

/** At most this many fires per preview. */
export const PREVIEW_MAX = 100;
export const PREVIEW_DEFAULT = 5;
/** At most this many result-mail recipients per schedule. */
export const SCHEDULE_RECIPIENTS_MAX = 10;
