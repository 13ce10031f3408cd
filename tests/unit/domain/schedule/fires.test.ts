// Expected instants are worked out by hand from each zone's 2027 rules, written as UTC.
import { describe, expect, it } from 'vitest';
import { firesBetween, nextFire, nextFires, type ScheduleDuration } from '../../../../src/domain/schedule';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const daily = (timezone: string, time: string, startDate = '2027-01-01T00:00'): ScheduleDuration => ({
  frequency: 'daily',
  time,
  timezone,
  startDate,
});
const fires = (d: ScheduleDuration, from: string, count = 3) => iso(nextFires(d, new Date(from), count));

describe('daily: a wall-clock time in the zone, across both 2027 clock changes', () => {
  it.each([
    // [zone, time, from, expected three fires]
    // New York, spring (2027-03-14 02:00 → 03:00): 02:30 fires at 03:30 EDT that day.
    ['America/New_York', '02:30', '2027-03-13T00:00Z', ['2027-03-13T07:30', '2027-03-14T07:30', '2027-03-15T06:30']],
    // New York, autumn (2027-11-07 02:00 → 01:00): 01:30 fires once, at the first (EDT).
    ['America/New_York', '01:30', '2027-11-06T00:00Z', ['2027-11-06T05:30', '2027-11-07T05:30', '2027-11-08T06:30']],
    ['America/New_York', '09:00', '2027-03-13T00:00Z', ['2027-03-13T14:00', '2027-03-14T13:00', '2027-03-15T13:00']],
    ['America/New_York', '09:00', '2027-11-06T00:00Z', ['2027-11-06T13:00', '2027-11-07T14:00', '2027-11-08T14:00']],
    // London (2027-03-28 01:00 GMT → 02:00 BST; 2027-10-31 02:00 BST → 01:00 GMT).
    ['Europe/London', '01:30', '2027-03-27T00:00Z', ['2027-03-27T01:30', '2027-03-28T01:30', '2027-03-29T00:30']],
    ['Europe/London', '01:30', '2027-10-30T00:00Z', ['2027-10-30T00:30', '2027-10-31T00:30', '2027-11-01T01:30']],
    ['Europe/London', '09:00', '2027-03-27T00:00Z', ['2027-03-27T09:00', '2027-03-28T08:00', '2027-03-29T08:00']],
    // Sydney (2027-10-03 02:00 AEST → 03:00 AEDT; 2027-04-04 03:00 AEDT → 02:00 AEST).
    ['Australia/Sydney', '02:30', '2027-10-01T00:00Z', ['2027-10-01T16:30', '2027-10-02T16:30', '2027-10-03T15:30']],
    ['Australia/Sydney', '02:30', '2027-04-02T00:00Z', ['2027-04-02T15:30', '2027-04-03T15:30', '2027-04-04T16:30']],
    ['Australia/Sydney', '09:00', '2027-04-02T00:00Z', ['2027-04-02T22:00', '2027-04-03T23:00', '2027-04-04T23:00']],
    // Lord Howe, half-hour changes (2027-10-03 02:00 → 02:30; 2027-04-04 02:00 → 01:30).
    ['Australia/Lord_Howe', '02:15', '2027-10-01T00:00Z', ['2027-10-01T15:45', '2027-10-02T15:45', '2027-10-03T15:15']],
    ['Australia/Lord_Howe', '01:45', '2027-04-02T00:00Z', ['2027-04-02T14:45', '2027-04-03T14:45', '2027-04-04T15:15']],
    ['Australia/Lord_Howe', '09:00', '2027-04-02T00:00Z', ['2027-04-02T22:00', '2027-04-03T22:30', '2027-04-04T22:30']],
    // Kolkata has no change: 02:30 and 09:00 are +05:30 every day.
    ['Asia/Kolkata', '02:30', '2027-03-13T00:00Z', ['2027-03-13T21:00', '2027-03-14T21:00', '2027-03-15T21:00']],
    ['Asia/Kolkata', '09:00', '2027-11-06T00:00Z', ['2027-11-06T03:30', '2027-11-07T03:30', '2027-11-08T03:30']],
    // Odd offsets: Kathmandu +05:45; Chatham +12:45, changing 2027-09-26 02:45 → 03:45 (+13:45).
    ['Asia/Kathmandu', '09:00', '2027-05-01T00:00Z', ['2027-05-01T03:15', '2027-05-02T03:15', '2027-05-03T03:15']],
    ['Pacific/Chatham', '03:00', '2027-09-24T00:00Z', ['2027-09-24T14:15', '2027-09-25T14:15', '2027-09-26T13:15']],
  ])('%s at %s from %s', (zone, time, from, expected) => {
    expect(fires(daily(zone, time), from)).toEqual(expected.map((e) => `${e}:00.000Z`));
  });
});

