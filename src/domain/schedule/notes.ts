/** What the builder's preview says beside a fire that a clock change touches. */
import type { ScheduleDuration } from './duration';
import { DAY, isTimeZone, localEpoch, localParts, parseTime, possibleInstants, zoneFormatter } from './zone';

export type FireNoteKind = 'clockChangeDay' | 'skippedLocalTime' | 'repeatedLocalTime';
export interface FireNote {
  kind: FireNoteKind;
}

const WALL_CLOCK = new Set(['daily', 'weekly', 'monthly']);

/**
 * One note per fire, or undefined: a wall-clock fire whose local time did not exist that day
 * (it fired later) or happened twice (it fired at the first); otherwise any fire on a local
 * day the zone changes its offset (a day that is not 24 hours long).
 */
export function fireNotes(d: ScheduleDuration, fires: Date[]): (FireNote | undefined)[] {
  if (!d || !isTimeZone(d.timezone)) return fires.map(() => undefined);
  const dtf = zoneFormatter(d.timezone);
  const minutes = WALL_CLOCK.has(d.frequency) ? parseTime(d.time) : undefined;
  return fires.map((fire): FireNote | undefined => {
    const epoch = fire.getTime();
    if (Number.isNaN(epoch)) return undefined;
    const { dn } = localParts(epoch, dtf);
    if (minutes !== undefined) {
      // A skipped time fires after the gap, on the same local day or, late at night, the next.
      for (const day of [dn, dn - 1]) {
        const { instants } = possibleInstants(day, minutes, dtf);
        if (instants.length === 0 && localEpoch(day, minutes, dtf) === epoch) return { kind: 'skippedLocalTime' };
        if (instants.length === 2 && instants[0] === epoch) return { kind: 'repeatedLocalTime' };
      }
    }
    return localEpoch(dn + 1, 0, dtf) - localEpoch(dn, 0, dtf) === DAY ? undefined : { kind: 'clockChangeDay' };
  });
}
