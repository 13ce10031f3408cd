import { describe, expect, it } from 'vitest';
import { ceilMinute, minutely } from '../../../scripts/bench/schedules-seed.mjs';
import { nextFire, parseDuration, validateDuration } from '../../../src/domain/schedule';

// The scheduler bench writes its schedules in SQL: they mean something only while they are
// schedules the model reads, and while their seeded due instants are what the bench says.
const at = (iso: string) => new Date(iso).getTime();

describe('the schedules the scheduler bench seeds', () => {
  it('are valid minutely durations in UTC from the whole minute at or before their start', () => {
    const json = minutely(59, at('2026-11-26T14:30:25.300Z'));
    expect(JSON.parse(json)).toEqual({
      frequency: 'minutely',
      every: 59,
      timezone: 'UTC',
      startDate: '2026-11-26T14:30',
    });
    const d = parseDuration(json);
    expect(d).toBeDefined();
    expect(validateDuration(d)).toEqual([]);
  });

  it('make the burst instant a fire of its schedules, whose next fire is 59 minutes later', () => {
    const burst = ceilMinute(at('2026-11-26T14:29:40.000Z'));
    expect(new Date(burst).toISOString()).toBe('2026-11-26T14:30:00.000Z');
    expect(ceilMinute(burst)).toBe(burst);
    const d = parseDuration(minutely(59, burst));
    expect(d && nextFire(d, new Date(burst))?.toISOString()).toBe('2026-11-26T14:30:00.000Z');
    expect(d && nextFire(d, new Date(burst + 1))?.toISOString()).toBe('2026-11-26T15:29:00.000Z');
  });

  it('fire every minute on whole minutes: after a fire spread within the minute, the next is the whole minute', () => {
    const d = parseDuration(minutely(1, at('2026-11-26T14:30:00.000Z')));
    expect(d && nextFire(d, new Date(at('2026-11-26T14:30:42.600Z')))?.toISOString()).toBe('2026-11-26T14:31:00.000Z');
  });
});