describe('minutely and hourly: elapsed time, constant spacing in UTC across the changes', () => {
  const elapsed = (frequency: 'minutely' | 'hourly', every: number, timezone: string, startDate: string) =>
    ({ frequency, every, timezone, startDate }) as ScheduleDuration;

  it.each([
    // New York spring: 01:00 EST, 01:30 EST, 03:00 EDT, 03:30 EDT.
    [
      elapsed('minutely', 30, 'America/New_York', '2027-03-14T01:00'),
      '2027-03-14T00:00Z',
      ['06:00', '06:30', '07:00', '07:30'],
    ],
    // New York autumn: 00:00 EDT, 01:00 EDT, 01:00 EST, 02:00 EST: each local 01:00 fires.
    [
      elapsed('hourly', 1, 'America/New_York', '2027-11-07T00:00'),
      '2027-11-07T00:00Z',
      ['04:00', '05:00', '06:00', '07:00'],
    ],
    [
      elapsed('hourly', 1, 'America/New_York', '2027-03-14T00:00'),
      '2027-03-14T00:00Z',
      ['05:00', '06:00', '07:00', '08:00'],
    ],
    // London: 00:00 GMT, 00:45 GMT, 02:30 BST, 03:15 BST.
    [
      elapsed('minutely', 45, 'Europe/London', '2027-03-28T00:00'),
      '2027-03-28T00:00Z',
      ['00:00', '00:45', '01:30', '02:15'],
    ],
    [
      elapsed('hourly', 1, 'Europe/London', '2027-10-31T00:00'),
      '2027-10-30T00:00Z',
      ['23:00', '00:00', '01:00', '02:00'],
    ],
    // Sydney autumn, start 01:30 AEDT (2027-04-03T14:30Z).
    [
      elapsed('minutely', 45, 'Australia/Sydney', '2027-04-04T01:30'),
      '2027-04-03T00:00Z',
      ['14:30', '15:15', '16:00', '16:45'],
    ],
    [
      elapsed('hourly', 1, 'Australia/Sydney', '2027-10-03T01:00'),
      '2027-10-02T00:00Z',
      ['15:00', '16:00', '17:00', '18:00'],
    ],
    // Lord Howe spring: 01:00 (+10:30), 02:30 (+11), 03:30, 04:30.
    [
      elapsed('hourly', 1, 'Australia/Lord_Howe', '2027-10-03T01:00'),
      '2027-10-02T00:00Z',
      ['14:30', '15:30', '16:30', '17:30'],
    ],
    [
      elapsed('minutely', 20, 'Australia/Lord_Howe', '2027-04-04T01:20'),
      '2027-04-03T00:00Z',
      ['14:20', '14:40', '15:00', '15:20'],
    ],
    [
      elapsed('hourly', 2, 'Asia/Kolkata', '2027-03-14T01:30'),
      '2027-03-13T00:00Z',
      ['20:00', '22:00', '00:00', '02:00'],
    ],
  ])('%o from %s', (d, from, expected) => {
    const got = fires(d, from, 4).map((s) => s.slice(11, 16));
    expect(got).toEqual(expected);
  });

  it('every 7 minutes is 7 minutes apart across an hour boundary', () => {
    const d = elapsed('minutely', 7, 'Asia/Kolkata', '2027-05-01T09:50'); // 04:20Z
    expect(fires(d, '2027-05-01T04:30Z', 4)).toEqual([
      '2027-05-01T04:34:00.000Z', // 10:04 local: the slot after 09:57, not 10:00
      '2027-05-01T04:41:00.000Z',
      '2027-05-01T04:48:00.000Z',
      '2027-05-01T04:55:00.000Z',
    ]);
  });

  it('counts slots from the start, however far ahead `from` is', () => {
    const d = elapsed('minutely', 7, 'UTC', '2027-01-01T00:00');
    // 2027-01-08 is 10,080 minutes = 1,440 × 7 after the start: a slot.
    expect(fires(d, '2027-01-08T00:00Z', 2)).toEqual(['2027-01-08T00:00:00.000Z', '2027-01-08T00:07:00.000Z']);
    expect(fires(d, '2027-01-08T00:00:00.001Z', 1)).toEqual(['2027-01-08T00:07:00.000Z']);
    // 2127-01-01 is 36,524 days after (24 leap days: 2100 is not a leap year) = 52,594,560
    // minutes = 7,513,508 × 7 + 4: the next slot is 3 minutes later.
    expect(fires(d, '2127-01-01T00:00Z', 1)).toEqual(['2127-01-01T00:03:00.000Z']);
  });
});

