/** Runs (every status) and each outcome's runs: what a report's totals count. */
export const COUNT_NAMES = ['runs', 'successful', 'failed', 'terminated'] as const;
export type Counts = Record<(typeof COUNT_NAMES)[number], number>;

export const ZERO: Counts = { runs: 0, successful: 0, failed: 0, terminated: 0 };

/** `a` plus `sign` times `b` (a new object). */
export const plus = (a: Counts, b: Counts, sign = 1): Counts => ({
  runs: a.runs + sign * b.runs,
  successful: a.successful + sign * b.successful,
  failed: a.failed + sign * b.failed,
  terminated: a.terminated + sign * b.terminated,
});
