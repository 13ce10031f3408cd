export * from './duration';
export { parseDuration, serializeDuration } from './parse';
export { validateDuration, validateScheduleBody, type ScheduleFieldError } from './validate';
export { localToInstant, instantToLocal, isTimeZone, type LocalTime } from './zone';
export { nextFires, nextFire, firesBetween } from './fires';
export { fireNotes, type FireNote, type FireNoteKind } from './notes';
export { isNonWorkingDay, type NonWorkingDay } from './nonWorkingDays';
export { monthDayDate } from './calendar';
