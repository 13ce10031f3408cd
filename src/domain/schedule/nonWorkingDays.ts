/** A company's non-working days, as a schedule that skips them sees them. */
import { localParts, zoneFormatter, civilDate } from './zone';

/** `day` is `YYYY-MM-DD`; a yearly day matches its month and day every year. */
export interface NonWorkingDay {
  day: string;
  yearly: boolean;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a fire falls on a non-working day: its local date in the schedule's zone is one of
 * the days. A yearly 29 February matches only in leap years (there is no such date otherwise).
 */
export function isNonWorkingDay(fire: Date, timeZone: string, days: readonly NonWorkingDay[]): boolean {
  if (days.length === 0) return false;
  const { y, m, d } = civilDate(localParts(fire.getTime(), zoneFormatter(timeZone)).dn);
  return days.some(({ day, yearly }) => {
    const match = DAY_PATTERN.exec(day);
    if (!match) return false;
    const [dy, dm, dd] = match.slice(1).map(Number);
    return dm === m && dd === d && (yearly || dy === y);
  });
}
