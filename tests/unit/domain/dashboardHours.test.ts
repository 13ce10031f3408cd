import { describe, expect, it } from 'vitest';
import { hourSplit, periodRange, type PeriodRange } from '../../../src/domain/dashboard';

const range = (from: string, to: string, timeZone: string): PeriodRange => {
  const r = periodRange({ period: 'custom', from, to, timeZone, now: new Date() });
  if (typeof r === 'string') throw new Error(r);
  return r;
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/*
 * The kept counts are per UTC hour: a report sums the whole hours inside one of its buckets and
 * counts the runs of every hour a boundary cuts one by one.
 */
describe('hourSplit: which UTC hours a report counts run by run', () => {
  it('cuts nothing in a whole-hour zone, even across a clock change', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/New_York']) {
      const r = range('2026-03-07', '2026-03-09', zone);
      const split = hourSplit(r, zone, true);
      expect(split.split, zone).toEqual([]);
      expect(split.wholeFrom).toEqual(r.from);
      expect(split.wholeTo).toEqual(r.to);
    }
  });

  it('cuts the hour of each local midnight in Asia/Kolkata (+05:30)', () => {
    const r = range('2026-01-05', '2026-01-07', 'Asia/Kolkata');
    expect(iso(hourSplit(r, 'Asia/Kolkata', false).split)).toEqual([
      '2026-01-04T18:00:00.000Z',
      '2026-01-07T18:00:00.000Z',
    ]);
    expect(iso(hourSplit(r, 'Asia/Kolkata', true).split)).toEqual([
      '2026-01-04T18:00:00.000Z',
      '2026-01-05T18:00:00.000Z',
      '2026-01-06T18:00:00.000Z',
      '2026-01-07T18:00:00.000Z',
    ]);
    const whole = hourSplit(r, 'Asia/Kolkata', false);
    expect(whole.wholeFrom.toISOString()).toBe('2026-01-04T19:00:00.000Z');
    expect(whole.wholeTo.toISOString()).toBe('2026-01-07T18:00:00.000Z');
  });

  it('cuts every hour of a day read by local hour in Asia/Kathmandu (+05:45)', () => {
    const r = range('2026-01-05', '2026-01-05', 'Asia/Kathmandu');
    const split = hourSplit(r, 'Asia/Kathmandu', true).split;
    expect(split).toHaveLength(25);
    expect(split[0].toISOString()).toBe('2026-01-04T18:00:00.000Z');
    expect(hourSplit(r, 'Asia/Kathmandu', false).split).toHaveLength(2);
  });
});
