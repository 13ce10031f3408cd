import { QUARTER_MS } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { COUNT_NAMES, plus, ZERO, type Counts } from './counts';
import { readRows } from './read';

/*
 * The runs created before each boundary of a report, for the platform or one company, are a
 * settled part (what the totals and the kept counts said at the last fold: it changes only with
 * a fold) and a live part (the log's changes before the boundary's quarter). A node keeps the
 * settled part per scope and boundaries for the fold's generation it read it at; a report then
 * reads the log and the generation alone, in one statement, and adds them up. When the node has
 * none for the generation the report is made in one statement, whose settled part it keeps.
 */

/** The runs before each boundary from one statement, split, with the generation it saw. */
export interface SplitCounts {
  gen: number | null;
  settled: Counts[];
  live: Counts[];
}

interface Kept {
  gen: number;
  settled: Counts[];
}
/** Settled parts kept per node: a few scopes, periods and zones in use at once. */
const KEPT = 64;
const copies = new WeakMap<DatabaseHandle, Map<string, Kept>>();

type LogRow = Counts & { gen: number | null; at: number | null };

/** The log's changes by quarter (one company's, or every company's) and the generation, in one statement. */
function logByQuarter(db: DatabaseHandle, companyId: string | null): Promise<readonly LogRow[]> {
  const params: unknown[] = companyId === null ? [] : [companyId];
  return readRows<LogRow>(
    db,
    `with st as (select generation::float8 as gen from process_totals_state where id = 1)
     select st.gen as "gen", l.at as "at", ${COUNT_NAMES.map((c) => `coalesce(l.${c}, 0)::int as "${c}"`).join(', ')}
     from st left join (
       select (extract(epoch from quarter) * 1000)::float8 as at, ${COUNT_NAMES.map((c) => `sum(${c}) as ${c}`).join(', ')}
       from process_count_changes${companyId === null ? '' : ' where company_id = $1::uuid'} group by quarter
     ) l on true`,
    params,
  );
}

/** The runs before each boundary, settled and live parts added. */
const summed = (split: SplitCounts): Counts[] =>
  split.settled.map((settled, i) => plus(settled, split.live[i] ?? ZERO));

/**
 * The runs created before each of `instants`: the settled part this node keeps under `key` for
 * the log's generation plus the log's changes, or `full`'s answer. A boundary that cuts a quarter
 * (an offset of the past) reads that quarter's runs, so such a read is `full`'s alone, not kept.
 */
export async function beforeWithCopy(
  db: DatabaseHandle,
  key: string,
  companyId: string | null,
  instants: number[],
  full: () => Promise<SplitCounts>,
): Promise<Counts[]> {
  const quarters = instants.map((at) => Math.floor(at / QUARTER_MS) * QUARTER_MS);
  if (quarters.some((q, i) => q !== instants[i])) return summed(await full());
  let kept = copies.get(db);
  if (!kept) copies.set(db, (kept = new Map()));
  const copy = kept.get(key);
  if (copy) {
    const log = await logByQuarter(db, companyId);
    if (log[0]?.gen === copy.gen)
      return copy.settled.map((settled, i) =>
        log.reduce((sum, r) => (r.at !== null && r.at < quarters[i] ? plus(sum, r) : sum), settled),
      );
  }
  const split = await full();
  if (split.gen !== null) {
    kept.delete(key);
    kept.set(key, { gen: split.gen, settled: split.settled });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value ?? '');
  }
  return summed(split);
}