describe('start and end dates', () => {
  const d = (startDate: string, endDate?: string): ScheduleDuration => ({
    ...daily('UTC', '09:00', startDate),
    endDate,
  });

  it('are inclusive', () => {
    expect(fires(d('2027-05-10T09:00', '2027-05-12T09:00'), '2027-05-01T00:00Z', 10)).toEqual([
      '2027-05-10T09:00:00.000Z',
      '2027-05-11T09:00:00.000Z',
      '2027-05-12T09:00:00.000Z',
    ]);
  });

  it('nothing fires before the start nor after the end', () => {
    expect(fires(d('2027-05-10T09:01', '2027-05-12T08:59'), '2027-05-01T00:00Z', 10)).toEqual([
      '2027-05-11T09:00:00.000Z',
    ]);
    expect(nextFire(d('2027-05-10T09:00', '2027-05-12T09:00'), new Date('2027-05-12T09:00:01Z'))).toBeUndefined();
  });

  it('a `from` exactly on a fire includes it', () => {
    expect(nextFire(d('2027-05-10T09:00'), new Date('2027-05-11T09:00:00Z'))?.toISOString()).toBe(
      '2027-05-11T09:00:00.000Z',
    );
    expect(nextFire(d('2027-05-10T09:00'), new Date('2027-05-11T09:00:00.001Z'))?.toISOString()).toBe(
      '2027-05-12T09:00:00.000Z',
    );
  });

  it('a start in the gap is read by the same rule (New York 02:30 → 07:30Z)', () => {
    const every15 = { frequency: 'minutely', every: 15, timezone: 'America/New_York', startDate: '2027-03-14T02:30' };
    expect(fires(every15 as ScheduleDuration, '2027-03-14T00:00Z', 2)).toEqual([
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T07:45:00.000Z',
    ]);
  });

  it('an end in the repeated hour is its first occurrence (New York 01:30 EDT = 05:30Z)', () => {
    const hourly = {
      frequency: 'minutely',
      every: 30,
      timezone: 'America/New_York',
      startDate: '2027-11-07T00:00',
      endDate: '2027-11-07T01:30',
    };
    expect(fires(hourly as ScheduleDuration, '2027-11-07T00:00Z', 10)).toEqual([
      '2027-11-07T04:00:00.000Z',
      '2027-11-07T04:30:00.000Z',
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T05:30:00.000Z',
    ]);
  });
});

describe('firesBetween: [from, to), at most cap', () => {
  const d = daily('UTC', '09:00', '2027-05-10T00:00');
  it('includes from and excludes to', () => {
    expect(iso(firesBetween(d, new Date('2027-05-10T09:00Z'), new Date('2027-05-12T09:00Z'), 100))).toEqual([
      '2027-05-10T09:00:00.000Z',
      '2027-05-11T09:00:00.000Z',
    ]);
  });
  it('stops at cap', () => {
    const every5 = { frequency: 'minutely', every: 5, timezone: 'UTC', startDate: '2027-01-01T00:00' } as const;
    expect(iso(firesBetween(every5, new Date('2027-01-01T00:00Z'), new Date('2028-01-01T00:00Z'), 3))).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-01-01T00:05:00.000Z',
      '2027-01-01T00:10:00.000Z',
    ]);
    expect(firesBetween(every5, new Date('2027-01-01T00:00Z'), new Date('2027-01-01T01:00Z'), 1000)).toHaveLength(12);
  });
  it('is empty when to is not after from', () => {
    expect(firesBetween(d, new Date('2027-05-11T09:00Z'), new Date('2027-05-11T09:00Z'), 10)).toEqual([]);
  });
});

describe('a duration that is not valid never fires and never throws', () => {
  it.each([
    [{ frequency: 'minutely', every: 0, timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'daily', time: '25:00', timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'daily', time: '09:00', timezone: 'Nowhere/City', startDate: '2027-01-01T00:00' }],
    [{ frequency: 'daily', time: '09:00', timezone: 'UTC', startDate: '2027-02-30T00:00' }],
    [{ frequency: 'weekly', time: '09:00', weekDays: [], timezone: 'UTC', startDate: '2027-01-01T00:00' }],
    [
      {
        frequency: 'monthly',
        time: '09:00',
        months: [2],
        mode: 'dateWise',
        dates: [30, 31],
        timezone: 'UTC',
        startDate: '2027-01-01T00:00',
      },
    ],
  ])('%o', (d) => {
    expect(nextFires(d as ScheduleDuration, new Date('2027-01-01T00:00Z'), 3)).toEqual([]);
    expect(nextFire(d as ScheduleDuration, new Date('2027-01-01T00:00Z'))).toBeUndefined();
  });
});
