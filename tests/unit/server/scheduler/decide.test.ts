// One claimed schedule's fire, worked out by hand from the rules: on time, late (missed slots),
// past its end date, and each skip reason.
import { describe, expect, it } from 'vitest';
import { decide, latestFire } from '../../../../server/scheduler/decide';
import type { DueSchedule } from '../../../../server/scheduler/sql';
import type { ScheduleDuration } from '../../../../src/domain/schedule';

const at = (iso: string) => Date.parse(iso);
const every5: ScheduleDuration = { frequency: 'minutely', every: 5, timezone: 'UTC', startDate: '2026-11-26T09:00' };
const OPTIONS = { toleranceMs: 60_000, missedCap: 1000 };

const due = (over: Partial<DueSchedule> & { duration?: string } = {}): DueSchedule => ({
  id: '00000000-0000-4000-8000-000000000001',
  companyId: '00000000-0000-4000-8000-000000000002',
  duration: JSON.stringify(every5),
  overlap: 'queue',
  skipNonWorkingDays: false,
  dueMs: at('2026-11-26T10:00:00Z'),
  nowMs: at('2026-11-26T10:00:00.250Z'),
  botExists: true,
  botStatus: 'active',
  botType: 2,
  agentExists: true,
  expired: false,
  lastBusy: false,
  ...over,
});

const rows = (d: ReturnType<typeof decide>) => d.history.map((h) => [h.dueAt, h.outcome, h.reasonKey]);

describe('a fire handled on time', () => {
  it('fires, makes one run on the agent, and moves to the schedule’s next fire (from the due instant)', () => {
    const d = decide(due(), [], OPTIONS);
    expect(rows(d)).toEqual([['2026-11-26T10:00:00.000Z', 'fired', null]]);
    expect(d.history[0].processId).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.move).toEqual({
      scheduleId: due().id,
      nextFireAt: '2026-11-26T10:05:00.000Z',
      status: 'active',
      lastFireAt: '2026-11-26T10:00:00.000Z',
      lastOutcome: 'fired',
      processId: d.history[0].processId,
    });
    expect(d.lagMs).toBe(250);
  });

  it('59 s late is still on time; the next fire does not drift', () => {
    const d = decide(due({ nowMs: at('2026-11-26T10:00:59Z') }), [], OPTIONS);
    expect(rows(d)).toEqual([['2026-11-26T10:00:00.000Z', 'fired', null]]);
    expect(d.move.nextFireAt).toBe('2026-11-26T10:05:00.000Z');
  });

  it('the last fire before the end date completes the schedule', () => {
    const ending = { ...every5, endDate: '2026-11-26T10:00' };
    const d = decide(due({ duration: JSON.stringify(ending) }), [], OPTIONS);
    expect(rows(d)).toEqual([['2026-11-26T10:00:00.000Z', 'fired', null]]);
    expect(d.move).toMatchObject({ status: 'completed', nextFireAt: null, lastOutcome: 'fired' });
  });
});

describe('a fire handled late (no node ran it in time)', () => {
  it('runs the latest slot up to now once; the slots before it are missed; the next fire is after now', () => {
    const d = decide(due({ nowMs: at('2026-11-26T10:17:30Z') }), [], OPTIONS);
    expect(rows(d)).toEqual([
      ['2026-11-26T10:00:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:05:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:10:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:15:00.000Z', 'fired', null],
    ]);
    expect(d.history[0].reason).toBe('missed: no server was running at the time');
    expect(d.history.slice(0, 3).map((h) => h.processId)).toEqual([null, null, null]);
    expect(d.move).toMatchObject({ nextFireAt: '2026-11-26T10:20:00.000Z', lastFireAt: '2026-11-26T10:15:00.000Z' });
    expect(d.lagMs).toBe(150_000);
  });

  it('keeps only the first missed rows past the cap', () => {
    const d = decide(due({ nowMs: at('2026-11-26T10:17:30Z') }), [], { ...OPTIONS, missedCap: 2 });
    expect(rows(d)).toEqual([
      ['2026-11-26T10:00:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:05:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:15:00.000Z', 'fired', null],
    ]);
  });

  it('past its end date meanwhile: its last slot runs, the schedule completes', () => {
    const ending = { ...every5, endDate: '2026-11-26T10:05' };
    const d = decide(due({ duration: JSON.stringify(ending), nowMs: at('2026-11-26T11:00:00Z') }), [], OPTIONS);
    expect(rows(d)).toEqual([
      ['2026-11-26T10:00:00.000Z', 'missed', 'missed'],
      ['2026-11-26T10:05:00.000Z', 'fired', null],
    ]);
    expect(d.move).toMatchObject({ status: 'completed', nextFireAt: null });
  });

  it('finds the latest slot of a rare schedule far back', () => {
    const monthly: ScheduleDuration = {
      frequency: 'monthly',
      mode: 'dateWise',
      dates: [1],
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      time: '09:00',
      timezone: 'UTC',
      startDate: '2025-01-01T00:00',
    };
    expect(new Date(latestFire(monthly, at('2026-01-01T09:00Z'), at('2026-11-26T12:00Z')) ?? 0).toISOString()).toBe(
      '2026-11-01T09:00:00.000Z',
    );
    expect(latestFire(monthly, at('2026-11-02T00:00Z'), at('2026-11-26T12:00Z'))).toBeUndefined();
  });
});

