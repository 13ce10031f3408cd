import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle, RawQuery } from '../db/client';
import { BUILT_DAYS, builtDaysOf, DAY_MS, TOTALS_DAYS, type BuiltDays } from './before';
import { buildDays, foldPlatform, foldSeries, keepFolded } from './foldSql';

/*
 * The running totals that make a platform-wide report cost the same over a day or a year. Every
 * write of runs appends its change of the counts to process_count_changes (a trigger); the fold
 * below moves those rows into
 * - process_platform_totals: the platform's runs created up to the end of each quarter of an hour
 *   that has runs;
 * - process_series_totals: per series (company, bot, bot name; a bot-less run's requester), the
 *   runs created before each UTC midnight of the last TOTALS_DAYS days and before 'infinity'.
 * and deletes them, in one transaction that sees one snapshot (REPEATABLE READ): a change is
 * either still a row of the log or already in the totals, never both nor neither, so a report
 * that adds the log's rows to the totals is exact at any moment. One fold at a time across nodes
 * (an advisory lock); a node that finds it taken leaves the work to the other.
 */

/** The key of the fold's lock; every node uses the same. */
const FOLD_LOCK_KEY = 727_002;

/**
 * How many folds' changes are kept for the nodes' copies (a minute of folds at the default 2 s):
 * a period not read for longer is read again.
 */
const FOLDS_KEPT = 30;
/** A fold taking in more changes does not write them: reading the periods again is cheaper. */
const FOLDED_ROWS_MAX = 5_000;
/** How many midnights one fold builds at most (the first build, or after a long stop, takes several). */
const BUILD_DAYS = 30;
/** About how many series totals one fold builds (a midnight is a row per series). */
const BUILD_ROWS = 50_000;
/**
 * About how many changes one fold takes in (whole quarters): a long log is folded in batches.
 * PGlite answers nothing else while a fold runs, so its batches are short; PostgreSQL serves its
 * other sessions meanwhile, and each batch reads the whole log again (to order and delete it), so
 * there fewer, larger batches cost less in all (1,000,000 changes: 105 s by 20,000).
 */
const FOLD_BATCH = { pglite: 20_000, postgres: 200_000 } as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** What one fold did: whether it changed the totals, and whether the log had more than it took. */
interface Fold {
  folded: boolean;
  more: boolean;
}

/**
 * One fold, if this node gets the lock and there is anything to do: the changes into the totals,
 * at most about FOLD_BATCH of them (the oldest quarters first, whole quarters), so that a long
 * log (the first fold after a migration turned every count into a change) is taken in by several
 * short transactions; then, once the log is empty, the midnights passed since the last fold are
 * built and the days past TOTALS_DAYS dropped.
 */
async function foldOnce(database: DatabaseHandle, now: Date): Promise<Fold> {
  return database.transaction(async (q) => {
    await q('set transaction isolation level repeatable read', []);
    // A fold lost in a crash is lost whole, its log rows with it, and the next fold takes them in
    // again: its commit need not wait for the disk.
    await q('set local synchronous_commit = off', []);
    const [lock] = await q('select pg_try_advisory_xact_lock($1) as "locked"', [FOLD_LOCK_KEY]);
    if (lock.locked !== true) return { folded: false, more: false };
    // The log's first quarter, the batch's bound (the quarter of the FOLD_BATCH-th change: the
    // batch is every change up to it; none, all of them) and how many changes the batch holds.
    const [state] = await q(
      `with b as (select quarter from process_count_changes order by quarter offset ${FOLD_BATCH[database.kind]} limit 1)
       select d.first as "first", d.last as "last",
              (extract(epoch from (select min(quarter) from process_count_changes)) * 1000)::float8 as "since",
              (select (extract(epoch from quarter) * 1000)::float8 from b) as "bound",
              (select count(*)::float8 from process_count_changes
               where quarter <= coalesce((select quarter from b), 'infinity')) as "changes"
       from (select ${BUILT_DAYS} from process_totals_state where id = 1) d`,
      [],
    );
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const built = builtDaysOf({ first: numberOf(state?.first), last: numberOf(state?.last) });
    const since = numberOf(state?.since);
    const bound = numberOf(state?.bound);
    const toBuild = buildStep(built, today, 1) !== null;
    if (since === null && !toBuild) return { folded: false, more: false };
    const taken = bound === null ? '' : ` where quarter <= '${iso(bound)}'::timestamptz`;
    const log = bound === null ? 'process_count_changes' : `(select * from process_count_changes${taken}) batch`;
    const recorded = Number(state?.changes ?? 0) <= FOLDED_ROWS_MAX;
    if (since !== null) {
      await foldPlatform(q, log, iso(since));
      await foldSeries(q, log, iso(since), built && iso(built.first), built && iso(built.last));
      if (recorded) await keepFolded(q, log);
      await q(`delete from process_count_changes${taken}`, []);
    }
    // The days are built from every run's total, so only once the log is empty.
    let more = bound !== null;
    const build = bound === null && toBuild ? buildStep(built, today, await daysPerBuild(q)) : null;
    if (build !== null) {
      await buildDays(q, iso(build.from), iso(build.to), build.anchor === null ? 'infinity' : iso(build.anchor));
      const floor = today - TOTALS_DAYS * DAY_MS;
      if (built !== null && built.first < floor)
        await q(`delete from process_series_totals where day < $1::timestamptz`, [iso(floor)]);
      const next = { first: Math.max(floor, build.built.first), last: build.built.last };
      await q('update process_totals_state set first_day = $1::timestamptz, last_day = $2::timestamptz where id = 1', [
        iso(next.first),
        iso(next.last),
      ]);
      more = buildStep(next, today, 1) !== null;
    }
    // The folds whose changes are kept: the last FOLDS_KEPT, from the first that wrote them.
    await q(
      `update process_totals_state set generation = generation + 1,
         folded_since = case when $1 then greatest(folded_since, generation + 2 - ${FOLDS_KEPT}) else generation + 2 end
       where id = 1`,
      [recorded],
    );
    await q(
      `delete from process_folded_changes where generation < (select folded_since from process_totals_state)`,
      [],
    );
    return { folded: true, more };
  });
}

