import { describe, expect, it } from 'vitest';
import { validateDuration, validateScheduleBody } from '../../../../src/domain/schedule';

const ok = { frequency: 'daily', time: '09:00', timezone: 'Asia/Kolkata', startDate: '2027-01-01T09:00' };
const problems = (d: unknown) => validateDuration(d).map(({ field, message }) => [field, message]);

describe('validateDuration', () => {
  it.each([
    ['daily', ok],
    ['minutely', { ...ok, frequency: 'minutely', every: 59, time: undefined }],
    ['hourly', { ...ok, frequency: 'hourly', every: 1 }],
    ['weekly', { ...ok, frequency: 'weekly', weekDays: [0, 6] }],
    ['monthly dateWise', { ...ok, frequency: 'monthly', months: [2], mode: 'dateWise', dates: [29, 31] }],
    [
      'monthly dayWise',
      { ...ok, frequency: 'monthly', months: [1, 12], mode: 'dayWise', days: [{ week: 'last', weekDay: 5 }] },
    ],
    ['UTC', { ...ok, timezone: 'UTC' }],
    ['an alias zone', { ...ok, timezone: 'Asia/Calcutta' }],
    ['an end equal to the start', { ...ok, endDate: '2027-01-01T09:00' }],
    ['its JSON string', JSON.stringify(ok)],
  ])('accepts %s', (_name, d) => {
    expect(validateDuration(d)).toEqual([]);
  });

  it.each([
    [
      'no frequency',
      { ...ok, frequency: undefined },
      'frequency',
      'Please select frequency or repeat duration for the process!',
    ],
    [
      'an unknown frequency',
      { ...ok, frequency: 'yearly' },
      'frequency',
      'Please select frequency or repeat duration for the process!',
    ],
    ['minutely without every', { ...ok, frequency: 'minutely' }, 'every', 'Please select minutes!'],
    ['minutely every 60', { ...ok, frequency: 'minutely', every: 60 }, 'every', 'Please select minutes!'],
    ['minutely every 0', { ...ok, frequency: 'minutely', every: 0 }, 'every', 'Please select minutes!'],
    ['minutely every 2.5', { ...ok, frequency: 'minutely', every: 2.5 }, 'every', 'Please select minutes!'],
    ['minutely every "5"', { ...ok, frequency: 'minutely', every: '5' }, 'every', 'Please select minutes!'],
    ['hourly every 24', { ...ok, frequency: 'hourly', every: 24 }, 'every', 'Please select hours!'],
    ['hourly without every', { ...ok, frequency: 'hourly' }, 'every', 'Please select hours!'],
    ['daily without time', { ...ok, time: undefined }, 'time', 'Please select time!'],
    ['daily at 24:00', { ...ok, time: '24:00' }, 'time', 'Please select time!'],
    ['daily at 9:00', { ...ok, time: '9:00' }, 'time', 'Please select time!'],
    ['weekly without time', { ...ok, frequency: 'weekly', time: '', weekDays: [1] }, 'time', 'Please select time!'],
    ['weekly without week days', { ...ok, frequency: 'weekly', weekDays: [] }, 'weekDays', 'Please select week days!'],
    ['weekly with day 7', { ...ok, frequency: 'weekly', weekDays: [7] }, 'weekDays', 'Please select week days!'],
    [
      'monthly without months',
      { ...ok, frequency: 'monthly', mode: 'dateWise', dates: [1] },
      'months',
      'Please select months!',
    ],
    [
      'monthly with month 13',
      { ...ok, frequency: 'monthly', months: [13], mode: 'dateWise', dates: [1] },
      'months',
      'Please select months!',
    ],
    [
      'monthly without mode',
      { ...ok, frequency: 'monthly', months: [1], dates: [1] },
      'mode',
      'Please select day wise or date wise!',
    ],
    [
      'dateWise without dates',
      { ...ok, frequency: 'monthly', months: [1], mode: 'dateWise' },
      'dates',
      'Please select dates of the month!',
    ],
    [
      'dateWise with 32',
      { ...ok, frequency: 'monthly', months: [1], mode: 'dateWise', dates: [32] },
      'dates',
      'Please select dates of the month!',
    ],
    [
      'dateWise 30 and 31 of February only',
      { ...ok, frequency: 'monthly', months: [2], mode: 'dateWise', dates: [30, 31] },
      'dates',
      'Please select dates of the month!',
    ],
    [
      'dayWise without days',
      { ...ok, frequency: 'monthly', months: [1], mode: 'dayWise', days: [] },
      'days',
      'Please select days of the month!',
    ],
    [
      'dayWise week 5',
      { ...ok, frequency: 'monthly', months: [1], mode: 'dayWise', days: [{ week: 5, weekDay: 1 }] },
      'days',
      'Please select days of the month!',
    ],
    [
      'dayWise week day 7',
      { ...ok, frequency: 'monthly', months: [1], mode: 'dayWise', days: [{ week: 1, weekDay: 7 }] },
      'days',
      'Please select days of the month!',
    ],
    ['no timezone', { ...ok, timezone: undefined }, 'timezone', 'Please select timezone!'],
    ['an unknown timezone', { ...ok, timezone: 'Mars/Olympus' }, 'timezone', 'Please select timezone!'],
    ['an empty timezone', { ...ok, timezone: '' }, 'timezone', 'Please select timezone!'],
    ['no start date', { ...ok, startDate: undefined }, 'startDate', 'Please select start date!'],
    ['an empty start date', { ...ok, startDate: '' }, 'startDate', 'Please select start date!'],
    ['30 February', { ...ok, startDate: '2027-02-30T10:00' }, 'startDate', 'Please select a valid date and time!'],
    ['25:00', { ...ok, startDate: '2027-02-10T25:00' }, 'startDate', 'Please select a valid date and time!'],
    ['a date without time', { ...ok, startDate: '2027-02-10' }, 'startDate', 'Please select a valid date and time!'],
    [
      'an end that is not real',
      { ...ok, endDate: '2027-04-31T10:00' },
      'endDate',
      'Please select a valid date and time!',
    ],
    [
      'an end before the start',
      { ...ok, endDate: '2026-12-31T23:59' },
      'endDate',
      'Please select a valid date and time!',
    ],
    ['an end of the wrong type', { ...ok, endDate: 20270101 }, 'endDate', 'Please select end date!'],
  ])('%s', (_name, d, field, message) => {
    expect(problems(d)).toEqual([[field, message]]);
  });

  it('compares start and end as instants: New York 02:30 on the spring day is after 03:15', () => {
    const ny = { ...ok, timezone: 'America/New_York', startDate: '2027-03-14T02:30', endDate: '2027-03-14T03:15' };
    expect(problems(ny)).toEqual([['endDate', 'Please select a valid date and time!']]);
  });

  it('lists every problem in form order and carries the catalogue key', () => {
    expect(validateDuration({ frequency: 'monthly' })).toEqual([
      { field: 'time', key: 'selectTime', message: 'Please select time!' },
      { field: 'months', key: 'selectMonths', message: 'Please select months!' },
      { field: 'mode', key: 'selectDayOrDateWise', message: 'Please select day wise or date wise!' },
      { field: 'timezone', key: 'selectTimezone', message: 'Please select timezone!' },
      { field: 'startDate', key: 'selectStartDate', message: 'Please select start date!' },
    ]);
  });

  it.each([[undefined], [null], [42], ['not json'], [[]], [{ frequency: { a: 1 }, weekDays: 'x', days: [null] }]])(
    'never throws on %o',
    (d) => {
      expect(problems(d)).toContainEqual(['frequency', 'Please select frequency or repeat duration for the process!']);
    },
  );
});

