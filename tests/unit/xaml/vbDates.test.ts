import { describe, expect, it } from 'vitest';
import { thrown, vb, vbText } from './helpers';

/**
 * Microsoft.VisualBasic's DateDiff, DateAdd and DatePart, expected as learn.microsoft.com's
 * DateAndTime pages document them.
 */
describe('VB DateDiff', () => {
  const diff = (interval: string, d1: string, d2: string, extra = '') =>
    vbText(`DateDiff(${interval}, ${d1}, ${d2}${extra})`);
  const d = (y: number, m: number, day: number, h = 0) => `New DateTime(${y}, ${m}, ${day}, ${h}, 0, 0)`;

  it('counts Year, Quarter and Month from the calendar parts alone: December 31 to January 1 is one of each', () => {
    for (const i of ['DateInterval.Year', 'DateInterval.Quarter', 'DateInterval.Month'])
      expect(diff(i, d(2023, 12, 31), d(2024, 1, 1)), i).toBe('1');
    expect(diff('DateInterval.Month', d(2024, 1, 31), d(2024, 3, 1))).toBe('2');
    expect(diff('DateInterval.Quarter', d(2024, 3, 31), d(2024, 4, 1))).toBe('1');
    expect(diff('DateInterval.Quarter', d(2024, 1, 1), d(2024, 3, 31))).toBe('0');
  });

  it('counts days between the dates, negative when Date1 is the later one', () => {
    expect(diff('DateInterval.Day', d(2024, 1, 1), d(2024, 3, 1))).toBe('60');
    expect(diff('DateInterval.Day', d(2024, 3, 1), d(2024, 1, 1))).toBe('-60');
    expect(diff('DateInterval.DayOfYear', d(2024, 1, 1), d(2024, 1, 11))).toBe('10');
    expect(diff('DateInterval.Hour', d(2024, 1, 1), d(2024, 1, 2, 6))).toBe('30');
    expect(diff('DateInterval.Minute', d(2024, 1, 1), d(2024, 1, 1, 2))).toBe('120');
    expect(diff('DateInterval.Second', d(2024, 1, 1), d(2024, 1, 1, 1))).toBe('3600');
  });

  it('counts Weekday as the weekdays of Date1 up to Date2 (Date2 counted, Date1 not)', () => {
    // January 1st 2024 is a Monday: the Mondays after it up to the 15th are the 8th and the 15th.
    expect(diff('DateInterval.Weekday', d(2024, 1, 1), d(2024, 1, 15))).toBe('2');
    expect(diff('DateInterval.Weekday', d(2024, 1, 1), d(2024, 1, 14))).toBe('1');
  });

  it('counts WeekOfYear as the Sundays after Date1 up to Date2, or another first day of the week', () => {
    expect(diff('DateInterval.WeekOfYear', d(2024, 1, 7), d(2024, 1, 14))).toBe('1');
    expect(diff('DateInterval.WeekOfYear', d(2024, 1, 1), d(2024, 1, 7))).toBe('1');
    expect(diff('DateInterval.WeekOfYear', d(2024, 1, 7), d(2024, 1, 13))).toBe('0');
    // With Monday as the first day, Sunday the 7th to Monday the 8th crosses one week start.
    expect(diff('DateInterval.WeekOfYear', d(2024, 1, 7), d(2024, 1, 8), ', FirstDayOfWeek.Monday')).toBe('1');
  });

  it('is a Long, takes the interval as text too, and works in REFramework-style expressions', () => {
    expect(vbText(`DateDiff("d", ${d(2024, 1, 1)}, ${d(2024, 1, 31)}).GetType().Name`)).toBe('Int64');
    expect(diff('"yyyy"', d(2020, 6, 1), d(2024, 1, 1))).toBe('4');
    expect(diff('"ww"', d(2024, 1, 7), d(2024, 1, 21))).toBe('2');
    const until = vb(`(DateDiff(DateInterval.Day, ${d(2024, 5, 1)}, due) + 1).ToString`, {
      due: vb(d(2024, 5, 11)),
    });
    expect(until).toBe('11');
    expect(thrown(() => vb(`DateDiff("fortnight", ${d(2024, 1, 1)}, ${d(2024, 1, 2)})`))).toBe(
      "ArgumentException: Argument 'Interval' is not a valid value.",
    );
  });
});

describe('VB DateAdd and DatePart', () => {
  it('adds months keeping the day when it exists, else the last day of the month', () => {
    expect(vbText('DateAdd(DateInterval.Month, 1, New DateTime(1995, 1, 31)).ToString("yyyy-MM-dd")')).toBe(
      '1995-02-28',
    );
    expect(vbText('DateAdd("m", 1, New DateTime(2024, 1, 31)).ToString("yyyy-MM-dd")')).toBe('2024-02-29');
    expect(vbText('DateAdd(DateInterval.Day, -1, New DateTime(2024, 3, 1)).ToString("yyyy-MM-dd")')).toBe('2024-02-29');
    expect(vbText('DateAdd(DateInterval.Hour, 25, New DateTime(2024, 1, 1)).ToString("yyyy-MM-dd HH:mm")')).toBe(
      '2024-01-02 01:00',
    );
    expect(vbText('DateAdd(DateInterval.Year, 1, New DateTime(2024, 2, 29)).ToString("yyyy-MM-dd")')).toBe(
      '2025-02-28',
    );
  });

  it('gives one part of a date; Weekday is 1 for the first day of the week (Sunday unless told)', () => {
    const may6 = 'New DateTime(2024, 5, 6, 13, 45, 30)'; // a Monday
    expect(vbText(`DatePart(DateInterval.Quarter, ${may6})`)).toBe('2');
    expect(vbText(`DatePart(DateInterval.Weekday, ${may6})`)).toBe('2');
    expect(vbText(`DatePart(DateInterval.Weekday, ${may6}, FirstDayOfWeek.Monday)`)).toBe('1');
    expect(vbText(`DatePart("h", ${may6}) + DatePart("n", ${may6})`)).toBe('58');
    expect(vbText(`DatePart(DateInterval.DayOfYear, ${may6})`)).toBe('127');
    expect(vbText('DatePart(DateInterval.WeekOfYear, New DateTime(2024, 1, 6))')).toBe('1');
    expect(vbText('DatePart(DateInterval.WeekOfYear, New DateTime(2024, 1, 7))')).toBe('2');
    expect(vbText('DatePart(DateInterval.Year, New DateTime(2024, 5, 6)).GetType().Name')).toBe('Int32');
  });
});

describe('UiPath ErrorAction', () => {
  it('names the four results a Global Exception Handler sets', () => {
    for (const n of ['Continue', 'Ignore', 'Retry', 'Abort']) expect(vbText(`ErrorAction.${n}`)).toBe(n);
    expect(vb('ErrorAction.Ignore = ErrorAction.Ignore')).toBe(true);
    expect(vb('ErrorAction.Ignore = ErrorAction.Retry')).toBe(false);
  });
});
