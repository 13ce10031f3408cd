/** A schedule's duration as the API stores it: a JSON string with its keys in one order. */
import { SCHEDULE_FREQUENCIES, SCHEDULE_MODES, type MonthDay, type ScheduleDuration } from './duration';

type Fields = Record<string, unknown>;

const isNumberArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');
const isMonthDayShape = (v: unknown): v is MonthDay =>
  typeof v === 'object' &&
  v !== null &&
  ((v as Fields).week === 'last' || typeof (v as Fields).week === 'number') &&
  typeof (v as Fields).weekDay === 'number';

const absent = (v: unknown) => v === undefined || v === null;

/** The object of a duration given as itself or as its JSON string; undefined for anything else. */
export function durationFields(value: unknown): Fields | undefined {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Fields) : undefined;
}

/**
 * A duration from the object or its JSON string, in the canonical key order, unknown keys left
 * out; undefined when it is not one (no known frequency, a zone or start that is not text, a
 * field of the wrong type). Ranges and required fields are `validateDuration`'s concern.
 */
export function parseDuration(value: unknown): ScheduleDuration | undefined {
  const f = durationFields(value);
  if (!f) return undefined;
  const frequency = SCHEDULE_FREQUENCIES.find((x) => x === f.frequency);
  if (!frequency || typeof f.timezone !== 'string' || typeof f.startDate !== 'string') return undefined;
  const checks: [string, (v: unknown) => boolean][] = [
    ['every', (v) => typeof v === 'number'],
    ['time', (v) => typeof v === 'string'],
    ['weekDays', isNumberArray],
    ['months', isNumberArray],
    ['mode', (v) => SCHEDULE_MODES.some((m) => m === v)],
    ['dates', isNumberArray],
    ['days', (v) => Array.isArray(v) && v.every(isMonthDayShape)],
    ['endDate', (v) => typeof v === 'string'],
  ];
  if (checks.some(([key, ok]) => !absent(f[key]) && !ok(f[key]))) return undefined;
  const pick = <T>(key: string): T | undefined => (absent(f[key]) ? undefined : (f[key] as T));
  return canonical({
    frequency,
    every: pick<number>('every'),
    time: pick<string>('time'),
    weekDays: pick<number[]>('weekDays'),
    months: pick<number[]>('months'),
    mode: pick<ScheduleDuration['mode']>('mode'),
    dates: pick<number[]>('dates'),
    days: pick<MonthDay[]>('days'),
    timezone: f.timezone,
    startDate: f.startDate,
    endDate: pick<string>('endDate'),
  });
}

const when = <K extends keyof ScheduleDuration>(key: K, v: ScheduleDuration[K]) =>
  v === undefined ? {} : ({ [key]: v } as Pick<ScheduleDuration, K>);

/** The same duration with its keys in the order of the model and no undefined keys. */
const canonical = (d: ScheduleDuration): ScheduleDuration => ({
  frequency: d.frequency,
  ...when('every', d.every),
  ...when('time', d.time),
  ...when('weekDays', d.weekDays),
  ...when('months', d.months),
  ...when('mode', d.mode),
  ...when('dates', d.dates),
  ...when(
    'days',
    d.days?.map(({ week, weekDay }) => ({ week, weekDay })),
  ),
  timezone: d.timezone,
  startDate: d.startDate,
  ...when('endDate', d.endDate),
});

/** The JSON the API stores: keys always in the model's order, so equal durations serialize alike. */
export const serializeDuration = (d: ScheduleDuration): string => JSON.stringify(canonical(d));
