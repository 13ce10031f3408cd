import { describe, expect, it } from 'vitest';
import { outcomeOf, periodRange, successRate, type PeriodRange } from '../../../src/domain/dashboard';

const range = (input: Parameters<typeof periodRange>[0]): PeriodRange => {
  const r = periodRange(input);
  if (typeof r === 'string') throw new Error(r);
  return r;
};
const iso = (r: PeriodRange) => [r.from.toISOString(), r.to.toISOString()];

describe('dashboard periods, in the viewer’s time zone', () => {
  it('today is the local day: in Asia/Kolkata it starts at 18:30 UTC the day before', () => {
    const now = new Date('2026-03-10T20:00:00Z'); // 11 March 01:30 in Kolkata
    const r = range({ period: 'today', timeZone: 'Asia/Kolkata', now });
    expect(iso(r)).toEqual(['2026-03-10T18:30:00.000Z', '2026-03-11T18:30:00.000Z']);
    expect(r.days).toEqual(['2026-03-11']);
    expect(r.bucket).toBe('hour');
    expect(iso(range({ period: 'today', timeZone: 'UTC', now }))).toEqual([
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
    ]);
  });

  it('weekly is the 7 local days ending today, monthly the 30', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const week = range({ period: 'weekly', timeZone: 'UTC', now });
    expect(iso(week)).toEqual(['2026-03-04T00:00:00.000Z', '2026-03-11T00:00:00.000Z']);
    expect(week.days).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(week.bucket).toBe('day');
    const month = range({ period: 'monthly', timeZone: 'America/Los_Angeles', now });
    // 9 February (PST, UTC−8) to the end of 10 March (PDT since 8 March, UTC−7).
    expect(month.days[0]).toBe('2026-02-09');
    expect(month.days).toHaveLength(30);
    expect(iso(month)).toEqual(['2026-02-09T08:00:00.000Z', '2026-03-11T07:00:00.000Z']);
  });

  it('a day with a clock change lasts 23 hours (America/New_York, 8 March 2026)', () => {
    const r = range({
      period: 'custom',
      timeZone: 'America/New_York',
      now: new Date(),
      from: '2026-03-08',
      to: '2026-03-08',
    });
    expect(iso(r)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('custom covers both local days given, Asia/Kathmandu (UTC+5:45) included', () => {
    const r = range({
      period: 'custom',
      timeZone: 'Asia/Kathmandu',
      now: new Date(),
      from: '2026-01-30',
      to: '2026-02-01',
    });
    expect(iso(r)).toEqual(['2026-01-29T18:15:00.000Z', '2026-02-01T18:15:00.000Z']);
    expect(r.days).toEqual(['2026-01-30', '2026-01-31', '2026-02-01']);
  });

  it('says why a period cannot be read', () => {
    const now = new Date();
    expect(periodRange({ period: 'today', timeZone: 'Nowhere/City', now })).toBe('timezone');
    expect(periodRange({ period: 'custom', timeZone: 'UTC', now, from: '2026-01-01' })).toBe('customDates');
    expect(periodRange({ period: 'custom', timeZone: 'UTC', now, from: '2026-02-29', to: '2026-03-01' })).toBe(
      'customDates',
    );
    expect(periodRange({ period: 'custom', timeZone: 'UTC', now, from: '2026-01-02', to: '2026-01-01' })).toBe(
      'customOrder',
    );
    expect(periodRange({ period: 'custom', timeZone: 'UTC', now, from: '2024-01-01', to: '2025-01-01' })).toBe(
      'customLength',
    );
    expect(typeof periodRange({ period: 'custom', timeZone: 'UTC', now, from: '2024-01-01', to: '2024-12-31' })).toBe(
      'object',
    );
  });
});

describe('dashboard outcomes', () => {
  it('groups statuses: Executed successful, Error failed, Canceled and Agent Disconnected terminated', () => {
    expect([0, 1, 2, 3, 4, 5].map(outcomeOf)).toEqual([
      undefined,
      undefined,
      'successful',
      'failed',
      'terminated',
      'terminated',
    ]);
  });

  it('the success rate is of finished runs, none finished has none', () => {
    expect(successRate({ successful: 2, failed: 1, terminated: 0 })).toBe(66.7);
    expect(successRate({ successful: 0, failed: 0, terminated: 0 })).toBeNull();
  });
});