describe('validateScheduleBody', () => {
  const body = { botId: 'b1', recipients: ['a@example.com'], overlap: 'skip', duration: ok };
  it('accepts a full body, and one without recipients or overlap', () => {
    expect(validateScheduleBody(body)).toEqual([]);
    expect(validateScheduleBody({ botId: 'b1', duration: JSON.stringify(ok) })).toEqual([]);
  });
  it.each([
    ['no bot', { ...body, botId: undefined }, 'botId', 'Please select bot!'],
    ['a blank bot', { ...body, botId: '  ' }, 'botId', 'Please select bot!'],
    [
      '11 recipients',
      { ...body, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) },
      'recipients',
      'Only 10 recipients are allowed!',
    ],
    [
      'a recipient that is no e-mail',
      { ...body, recipients: ['a@example.com', 'nobody'] },
      'recipients',
      'Please enter valid email address!',
    ],
    ['an unknown overlap', { ...body, overlap: 'parallel' }, 'overlap', 'The request is not valid.'],
    [
      'no duration',
      { ...body, duration: undefined },
      'frequency',
      'Please select frequency or repeat duration for the process!',
    ],
  ])('%s', (_name, b, field, message) => {
    expect(validateScheduleBody(b).map((e) => [e.field, e.message])[0]).toEqual([field, message]);
  });
  it('10 recipients are allowed', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `r${i}@example.com`);
    expect(validateScheduleBody({ ...body, recipients: ten })).toEqual([]);
  });
  it.each([[undefined], [null], ['x'], [[1, 2]]])('never throws on %o', (b) => {
    expect(validateScheduleBody(b).map((e) => e.field)).toEqual(['botId', 'frequency', 'timezone', 'startDate']);
  });
});
