import type { RawQuery } from '../db/client';

/*
 * The fold's statements (server/dashboard/totals.ts runs them in one transaction): each reads the
 * changes it takes in from `log`, the log of changes itself or a batch of it.
 */

/** Stands for "no bot" and "not a bot-less run" in the totals' keys. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';
const ORIGIN = `timestamptz '2000-01-01 00:00:00+00'`;
const SERIES = 'company_id, bot_id, bot_name, user_id';
const COUNTS = ['runs', 'successful', 'failed', 'terminated'] as const;
const list = (make: (column: string) => string) => COUNTS.map(make).join(', ');

/**
 * Folds the platform's changes: new quarters start at the last total before them, then every
 * total from a change on adds it. The new quarters are inserted latest first (or all looked up
 * first, when the sort comes last): a lookup walks back over the index from its quarter, and
 * would otherwise step over every entry this statement had inserted below it, which it cannot
 * see (20,000 new quarters, earliest first, took 37 s on PGlite).
 */
export async function foldPlatform(q: RawQuery, log: string, since: string): Promise<void> {
  await q(
    `insert into process_platform_totals (quarter, ${COUNTS.join(', ')})
     select g.quarter, ${list((c) => `coalesce(p.${c}, 0)`)}
     from (select distinct quarter from ${log}) g
     left join lateral (
       select * from process_platform_totals t where t.quarter < g.quarter order by t.quarter desc limit 1
     ) p on true
     order by g.quarter desc
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
         select quarter, 0 as kind, ${list((c) => `sum(${c}) as ${c}`)} from ${log} group by quarter
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
export async function foldSeries(
  q: RawQuery,
  log: string,
  since: string,
  first: string | null,
  last: string | null,
): Promise<void> {
  await q(
    `insert into process_series_totals (${SERIES}, day)
     select g.company_id, g.bot_id, g.bot_name, g.user_id, d.day
     from (select ${SERIES}, min(quarter) as since from ${log} group by ${SERIES}) g
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
         from ${log} group by ${SERIES}, 5
         union all
         select s.company_id, s.bot_id, s.bot_name, s.user_id, s.day, 1, 0, 0, 0, 0
         from (select distinct ${SERIES} from ${log}) g
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
       from (select distinct ${SERIES} from ${log}) g
       join lateral (${THEIR_TOTALS}) s on true
       where s.runs = 0
     ) z
     where t.day = z.day and t.company_id = z.company_id and t.bot_id = z.bot_id and t.bot_name = z.bot_name
       and t.user_id = z.user_id`,
    [since],
  );
}

/**
 * Builds the totals of the midnights from `from` to `to`: a series' total at `anchor` (a later
 * built midnight, or 'infinity': all runs) less the runs it had created from that midnight to the
 * anchor (the kept quarter counts, summed by day from the latest back), where not zero. The log
 * must be empty: the totals and the counts then say the same.
 */
export async function buildDays(q: RawQuery, from: string, to: string, anchor: string): Promise<void> {
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
         where s.day = $3::timestamptz
         union all
         select c.company_id, coalesce(c.bot_id, '${NO_ID}'), c.bot_name, coalesce(c.user_id, '${NO_ID}'),
                date_bin('1 day', c.quarter, ${ORIGIN}), 0, 0, 0, 0, 0, -sum(c.runs),
                -coalesce(sum(c.runs) filter (where c.status = 2), 0), -coalesce(sum(c.runs) filter (where c.status = 3), 0),
                -coalesce(sum(c.runs) filter (where c.status in (4, 5)), 0)
         from process_quarter_counts c where c.quarter >= $1::timestamptz and c.quarter < $3::timestamptz
         group by 1, 2, 3, 4, 5
       ) x
       window w as (partition by x.company_id, x.bot_id, x.bot_name, x.user_id order by x.day desc, x.kind rows unbounded preceding)
     ) a
     where a.kind = 1 and a.all_runs + a.runs <> 0`,
    [from, to, anchor],
  );
}

/**
 * Writes what this fold takes in (its generation's changes, per series and quarter, outcomes
 * only), when not more than FOLDED_ROWS_MAX rows: a node moves its copy forward by them.
 */
export async function keepFolded(q: RawQuery, log: string): Promise<void> {
  await q(
    `insert into process_folded_changes (generation, company_id, bot_id, bot_name, quarter, successful, failed, terminated)
     select (select generation + 1 from process_totals_state where id = 1), company_id, bot_id, bot_name, quarter,
            sum(successful), sum(failed), sum(terminated)
     from ${log} group by company_id, bot_id, bot_name, quarter
     having (sum(successful), sum(failed), sum(terminated)) <> (0, 0, 0)`,
    [],
  );
}
