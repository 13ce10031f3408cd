import type { OutcomeCounts } from '../../src/domain/dashboard';

/** A report row's finished runs. */
export const finished = (r: OutcomeCounts) => r.successful + r.failed + r.terminated;

/** Names in code-point order: the same on every database and node. */
export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `row` with `delta`'s outcome counts added (a new object). */
export const added = <T extends OutcomeCounts>(row: T, delta: OutcomeCounts): T => ({
  ...row,
  successful: row.successful + delta.successful,
  failed: row.failed + delta.failed,
  terminated: row.terminated + delta.terminated,
});
