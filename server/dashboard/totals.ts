import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle, RawQuery } from '../db/client';
import { DAY_MS, TOTALS_DAYS } from './before';

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
/** A log longer than this is not written as a fold's changes (reading the period again is cheaper). */
const FOLDED_ROWS_MAX = 5_000;

/** Stands for "no bot" and "not a bot-less run" in the totals' keys. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';
const ORIGIN = `timestamptz '2000-01-01 00:00:00+00'`;
const SERIES = 'company_id, bot_id, bot_name, user_id';
const COUNTS = ['runs', 'successful', 'failed', 'terminated'] as const;
const list = (make: (column: string) => string) => COUNTS.map(make).join(', ');

/**
 * Folds the platform's changes: new quarters start at the last total before them, then every
 * total from a change on adds it.
 */
async function foldPlatform(q: RawQuery, since: string): Promise<void> {
  await q(
    `insert into process_platform_totals (quarter, ${COUNTS.join(', ')})
     select g.quarter, ${list((c) => `coalesce(p.${c}, 0)`)}
     from (select distinct quarter from process_count_changes) g
     left join lateral (
       select * from process_platform_totals t where t.quarter < g.quarter order by t.quarter desc limit 1
     ) p on true
     on conflict (quarter) do nothing`,
    [],
  );
  // A total row adds the changes of its own quarter and of every quarter before it: a running sum
  // over the changes (kind 0) and the totals (kind 1) in time order, changes first in a quarter.
  await q(
    `update process_platform_totals t set ${list((c) => `${c} = t.${c} + a.${c}`)}
     from (
       select x.quarter, x.kind, ${list((c) => `sum(x.${c}) over w as ${c}`)}
       from (
         select quarter, 0 as kind, ${list((c) => `sum(${c}) as ${c}`)} from process_count_changes group by quarter
         union all
         select quarter, 1, 0, 0, 0, 0 from process_platform_totals
         where quarter >= $1::timestamptz
       ) x
       window w as (order by x.quarter, x.kind rows unbounded preceding)
     ) a
     where a.kind = 1 and t.quarter = a.quarter and (${list((c) => `a.${c}`)}) <> (0, 0, 0, 0)`,
    [since],
  );
}

/** A series' (of `g`) totals after `$1`, by the series index: a fold reads only the series it changes. */
const THEIR_TOTALS = `select * from process_series_totals s
  where s.company_id = g.company_id and s.bot_id = g.bot_id and s.bot_name = g.bot_name and s.user_id = g.user_id
    and s.day > $1::timestamptz`;

/**
 * Folds the series' changes into their totals of the built days (first..last, none while `last`
 * is null) and 'infinity'. A series' missing total is zero: the rows a change reaches are made
 * first, at zero, then every total of a day after a change adds it.
 */
async function foldSeries(q: RawQuery, since: string, first: string | null, last: string | null): Promise<void> {
  await q(
    `insert into process_series_totals (${SERIES}, day)
     select g.company_id, g.bot_id, g.bot_name, g.user_id, d.day
     from (select ${SERIES}, min(quarter) as since from process_count_changes group by ${SERIES}) g
     cross join lateral (
       select generate_series(greatest(date_bin('1 day', g.since, ${ORIGIN}) + interval '1 day', $1::timestamptz),
                              $2::timestamptz, interval '1 day') as day
       union all select 'infinity'::timestamptz
     ) d
     on conflict do nothing`,
    [first, last],
  );
  // Changes of a day (kind 0) count from the next midnight on; the totals (kind 1) of each series
  // take the running sum of its changes in time order. Only days after the earliest change are read.
  await q(
    `update process_series_totals t set ${list((c) => `${c} = t.${c} + a.${c}`)}
     from (
       select x.company_id, x.bot_id, x.bot_name, x.user_id, x.day, x.kind, ${list((c) => `sum(x.${c}) over w as ${c}`)}
       from (
         select ${SERIES}, date_bin('1 day', quarter, ${ORIGIN}) + interval '1 day' as day, 0 as kind,
                ${list((c) => `sum(${c}) as ${c}`)}
         from process_count_changes group by ${SERIES}, 5
         union all
         select s.company_id, s.bot_id, s.bot_name, s.user_id, s.day, 1, 0, 0, 0, 0
         from (select distinct ${SERIES} from process_count_changes) g
         join lateral (${THEIR_TOTALS}) s on true
       ) x
       window w as (partition by x.company_id, x.bot_id, x.bot_name, x.user_id order by x.day, x.kind rows unbounded preceding)
     ) a
     where a.kind = 1 and t.day = a.day and t.company_id = a.company_id and t.bot_id = a.bot_id
       and t.bot_name = a.bot_name and t.user_id = a.user_id and (${list((c) => `a.${c}`)}) <> (0, 0, 0, 0)`,
    [since],
  );
  await q(
    `delete from process_series_totals t using (
       select s.company_id, s.bot_id, s.bot_name, s.user_id, s.day
       from (select distinct ${SERIES} from process_count_changes) g
       join lateral (${THEIR_TOTALS}) s on true
       where s.runs = 0
     ) z
     where t.day = z.day and t.company_id = z.company_id and t.bot_id = z.bot_id and t.bot_name = z.bot_name
       and t.user_id = z.user_id`,
    [since],
  );
}

