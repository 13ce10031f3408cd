/**
 * The rules of a schedule: its duration and the whole create body. The server and the web
 * builder both run them; each error names the flat form field and carries the catalogue key
 * (the web app translates it) with its English text (the server answers it).
 */
import { messages, type MessageKey } from '../messages';
import { isEmail } from '../validation';
import { SCHEDULE_FREQUENCIES, SCHEDULE_MODES, SCHEDULE_OVERLAPS, SCHEDULE_RECIPIENTS_MAX } from './duration';
import { durationFields } from './parse';
import { daysInMonth, isTimeZone, localEpoch, parseLocal, parseTime, zoneFormatter } from './zone';

export interface ScheduleFieldError {
  field: string;
  key: MessageKey;
  message: string;
}

const isInt = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const allInts = (v: unknown, min: number, max: number): v is number[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isInt(x, min, max));
const isMonthDay = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null) return false;
  const { week, weekDay } = v as Record<string, unknown>;
  return (week === 'last' || isInt(week, 1, 4)) && isInt(weekDay, 0, 6);
};
const absent = (v: unknown) => v === undefined || v === null || v === '';

// The longest each month can be (February 29, in leap years): a date no selected month ever has never fires.
const LONGEST = (m: number) => (m === 2 ? 29 : daysInMonth(2027, m));

/** Every problem of a duration (the object or its JSON string), in form order; never throws. */
export function validateDuration(d: unknown): ScheduleFieldError[] {
  const f = durationFields(d) ?? {};
  const keys: [string, MessageKey][] = [];
  const add = (field: string, key: MessageKey) => keys.push([field, key]);
  const frequency = SCHEDULE_FREQUENCIES.find((x) => x === f.frequency);

  if (!frequency) add('frequency', 'selectFrequencyOrRepeat');
  else if (frequency === 'minutely') {
    if (!isInt(f.every, 1, 59)) add('every', 'selectMinutes');
  } else if (frequency === 'hourly') {
    if (!isInt(f.every, 1, 23)) add('every', 'selectHours');
  } else if (parseTime(f.time) === undefined) add('time', 'selectTime');

  if (frequency === 'weekly' && !allInts(f.weekDays, 0, 6)) add('weekDays', 'selectWeekDays');
  if (frequency === 'monthly') {
    const months = allInts(f.months, 1, 12) ? f.months : undefined;
    if (!months) add('months', 'selectMonths');
    const mode = SCHEDULE_MODES.find((x) => x === f.mode);
    if (!mode) add('mode', 'selectDayOrDateWise');
    else if (mode === 'dateWise') {
      // 30 or 31 chosen for February alone is a schedule that never fires.
      const ok = allInts(f.dates, 1, 31) && (!months || f.dates.some((x) => months.some((m) => x <= LONGEST(m))));
      if (!ok) add('dates', 'selectDates');
    } else if (!Array.isArray(f.days) || f.days.length === 0 || !f.days.every(isMonthDay)) add('days', 'selectDays');
  }

  const zone = isTimeZone(f.timezone) ? f.timezone : undefined;
  if (!zone) add('timezone', 'selectTimezone');
  const start = parseLocal(f.startDate);
  if (absent(f.startDate) || typeof f.startDate !== 'string') add('startDate', 'selectStartDate');
  else if (!start) add('startDate', 'invalidDateTime');
  if (!absent(f.endDate)) {
    const end = parseLocal(f.endDate);
    if (typeof f.endDate !== 'string') add('endDate', 'selectEndDate');
    else if (!end) add('endDate', 'invalidDateTime');
    else if (start && endsBeforeStart(start, end, zone)) add('endDate', 'invalidDateTime');
  }
  return keys.map(([field, key]) => ({ field, key, message: messages[key] }));
}

type Local = { dn: number; minutes: number };

/** Compared as instants when the zone is known (a time a clock change skips moves later), else as local times. */
function endsBeforeStart(start: Local, end: Local, zone: string | undefined): boolean {
  if (!zone) return end.dn * 1440 + end.minutes < start.dn * 1440 + start.minutes;
  const dtf = zoneFormatter(zone);
  return localEpoch(end.dn, end.minutes, dtf) < localEpoch(start.dn, start.minutes, dtf);
}

/** The recipients of a body: a list, or one text separated by commas, semicolons or spaces. */
const recipientList = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[,;\s]+/).filter(Boolean)
      : absent(value)
        ? []
        : [value];

/** Every problem of a create (or reschedule) body: bot, recipients, overlap and the duration. */
export function validateScheduleBody(body: unknown): ScheduleFieldError[] {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const keys: [string, MessageKey][] = [];
  const botId = b.botId;
  if (
    absent(botId) ||
    (typeof botId === 'string' && botId.trim() === '') ||
    !['string', 'number'].includes(typeof botId)
  )
    keys.push(['botId', 'selectBot']);
  const recipients = recipientList(b.recipients);
  if (recipients.length > SCHEDULE_RECIPIENTS_MAX) keys.push(['recipients', 'recipientsMax']);
  else if (!recipients.every((r) => typeof r === 'string' && isEmail(r))) keys.push(['recipients', 'emailInvalid']);
  if (!absent(b.overlap) && !SCHEDULE_OVERLAPS.some((o) => o === b.overlap)) keys.push(['overlap', 'badRequest']);
  return [...keys.map(([field, key]) => ({ field, key, message: messages[key] })), ...validateDuration(b.duration)];
}
