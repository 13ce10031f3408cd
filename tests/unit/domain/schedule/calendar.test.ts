// Weekly and monthly fires; the calendar facts (week days of 2027 dates) are worked out by hand:
// 2027-01-01 is a Friday.
import { describe, expect, it } from 'vitest';
import { nextFires, type MonthDay, type ScheduleDuration } from '../../../../src/domain/schedule';

const days = (d: ScheduleDuration, from: string, count: number) =>
  nextFires(d, new Date(from), count).map((x) => x.toISOString());
const base = { time: '10:00', timezone: 'UTC', startDate: '2027-01-01T00:00' } as const;
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

describe('weekly', () => {
  it('fires on its week days only (Mon, Wed, Fri from Saturday 2027-03-13)', () => {
    expect(days({ ...base, frequency: 'weekly', weekDays: [1, 3, 5] }, '2027-03-13T00:00Z', 4)).toEqual([
      '2027-03-15T10:00:00.000Z',
      '2027-03-17T10:00:00.000Z',
      '2027-03-19T10:00:00.000Z',
      '2027-03-22T10:00:00.000Z',
    ]);
  });
  it('a Sunday 02:30 in New York fires at 03:30 EDT on the spring Sunday, then 02:30 EDT', () => {
    const d: ScheduleDuration = {
      ...base,
      frequency: 'weekly',
      weekDays: [0],
      time: '02:30',
      timezone: 'America/New_York',
    };
    expect(days(d, '2027-03-08T00:00Z', 3)).toEqual([
      '2027-03-14T07:30:00.000Z',
      '2027-03-21T06:30:00.000Z',
      '2027-03-28T06:30:00.000Z',
    ]);
  });
});

describe('monthly date-wise', () => {
  const dateWise = (dates: number[], months = ALL_MONTHS): ScheduleDuration => ({
    ...base,
    frequency: 'monthly',
    mode: 'dateWise',
    months,
    dates,
  });
  it('the 31st skips the months that lack it (February, April, June)', () => {
    expect(days(dateWise([31]), '2027-01-01T00:00Z', 5)).toEqual([
      '2027-01-31T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-05-31T10:00:00.000Z',
      '2027-07-31T10:00:00.000Z',
      '2027-08-31T10:00:00.000Z',
    ]);
  });
  it('the 30th skips February', () => {
    expect(days(dateWise([30], [1, 2, 3]), '2027-01-01T00:00Z', 3)).toEqual([
      '2027-01-30T10:00:00.000Z',
      '2027-03-30T10:00:00.000Z',
      '2028-01-30T10:00:00.000Z',
    ]);
  });
  it('29 February fires in leap years only', () => {
    expect(days(dateWise([29], [2]), '2027-01-01T00:00Z', 2)).toEqual([
      '2028-02-29T10:00:00.000Z',
      '2032-02-29T10:00:00.000Z',
    ]);
  });
  it('several dates of one month fire in order, only in the chosen months', () => {
    expect(days(dateWise([15, 1], [6, 12]), '2027-06-02T00:00Z', 4)).toEqual([
      '2027-06-15T10:00:00.000Z',
      '2027-12-01T10:00:00.000Z',
      '2027-12-15T10:00:00.000Z',
      '2028-06-01T10:00:00.000Z',
    ]);
  });
});

describe('monthly day-wise', () => {
  const dayWise = (monthDays: MonthDay[], months: number[]): ScheduleDuration => ({
    ...base,
    frequency: 'monthly',
    mode: 'dayWise',
    months,
    days: monthDays,
  });
  it('last Friday of April 2027 is the 30th', () => {
    expect(days(dayWise([{ week: 'last', weekDay: 5 }], [4]), '2027-01-01T00:00Z', 1)).toEqual([
      '2027-04-30T10:00:00.000Z',
    ]);
  });
  it('first Monday of November 2027 is the 1st; second Tuesday the 9th', () => {
    const d = dayWise(
      [
        { week: 2, weekDay: 2 },
        { week: 1, weekDay: 1 },
      ],
      [11],
    );
    expect(days(d, '2027-01-01T00:00Z', 2)).toEqual(['2027-11-01T10:00:00.000Z', '2027-11-09T10:00:00.000Z']);
  });
  it('the 4th and the last Wednesday of March 2027 differ (24th and 31st)', () => {
    const d = dayWise(
      [
        { week: 4, weekDay: 3 },
        { week: 'last', weekDay: 3 },
      ],
      [3],
    );
    expect(days(d, '2027-01-01T00:00Z', 2)).toEqual(['2027-03-24T10:00:00.000Z', '2027-03-31T10:00:00.000Z']);
  });
  it('the 4th and the last Sunday of February 2027 are the same day (28th), fired once', () => {
    const d = dayWise(
      [
        { week: 4, weekDay: 0 },
        { week: 'last', weekDay: 0 },
      ],
      [2],
    );
    expect(days(d, '2027-01-01T00:00Z', 2)).toEqual(['2027-02-28T10:00:00.000Z', '2028-02-27T10:00:00.000Z']);
  });
  it('second Sunday at 02:30 in New York: 2027-03-14 is in the gap', () => {
    const d: ScheduleDuration = {
      ...dayWise([{ week: 2, weekDay: 0 }], [3, 11]),
      time: '02:30',
      timezone: 'America/New_York',
    };
    // 2nd Sunday of March 2027 = 14th (gap: 03:30 EDT); of November = 14th (EST).
    expect(days(d, '2027-01-01T00:00Z', 2)).toEqual(['2027-03-14T07:30:00.000Z', '2027-11-14T07:30:00.000Z']);
  });
});
