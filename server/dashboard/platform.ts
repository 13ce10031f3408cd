import {
  dayStarts,
  QUARTER_MS,
  type BotPerformanceRow,
  type LineGraphPoint,
  type PeriodRange,
} from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';
import { periodSeries, type SeriesCounts, type SettledPeriod } from './series';
import { added, finished, byName } from './sums';

/*
 * The whole platform's reports, read from the running totals (server/dashboard/totals.ts): the
 * runs created in [from, to) are those created before `to` less those created before `from`. The
 * figures and the line graph by days read the platform's totals, one row per boundary plus the
 * log's changes not yet folded (and the runs of a quarter a boundary cuts: offsets of the past
 * only); bot performance and the sunburst (sunburst.ts) read the series' (series.ts).
 */

const COUNT_NAMES = ['runs', 'successful', 'failed', 'terminated'] as const;
type Counts = Record<(typeof COUNT_NAMES)[number], number>;

/**
 * The platform's runs created before each of `instants`: the last platform total of a quarter
 * before the instant's quarter, the log's changes before it, and the runs of a quarter it cuts.
 */
async function platformBefore(db: DatabaseHandle, instants: number[]): Promise<Counts[]> {
  const quarters = instants.map((at) => new Date(Math.floor(at / QUARTER_MS) * QUARTER_MS).toISOString());
  const exact = instants.map((at) => new Date(at).toISOString());
  const rows = await rowsOf<Counts & { i: number }>(
    db,
    `select b.i::int as "i", ${COUNT_NAMES.map(
      (c) => `(coalesce(p.${c}, 0) + coalesce(l.${c}, 0) + coalesce(x.${c}, 0))::int as "${c}"`,
    ).join(', ')}
     from unnest($1::timestamptz[], $2::timestamptz[]) with ordinality b(q, t, i)
     left join lateral (
       select runs, successful, failed, terminated from process_platform_totals
       where quarter < b.q order by quarter desc limit 1
     ) p on true
     left join lateral (
       select sum(runs) as runs, sum(successful) as successful, sum(failed) as failed, sum(terminated) as terminated
       from process_count_changes where quarter < b.q
     ) l on true
     left join lateral (
       select count(*) as runs, count(*) filter (where status = 2) as successful, count(*) filter (where status = 3) as failed,
              count(*) filter (where status in (4, 5)) as terminated
       from processes where b.t > b.q and created_at >= b.q and created_at < b.t
     ) x on true
     order by b.i`,
    [`{${quarters.join(',')}}`, `{${exact.join(',')}}`],
  );
  return rows;
}

const minus = (a: Counts, b: Counts): Counts => ({
  runs: a.runs - b.runs,
  successful: a.successful - b.successful,
  failed: a.failed - b.failed,
  terminated: a.terminated - b.terminated,
});

/** The platform's runs of the period and of each outcome. */
export async function platformSummary(db: DatabaseHandle, range: PeriodRange): Promise<Counts> {
  const [from, to] = await platformBefore(db, [range.from.getTime(), range.to.getTime()]);
  return minus(to, from);
}

/** The platform's line graph of a period of local days: one point per day. */
export async function platformLineGraph(
  db: DatabaseHandle,
  range: PeriodRange,
  timeZone: string,
): Promise<LineGraphPoint[]> {
  const before = await platformBefore(db, dayStarts(range, timeZone));
  return range.days.map((bucket, i) => {
    const { successful, failed, terminated } = minus(before[i + 1], before[i]);
    return { bucket, successful, failed, terminated };
  });
}

/*
 * What bot performance derives from a settled period (per bot) is made once per period and
 * generation (keyed by the settled object), then each request adds the log's few changes.
 */
const settledBots = new WeakMap<SettledPeriod, Map<string, BotPerformanceRow>>();

const botKey = (s: { botId: string | null; botName: string }) => `${s.botId ?? ''}|${s.botName}`;

function botsOf(series: Iterable<SeriesCounts>, into = new Map<string, BotPerformanceRow>()) {
  for (const s of series) {
    const key = botKey(s);
    const bot = into.get(key);
    into.set(
      key,
      bot
        ? added(bot, s)
        : { botId: s.botId, botName: s.botName, successful: s.successful, failed: s.failed, terminated: s.terminated },
    );
  }
  return into;
}

/** The 100 bots with the most finished runs of the period, most first (then by name; bot-less last among equals). */
export async function platformBotPerformance(db: DatabaseHandle, range: PeriodRange): Promise<BotPerformanceRow[]> {
  const { settled, live } = await periodSeries(db, range);
  let bots = settledBots.get(settled);
  if (!bots) {
    bots = botsOf(settled.rows);
    settledBots.set(settled, bots);
  }
  if (live.length > 0) bots = botsOf(live, new Map(bots));
  return [...bots.values()]
    .filter((bot) => finished(bot) > 0)
    .sort(
      (a, b) =>
        finished(b) - finished(a) ||
        byName(a.botName, b.botName) ||
        (a.botId === null ? 1 : 0) - (b.botId === null ? 1 : 0) ||
        byName(a.botId ?? '', b.botId ?? ''),
    )
    .slice(0, 100);
}