/**
 * Builds the totals of the midnights from `from` to `to`: a series' total of all runs less the
 * runs it had created since that midnight (the kept quarter counts, summed by day from the latest
 * back), where not zero.
 */
async function buildDays(q: RawQuery, from: string, to: string): Promise<void> {
  await q(
    `insert into process_series_totals (${SERIES}, day, ${COUNTS.join(', ')})
     select a.company_id, a.bot_id, a.bot_name, a.user_id, a.day, ${list((c) => `a.all_${c} + a.${c}`)}
     from (
       select x.company_id, x.bot_id, x.bot_name, x.user_id, x.day, x.kind, ${list((c) => `x.all_${c}`)},
              ${list((c) => `sum(x.${c}) over w as ${c}`)}
       from (
         select s.company_id, s.bot_id, s.bot_name, s.user_id, d.day, 1 as kind, ${list((c) => `s.${c} as all_${c}`)},
                0 as runs, 0 as successful, 0 as failed, 0 as terminated
         from process_series_totals s cross join generate_series($1::timestamptz, $2::timestamptz, interval '1 day') d(day)
         where s.day = 'infinity'
         union all
         select c.company_id, coalesce(c.bot_id, '${NO_ID}'), c.bot_name, coalesce(c.user_id, '${NO_ID}'),
                date_bin('1 day', c.quarter, ${ORIGIN}), 0, 0, 0, 0, 0, -sum(c.runs),
                -coalesce(sum(c.runs) filter (where c.status = 2), 0), -coalesce(sum(c.runs) filter (where c.status = 3), 0),
                -coalesce(sum(c.runs) filter (where c.status in (4, 5)), 0)
         from process_quarter_counts c where c.quarter >= $1::timestamptz group by 1, 2, 3, 4, 5
       ) x
       window w as (partition by x.company_id, x.bot_id, x.bot_name, x.user_id order by x.day desc, x.kind rows unbounded preceding)
     ) a
     where a.kind = 1 and a.all_runs + a.runs <> 0`,
    [from, to],
  );
}

/**
 * Writes what this fold takes in (its generation's changes, per series and quarter, outcomes
 * only), unless the log holds more than FOLDED_ROWS_MAX rows (a first fold after a migration): a
 * node then reads its periods again.
 */
async function keepFolded(q: RawQuery, changes: number): Promise<void> {
  if (changes > FOLDED_ROWS_MAX) return;
  await q(
    `insert into process_folded_changes (generation, company_id, bot_id, bot_name, quarter, successful, failed, terminated)
     select (select generation + 1 from process_totals_state where id = 1), company_id, bot_id, bot_name, quarter,
            sum(successful), sum(failed), sum(terminated)
     from process_count_changes group by company_id, bot_id, bot_name, quarter
     having (sum(successful), sum(failed), sum(terminated)) <> (0, 0, 0)`,
    [],
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One fold, if this node gets the lock and there is anything to do: the changes into the totals,
 * then the midnights passed since the last fold, then the days past TOTALS_DAYS dropped. Answers
 * whether it folded.
 */
export async function foldCountChanges(database: DatabaseHandle, now = new Date()): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('set transaction isolation level repeatable read', []);
    const [lock] = await q('select pg_try_advisory_xact_lock($1) as "locked"', [FOLD_LOCK_KEY]);
    if (lock.locked !== true) return false;
    const [state] = await q(
      `select (extract(epoch from last_day) * 1000)::float8 as "last",
              (extract(epoch from (select min(quarter) from process_count_changes)) * 1000)::float8 as "since",
              (select count(*) from process_count_changes)::float8 as "changes"
       from process_totals_state where id = 1`,
      [],
    );
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const last = state?.last === null || state?.last === undefined ? null : Number(state.last);
    const since = state?.since === null || state?.since === undefined ? null : iso(Number(state.since));
    if (since === null && last === today) return false;
    if (since !== null) {
      await foldPlatform(q, since);
      await foldSeries(
        q,
        since,
        last === null ? null : iso(last - TOTALS_DAYS * DAY_MS),
        last === null ? null : iso(last),
      );
      await keepFolded(q, Number(state.changes));
      await q('delete from process_count_changes', []);
    }
    if (last !== today) {
      const from = Math.max(last === null ? -Infinity : last + DAY_MS, today - TOTALS_DAYS * DAY_MS);
      if (from <= today) await buildDays(q, iso(from), iso(today));
      await q(`delete from process_series_totals where day < $1::timestamptz`, [iso(today - TOTALS_DAYS * DAY_MS)]);
      await q('update process_totals_state set last_day = $1::timestamptz where id = 1', [iso(today)]);
    }
    // The folds whose changes are kept: the last FOLDS_KEPT, from the first that wrote them.
    await q(
      `update process_totals_state set generation = generation + 1,
         folded_since = case when $1 then greatest(folded_since, generation + 2 - ${FOLDS_KEPT}) else generation + 2 end
       where id = 1`,
      [Number(state.changes) <= FOLDED_ROWS_MAX],
    );
    await q(
      `delete from process_folded_changes where generation < (select folded_since from process_totals_state)`,
      [],
    );
    return true;
  });
}

/** Folds every `everyMs` until the app closes (a failure is logged and the next fold tries again). */
export function startTotalsFolder(app: FastifyInstance, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = foldCountChanges(app.database)
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
