// The capped total of a list page (COUNT_CAP, a domain constant), and the memory that keeps it cheap.
import { COUNT_CAP } from '../../src/domain/constants';

/**
 * A capped count ("10,000+") hardly changes: it is kept this long per query, so paging a huge
 * list does not rescan 10,001 index entries each time. Counts under the cap are always exact.
 */
export const CAPPED_COUNT_TTL_MS = 30_000;
const CAPPED_COUNT_ENTRIES = 1000;

/**
 * A counter for one store: `cappedCount(key, countNow)` answers COUNT_CAP + 1 while a capped
 * count of `key` (a statement and its values) is remembered, and otherwise counts with
 * `countNow`.
 */
export function createCappedCounter() {
  /** When each remembered capped count expires. */
  const cappedCounts = new Map<string, number>();
  /**
   * Recounts of an expired capped count under way: the pages in flight when it expires share
   * one, instead of each scanning 10,001 rows at once. Exact counts are never shared, so a page
   * asked for after a write always counts it.
   */
  const recounting = new Map<string, Promise<number>>();

  function remember(key: string, n: number): number {
    if (n > COUNT_CAP) {
      if (cappedCounts.size >= CAPPED_COUNT_ENTRIES) cappedCounts.clear();
      cappedCounts.set(key, Date.now() + CAPPED_COUNT_TTL_MS);
    } else cappedCounts.delete(key);
    return n;
  }

  return async function cappedCount(key: string, countNow: () => Promise<number>): Promise<number> {
    const expires = cappedCounts.get(key);
    if (expires !== undefined && expires > Date.now()) return COUNT_CAP + 1;
    if (expires === undefined) return remember(key, await countNow());
    let recount = recounting.get(key);
    if (!recount) {
      recount = countNow().then((n) => remember(key, n));
      recounting.set(key, recount);
      const done = () => recounting.delete(key);
      recount.then(done, done);
    }
    return recount;
  };
}