/**
 * How many midnights one fold builds: each is a row per series, so about BUILD_ROWS rows in all
 * (PGlite answers nothing else meanwhile), one midnight at least and BUILD_DAYS at most.
 */
async function daysPerBuild(q: RawQuery): Promise<number> {
  const [series] = await q(`select count(*)::float8 as "n" from process_series_totals where day = 'infinity'`, []);
  return Math.max(1, Math.min(BUILD_DAYS, Math.floor(BUILD_ROWS / Math.max(1, Number(series?.n ?? 0)))));
}

const numberOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The midnights the next fold builds (at most `days`), from which total (a later built midnight,
 * the nearest, or null: all runs), and the built days after it; null when
 * every midnight of the last TOTALS_DAYS days is built. Nothing built yet (or nothing still
 * kept): the newest days first, today's included. Then, the midnights passed since the last
 * built; then the older ones, back to TOTALS_DAYS days ago. The built days stay one run of
 * midnights throughout, so a report may read any of them.
 */
function buildStep(
  built: BuiltDays | null,
  today: number,
  days: number,
): { from: number; to: number; anchor: number | null; built: BuiltDays } | null {
  const floor = today - TOTALS_DAYS * DAY_MS;
  const span = (days - 1) * DAY_MS;
  if (built === null || built.last < floor) {
    const from = Math.max(floor, today - span);
    return { from, to: today, anchor: null, built: { first: from, last: today } };
  }
  if (built.last < today) {
    const to = Math.min(today, built.last + DAY_MS + span);
    return { from: built.last + DAY_MS, to, anchor: null, built: { first: built.first, last: to } };
  }
  if (built.first > floor) {
    const from = Math.max(floor, built.first - DAY_MS - span);
    return { from, to: built.first - DAY_MS, anchor: built.first, built: { first: from, last: built.last } };
  }
  return null;
}

/** One fold (a batch of the log, see foldOnce); answers whether it changed the totals. */
export async function foldCountChanges(database: DatabaseHandle, now = new Date()): Promise<boolean> {
  return (await foldOnce(database, now)).folded;
}

/**
 * The tables a long fold rewrites: the log (every change it took in deleted), what the folds took
 * in, the state, the totals and the kept counts. PGlite's vacuuming (server/db/vacuum.ts) looks at
 * every table twice a minute; after a long fold these are vacuumed at once, so the next reports
 * neither scan the log's deleted rows nor plan with its old row count.
 */
const CHURNED = [
  'process_count_changes',
  'process_folded_changes',
  'process_totals_state',
  'process_platform_totals',
  'process_series_totals',
  'process_quarter_counts',
];

/**
 * Folds every `everyMs` until the app closes (a failure is logged and the next fold tries again);
 * a fold that left part of a long log folds again at once (each batch its own transaction).
 */
export function startTotalsFolder(app: FastifyInstance, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const foldAll = async () => {
    let long = false;
    while ((await foldOnce(app.database, new Date())).more) long = true;
    if (long) await app.vacuum.soon(CHURNED);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = foldAll()
      .catch((error: unknown) => app.log.warn({ err: error }, 'dashboard totals fold failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
