import { EventEmitter } from 'node:events';

/**
 * Said on this node whenever a schedule is created, rescheduled, enabled, disabled or deleted:
 * the scheduler listens (and relays it to the other nodes), so that a loop sleeping until the
 * earliest next fire wakes for a nearer one at once.
 */
export const scheduleSignal = new EventEmitter();

export const SCHEDULE_CHANGED = 'changed';

/** Tell the scheduler that a schedule changed (its next fire may now be nearer). */
export function scheduleChanged(): void {
  scheduleSignal.emit(SCHEDULE_CHANGED);
}
