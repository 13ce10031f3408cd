import { describe, expect, it } from 'vitest';
import { periodRange, quarterSplit, type PeriodRange } from '../../../src/domain/dashboard';

const range = (from: string, to: string, timeZone: string): PeriodRange => {
  const r = periodRange({ period: 'custom', from, to, timeZone, now: new Date('2026-11-27T12:00:00Z') });
  if (typeof r === 'string') throw new Error(r);
  return r;
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/*
 * The kept counts are per quarter of an hour from a whole UTC hour: a report sums the whole
 * quarters inside one of its buckets and counts the runs of a quarter a boundary cuts one by one.
 */
describe('quarterSplit: which quarters of an hour a report counts run by run', () => {
  it('cuts nothing in the zones of today, whole-hour or not, across a clock change too', () => {
    for (const zone of [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ]) {
      const r = range('2026-03-07', '2026-04-06', zone);
      for (const buckets of [false, true]) {
        const split = quarterSplit(r, zone, buckets);
        expect(split.split, zone).toEqual([]);
        expect(split.wholeFrom).toEqual(r.from);
        expect(split.wholeTo).toEqual(r.to);
      }
    }
  });

  it('cuts nothing in a day read by local hour in Asia/Kathmandu (+05:45)', () => {
    const r = range('2026-01-05', '2026-01-05', 'Asia/Kathmandu');
    expect(r.from.toISOString()).toBe('2026-01-04T18:15:00.000Z');
    expect(quarterSplit(r, 'Asia/Kathmandu', true).split).toEqual([]);
  });

  it('cuts the quarter of each local midnight where the offset was no whole quarter (Monrovia, −00:44:30, 1970)', () => {
    const r = range('1970-01-05', '1970-01-06', 'Africa/Monrovia');
    // Local midnight at −00:44:30 is 00:44:30 UTC: inside the quarter starting at 00:30.
    expect(r.from.toISOString()).toBe('1970-01-05T00:44:30.000Z');
    expect(iso(quarterSplit(r, 'Africa/Monrovia', false).split)).toEqual([
      '1970-01-05T00:30:00.000Z',
      '1970-01-07T00:30:00.000Z',
    ]);
    expect(iso(quarterSplit(r, 'Africa/Monrovia', true).split)).toEqual([
      '1970-01-05T00:30:00.000Z',
      '1970-01-06T00:30:00.000Z',
      '1970-01-07T00:30:00.000Z',
    ]);
    const whole = quarterSplit(r, 'Africa/Monrovia', false);
    expect(whole.wholeFrom.toISOString()).toBe('1970-01-05T00:45:00.000Z');
    expect(whole.wholeTo.toISOString()).toBe('1970-01-07T00:30:00.000Z');
  });

  it('cuts the quarter of each local hour of a day read by hour there', () => {
    const r = range('1970-01-05', '1970-01-05', 'Africa/Monrovia');
    const split = quarterSplit(r, 'Africa/Monrovia', true).split;
    // 24 local hours, each starting at :44:30 UTC, and the day's end (the next local midnight).
    expect(split).toHaveLength(25);
    expect(split[0].toISOString()).toBe('1970-01-05T00:30:00.000Z');
    expect(split[1].toISOString()).toBe('1970-01-05T01:30:00.000Z');
  });
});
