/**
 * The schedule builder's form and the schedule model, both ways. The form is flat, its field
 * names are those the schedule's rules name (`validateScheduleBody`), so every message lands
 * under its input; it holds the fields of every frequency, and a duration takes only those of
 * its own frequency (a weekly plan carries no months, a minutely one no time).
 */
import type {
  MonthDay,
  MonthWeek,
  ScheduleDuration,
  ScheduleFrequency,
  ScheduleMode,
  ScheduleOverlap,
} from '../../domain/schedule/duration';
import { DURATION_KEYS } from '../../domain/schedule/duration';

export interface ScheduleForm {
  botId: string;
  agentId: string;
  frequency: ScheduleFrequency | '';
  /** minutely: minutes 1–59; hourly: hours 1–23 (as typed). */
  every: string;
  /** `HH:mm` (daily, weekly, monthly). */
  time: string;
  weekDays: number[];
  months: number[];
  mode: ScheduleMode | '';
  dates: number[];
  days: MonthDay[];
  timezone: string;
  /** `YYYY-MM-DDTHH:mm`, local in `timezone`. */
  startDate: string;
  /** Optional, as startDate. */
  endDate: string;
  /** Addresses separated by commas, semicolons or spaces. */
  recipients: string;
  overlap: ScheduleOverlap;
  skipNonWorkingDays: boolean;
}

/** A duration as the form makes it: a frequency may be missing (the rules then say so). */
export type DurationDraft = Omit<ScheduleDuration, 'frequency'> & { frequency?: ScheduleFrequency };

const byNumber = (a: number, b: number) => a - b;
const weekRank = (w: MonthWeek) => (w === 'last' ? 5 : w);
const byMonthDay = (a: MonthDay, b: MonthDay) => weekRank(a.week) - weekRank(b.week) || a.weekDay - b.weekDay;

/** "15" → 15; anything that is not a whole number as typed is left out (the rules ask for it). */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** The duration of the form: the fields of its frequency only (and of its monthly mode only). */
export function formToDuration(form: ScheduleForm): DurationDraft {
  const { frequency } = form;
  const d: DurationDraft = { timezone: form.timezone, startDate: form.startDate };
  if (frequency) d.frequency = frequency;
  if (frequency === 'minutely' || frequency === 'hourly') {
    const every = wholeNumber(form.every);
    if (every !== undefined) d.every = every;
  }
  if (frequency === 'daily' || frequency === 'weekly' || frequency === 'monthly') {
    if (form.time) d.time = form.time;
  }
  if (frequency === 'weekly') d.weekDays = [...form.weekDays].sort(byNumber);
  if (frequency === 'monthly') {
    d.months = [...form.months].sort(byNumber);
    if (form.mode) d.mode = form.mode;
    if (form.mode === 'dateWise') d.dates = [...form.dates].sort(byNumber);
    if (form.mode === 'dayWise') d.days = [...form.days].sort(byMonthDay);
  }
  if (form.endDate.trim()) d.endDate = form.endDate;
  return { ...orderedKeys(d) };
}

/** The model's key order, so a duration reads the same however the form was filled. */
function orderedKeys(d: DurationDraft): DurationDraft {
  const out: Record<string, unknown> = {};
  for (const key of DURATION_KEYS) if (d[key] !== undefined) out[key] = d[key];
  return out as DurationDraft;
}

/** The form's fields that are not the duration's, as a new schedule starts. */
export const EMPTY_FORM: Omit<ScheduleForm, 'timezone' | 'startDate'> = {
  botId: '',
  agentId: '',
  frequency: '',
  every: '',
  time: '',
  weekDays: [],
  months: [],
  mode: '',
  dates: [],
  days: [],
  endDate: '',
  recipients: '',
  overlap: 'queue',
  skipNonWorkingDays: false,
};

/** The form of a new schedule in `timezone`, starting at `startDate`. */
export const newForm = (timezone: string, startDate: string): ScheduleForm => ({ ...EMPTY_FORM, timezone, startDate });

/** The form fields of a duration (a plan being rescheduled); the others keep the new form's values. */
export function durationToForm(d: ScheduleDuration): Pick<ScheduleForm, DurationField> {
  return {
    frequency: d.frequency,
    every: d.every === undefined ? '' : String(d.every),
    time: d.time ?? '',
    weekDays: [...(d.weekDays ?? [])],
    months: [...(d.months ?? [])],
    mode: d.mode ?? '',
    dates: [...(d.dates ?? [])],
    days: (d.days ?? []).map(({ week, weekDay }) => ({ week, weekDay })),
    timezone: d.timezone,
    startDate: d.startDate,
    endDate: d.endDate ?? '',
  };
}

export type DurationField =
  | 'frequency'
  | 'every'
  | 'time'
  | 'weekDays'
  | 'months'
  | 'mode'
  | 'dates'
  | 'days'
  | 'timezone'
  | 'startDate'
  | 'endDate';

/** The recipients as typed: a list of addresses (separated by commas, semicolons or spaces). */
export const recipientsOf = (text: string): string[] => text.split(/[,;\s]+/).filter(Boolean);

/** Whether a week-day-of-month is chosen (the builder's grid of weeks × week days). */
export const hasMonthDay = (days: readonly MonthDay[], day: MonthDay): boolean =>
  days.some((d) => d.week === day.week && d.weekDay === day.weekDay);

/** The days with `day` added, or removed when it was there. */
export const toggleMonthDay = (days: readonly MonthDay[], day: MonthDay): MonthDay[] =>
  hasMonthDay(days, day)
    ? days.filter((d) => !(d.week === day.week && d.weekDay === day.weekDay))
    : [...days, { week: day.week, weekDay: day.weekDay }];

/**
 * The local date and time of an instant in a zone, as the form writes it (`YYYY-MM-DDTHH:mm`):
 * a new schedule starts at the current minute of its zone.
 */
export function localDateTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * Older names some browsers (ICU) still list for zones renamed since: people look for Kolkata,
 * not Calcutta. Both are the same zone to every Intl API; the plan stores the current name.
 */
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

export const currentZoneName = (zone: string): string => RENAMED_ZONES[zone] ?? zone;

/** The browser's zone (the builder's default). */
export const browserZone = (): string => currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
