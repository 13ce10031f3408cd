/** A minutely schedule's duration JSON in UTC, every `every` minutes from the whole minute at or before `startMs`. */
export declare function minutely(every: number, startMs: number): string;
/** The first whole minute at or after an instant (ms). */
export declare function ceilMinute(ms: number): number;
