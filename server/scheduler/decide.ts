import { randomUUID } from 'node:crypto';
import {
  firesBetween,
  isNonWorkingDay,
  nextFire,
  parseDuration,
  SCHEDULE_SKIP_TEXT,
  type NonWorkingDay,
  type ScheduleDuration,
  type ScheduleOutcome,
  type ScheduleSkipReason,
} from '../../src/domain/schedule';
import { BOT_TYPE } from '../../src/domain';
import type { DueSchedule, HistoryInput, MoveInput } from './sql';

export interface DecideOptions {
  /** A fire handled later than this after its due instant was missed (no node ran it in time). */
  toleranceMs: number;
  /** At most this many 'missed' rows for one schedule in one catch-up. */
  missedCap: number;
}

/** What one claimed schedule writes: its history rows and its move. */
export interface Decision {
  history: HistoryInput[];
  move: MoveInput;
  /** The decided fire's lag (handled − due), in ms; absent when nothing was decided. */
  lagMs?: number;
}

const HOUR = 3_600_000;
const CHUNK = 1000;
const isoOf = (ms: number): string => new Date(ms).toISOString();

/**
 * The latest fire in [from, to], or undefined: looked for in a window that grows back from `to`,
 * so that a minutely schedule away for a year costs an hour's fires, not a year's.
 */
export function latestFire(d: ScheduleDuration, from: number, to: number): number | undefined {
  for (let span = HOUR; ; span *= 8) {
    const start = Math.max(from, to - span);
    let fires = firesBetween(d, new Date(start), new Date(to + 1), CHUNK);
    while (fires.length === CHUNK) {
      const more = firesBetween(d, new Date(fires[CHUNK - 1].getTime() + 1), new Date(to + 1), CHUNK);
      if (more.length === 0) break;
      fires = more;
    }
    if (fires.length > 0) return fires[fires.length - 1].getTime();
    if (start === from) return undefined;
  }
}

/**
 * Why a due fire does not run, or null when it runs: its bot or agent deleted, its bot inactive,
 * switched to Manual since the plan was made, or expired, a non-working day of its company (when
 * the schedule skips them), or the last fire's run still pending or running (with overlap `skip`;
 * `queue` fires anyway: the agent's queue holds it).
 */
export function skipReason(
  s: DueSchedule,
  d: ScheduleDuration,
  slotMs: number,
  days: readonly NonWorkingDay[],
): ScheduleSkipReason | null {
  if (!s.botExists) return 'botDeleted';
  if (!s.agentExists) return 'agentDeleted';
  if (s.botStatus !== 'active') return 'botInactive';
  if (s.botType !== BOT_TYPE.automated) return 'botManual';
  if (s.expired) return 'botExpired';
  if (s.skipNonWorkingDays && isNonWorkingDay(new Date(slotMs), d.timezone, days)) return 'nonWorkingDay';
  if (s.overlap === 'skip' && s.lastBusy) return 'overlap';
  return null;
}

const row = (
  s: DueSchedule,
  dueMs: number,
  outcome: ScheduleOutcome,
  reason: ScheduleSkipReason | null,
  processId: string | null = null,
): HistoryInput => ({
  scheduleId: s.id,
  dueAt: isoOf(dueMs),
  outcome,
  reason: reason ? SCHEDULE_SKIP_TEXT[reason] : null,
  reasonKey: reason,
  processId,
});

/**
 * One claimed schedule's fire. On time (within the tolerance): the due instant fires or is
 * skipped, and the next fire is the schedule's next after it (computed from the schedule, so
 * lateness never drifts it). Late (no node ran it in time): only the latest slot up to now
 * fires, every earlier slot since the due instant gets a 'missed' row (the first `missedCap`
 * of them), and the next fire is the next after now. No next fire (the end date is passed):
 * the schedule is completed.
 */
export function decide(s: DueSchedule, days: readonly NonWorkingDay[], options: DecideOptions): Decision {
  const d = parseDuration(s.duration);
  if (!d) {
    // Not a schedule the model can read: it waits, disabled, for a person to reschedule it.
    return {
      history: [],
      move: {
        scheduleId: s.id,
        nextFireAt: null,
        status: 'disabled',
        lastFireAt: null,
        lastOutcome: null,
        processId: null,
      },
    };
  }
  const late = s.nowMs - s.dueMs > options.toleranceMs;
  const slotMs = late ? (latestFire(d, s.dueMs, s.nowMs) ?? s.dueMs) : s.dueMs;
  const history: HistoryInput[] = [];
  if (slotMs > s.dueMs)
    for (const missed of firesBetween(d, new Date(s.dueMs), new Date(slotMs), options.missedCap))
      history.push(row(s, missed.getTime(), 'missed', 'missed'));

  const reason = skipReason(s, d, slotMs, days);
  const processId = reason ? null : randomUUID();
  history.push(row(s, slotMs, reason ? 'skipped' : 'fired', reason, processId));

  const next = nextFire(d, new Date((late ? Math.max(s.nowMs, slotMs) : slotMs) + 1));
  return {
    history,
    move: {
      scheduleId: s.id,
      nextFireAt: next ? next.toISOString() : null,
      status: next ? 'active' : 'completed',
      lastFireAt: isoOf(slotMs),
      lastOutcome: reason ? 'skipped' : 'fired',
      processId,
    },
    lagMs: s.nowMs - slotMs,
  };
}
