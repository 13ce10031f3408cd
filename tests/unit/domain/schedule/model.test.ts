import { describe, expect, it } from 'vitest';
import {
  fireNotes,
  isNonWorkingDay,
  parseDuration,
  serializeDuration,
  type ScheduleDuration,
} from '../../../../src/domain/schedule';

describe('parseDuration and serializeDuration', () => {
  const monthly: ScheduleDuration = {
    frequency: 'monthly',
    time: '09:30',
    months: [1, 4],
    mode: 'dayWise',
    days: [{ week: 'last', weekDay: 5 }],
    timezone: 'Europe/London',
    startDate: '2027-01-01T00:00',
    endDate: '2027-12-31T23:59',
  };
  const canonical =
    '{"frequency":"monthly","time":"09:30","months":[1,4],"mode":"dayWise","days":[{"week":"last","weekDay":5}],"timezone":"Europe/London","startDate":"2027-01-01T00:00","endDate":"2027-12-31T23:59"}';

  it('serializes keys in the model order whatever order they came in', () => {
    const shuffled = {
      endDate: '2027-12-31T23:59',
      days: [{ weekDay: 5, week: 'last' }],
      startDate: '2027-01-01T00:00',
      timezone: 'Europe/London',
      mode: 'dayWise',
      months: [1, 4],
      time: '09:30',
      frequency: 'monthly',
    } as ScheduleDuration;
    expect(serializeDuration(shuffled)).toBe(canonical);
    expect(serializeDuration(monthly)).toBe(canonical);
  });

  it('round-trips through the JSON string and the object', () => {
    expect(parseDuration(canonical)).toEqual(monthly);
    expect(parseDuration(monthly)).toEqual(monthly);
    expect(serializeDuration(parseDuration(serializeDuration(monthly))!)).toBe(canonical);
  });

  it('drops unknown keys and null optional fields', () => {
    expect(
      parseDuration({
        frequency: 'minutely',
        every: 5,
        timezone: 'UTC',
        startDate: '2027-01-01T00:00',
        endDate: null,
        x: 1,
      }),
    ).toEqual({ frequency: 'minutely', every: 5, timezone: 'UTC', startDate: '2027-01-01T00:00' });
  });

  it.each([
    [undefined],
    [null],
    ['not json'],
    ['[1]'],
    [42],
    [{ frequency: 'yearly', timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'daily', time: '09:00', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'daily', time: 900, timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'weekly', weekDays: '1,2', timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'monthly', mode: 'both', timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'monthly', days: [{ week: 'first', weekDay: 1 }], timezone: 'UTC', startDate: '2027-01-01T00:00' }],
  ])('answers undefined for %o', (value) => {
    expect(parseDuration(value)).toBeUndefined();
  });
});

describe('isNonWorkingDay', () => {
  const christmas2027 = { day: '2027-12-25', yearly: false };
  it('matches the fire’s local date in the schedule’s zone', () => {
    // 2027-12-24T20:00Z is 25 December 01:30 in Kolkata, still 24 December in UTC.
    expect(isNonWorkingDay(new Date('2027-12-24T20:00Z'), 'Asia/Kolkata', [christmas2027])).toBe(true);
    expect(isNonWorkingDay(new Date('2027-12-24T20:00Z'), 'UTC', [christmas2027])).toBe(false);
  });
  it('a one-off day matches its year only; a yearly day every year', () => {
    expect(isNonWorkingDay(new Date('2028-12-25T10:00Z'), 'UTC', [christmas2027])).toBe(false);
    expect(isNonWorkingDay(new Date('2028-12-25T10:00Z'), 'UTC', [{ day: '2020-12-25', yearly: true }])).toBe(true);
    expect(isNonWorkingDay(new Date('2028-12-26T10:00Z'), 'UTC', [{ day: '2020-12-25', yearly: true }])).toBe(false);
  });
  it('a yearly 29 February matches only in leap years', () => {
    const leap = [{ day: '2024-02-29', yearly: true }];
    expect(isNonWorkingDay(new Date('2028-02-29T12:00Z'), 'UTC', leap)).toBe(true);
    expect(isNonWorkingDay(new Date('2027-02-28T12:00Z'), 'UTC', leap)).toBe(false);
    expect(isNonWorkingDay(new Date('2027-03-01T12:00Z'), 'UTC', leap)).toBe(false);
  });
  it('no days, no match', () => {
    expect(isNonWorkingDay(new Date('2027-12-25T10:00Z'), 'UTC', [])).toBe(false);
  });
});

describe('fireNotes', () => {
  const ny = (time: string): ScheduleDuration => ({
    frequency: 'daily',
    time,
    timezone: 'America/New_York',
    startDate: '2027-01-01T00:00',
  });
  const dates = (...iso: string[]) => iso.map((s) => new Date(s));

  it('a skipped local time (02:30 on the spring day fired at 03:30 EDT)', () => {
    expect(fireNotes(ny('02:30'), dates('2027-03-13T07:30Z', '2027-03-14T07:30Z', '2027-03-15T06:30Z'))).toEqual([
      undefined,
      { kind: 'skippedLocalTime' },
      undefined,
    ]);
  });
  it('a repeated local time (01:30 on the autumn day fired at its first, EDT)', () => {
    expect(fireNotes(ny('01:30'), dates('2027-11-06T05:30Z', '2027-11-07T05:30Z', '2027-11-08T06:30Z'))).toEqual([
      undefined,
      { kind: 'repeatedLocalTime' },
      undefined,
    ]);
  });
  it('an ordinary time on a day the zone changes its offset', () => {
    expect(fireNotes(ny('09:00'), dates('2027-03-14T13:00Z', '2027-11-07T14:00Z', '2027-11-08T14:00Z'))).toEqual([
      { kind: 'clockChangeDay' },
      { kind: 'clockChangeDay' },
      undefined,
    ]);
  });
  it('elapsed fires only note the day (Lord Howe, half-hour change on 2027-10-03)', () => {
    const every = {
      frequency: 'hourly',
      every: 1,
      timezone: 'Australia/Lord_Howe',
      startDate: '2027-10-03T01:00',
    } as const;
    // 01:00 (+10:30), 02:30 (+11) on the 3rd; 2027-10-03T14:00Z is 01:00 on the 4th.
    expect(fireNotes(every, dates('2027-10-02T14:30Z', '2027-10-02T15:30Z', '2027-10-03T14:00Z'))).toEqual([
      { kind: 'clockChangeDay' },
      { kind: 'clockChangeDay' },
      undefined,
    ]);
  });
  it('a Lord Howe time in its half-hour gap (02:15 fired at 02:45)', () => {
    const d: ScheduleDuration = { ...ny('02:15'), timezone: 'Australia/Lord_Howe' };
    expect(fireNotes(d, dates('2027-10-02T15:45Z', '2027-10-03T15:15Z'))).toEqual([
      { kind: 'skippedLocalTime' },
      undefined,
    ]);
  });
  it('Kolkata has no clock change', () => {
    const d: ScheduleDuration = { ...ny('02:30'), timezone: 'Asia/Kolkata' };
    expect(fireNotes(d, dates('2027-03-13T21:00Z', '2027-11-06T21:00Z'))).toEqual([undefined, undefined]);
  });
});