describe('skips, each with its reason, in this order', () => {
  it.each([
    [{ botExists: false, agentExists: false, botStatus: null }, 'botDeleted', 'skipped: bot deleted'],
    [{ agentExists: false, botStatus: 'inactive' }, 'agentDeleted', 'skipped: agent deleted'],
    [{ botStatus: 'inactive', expired: true }, 'botInactive', 'skipped: bot inactive'],
    [{ botType: 1, expired: true }, 'botManual', 'skipped: bot is Manual, not Automated'],
    [{ expired: true, overlap: 'skip', lastBusy: true }, 'botExpired', 'Your bot is expired, contact admin!'],
    [{ overlap: 'skip', lastBusy: true }, 'overlap', 'skipped: previous run still pending or running'],
  ] as const)('%o: %s', (over, key, text) => {
    const d = decide(due(over), [], OPTIONS);
    expect(d.history).toEqual([
      {
        scheduleId: due().id,
        dueAt: '2026-11-26T10:00:00.000Z',
        outcome: 'skipped',
        reason: text,
        reasonKey: key,
        processId: null,
      },
    ]);
    // A skip moves on all the same, and creates no run.
    expect(d.move).toMatchObject({ nextFireAt: '2026-11-26T10:05:00.000Z', lastOutcome: 'skipped', processId: null });
  });

  it('overlap queue fires while the last run is busy', () => {
    expect(rows(decide(due({ overlap: 'queue', lastBusy: true }), [], OPTIONS))).toEqual([
      ['2026-11-26T10:00:00.000Z', 'fired', null],
    ]);
  });

  it("a non-working day is the fire's local date in the schedule's zone, when the schedule skips them", () => {
    // 2026-11-26T16:00Z is 27 November, 01:00 in Tokyo.
    const tokyo = JSON.stringify({ ...every5, timezone: 'Asia/Tokyo' });
    const s = { duration: tokyo, dueMs: at('2026-11-26T16:00Z'), nowMs: at('2026-11-26T16:00:01Z') };
    const skip = (days: { day: string; yearly: boolean }[], skipNonWorkingDays = true) =>
      decide(due({ ...s, skipNonWorkingDays }), days, OPTIONS).history[0].reasonKey;
    expect(skip([{ day: '2026-11-27', yearly: false }])).toBe('nonWorkingDay');
    expect(skip([{ day: '1999-11-27', yearly: true }])).toBe('nonWorkingDay');
    expect(skip([{ day: '2026-11-26', yearly: false }])).toBeNull();
    expect(skip([{ day: '1999-11-27', yearly: false }])).toBeNull();
    expect(skip([{ day: '2026-11-27', yearly: false }], false)).toBeNull();
  });
});

it('a duration the model cannot read disables the schedule and writes nothing', () => {
  const d = decide(due({ duration: '{"frequency":"sometimes"}' }), [], OPTIONS);
  expect(d.history).toEqual([]);
  expect(d.move).toMatchObject({ status: 'disabled', nextFireAt: null });
});
