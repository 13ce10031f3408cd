import {
  dayStarts,
  QUARTER_MS,
  type BotPerformanceRow,
  type LineGraphPoint,
  type PeriodRange,
} from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { readRows } from './read';
import { beforeWithCopy, type SplitCounts } from './boundaries';
import { companyBefore } from './company';
import { COUNT_NAMES, plus, type Counts } from './counts';
import { periodSeries } from './settled';
import { seriesCountsAtOnce, type SeriesCounts, type SettledPeriod } from './series';
import { added, finished, byName } from './sums';

/*
 * The reports of the whole platform and of one company, read from the running totals
 * (server/dashboard/totals.ts): the runs created in [from, to) are those created before `to` less
 * those created before `from`. The figures and the line graph by days read the platform's totals,
 * one row per boundary plus the log's changes not yet folded (and the runs of a quarter a
 * boundary cuts: offsets of the past only), or the company's series totals (company.ts); bot
 * performance and the sunburst (sunburst.ts) read the series' (series.ts).
 */

/**
 * The platform's runs created before each of `instants`, in one statement: settled, the last
 * platform total of a quarter before the instant's quarter; live, the log's changes before it and
 * the runs of a quarter it cuts.
 */
async function platformSplit(db: DatabaseHandle, instants: number[]): Promise<SplitCounts> {
  const quarters = instants.map((at) => new Date(Math.floor(at / QUARTER_MS) * QUARTER_MS).toISOString());
  const exact = instants.map((at) => new Date(at).toISOString());
  const rows = await readRows<Record<string, number | null>>(
    db,
    `with st as (select generation::float8 as gen from process_totals_state where id = 1)
     select st.gen as "gen", ${COUNT_NAMES.map(
       (c) => `coalesce(p.${c}, 0)::int as "${c}", (coalesce(l.${c}, 0) + coalesce(x.${c}, 0))::int as "live_${c}"`,
     ).join(', ')}
     from st cross join unnest($1::timestamptz[], $2::timestamptz[]) with ordinality b(q, t, i)
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
  const part = (r: Record<string, number | null>, prefix: string) =>
    Object.fromEntries(COUNT_NAMES.map((c) => [c, Number(r[`${prefix}${c}`] ?? 0)])) as Counts;
  return { gen: rows[0]?.gen ?? null, settled: rows.map((r) => part(r, '')), live: rows.map((r) => part(r, 'live_')) };
}

/** The platform's runs created before each of `instants`, from the node's settled copy where none cuts a quarter. */
const platformBefore = (db: DatabaseHandle, instants: number[]): Promise<Counts[]> =>
  beforeWithCopy(db, `platform|${instants.join(',')}`, null, instants, () => platformSplit(db, instants));

/** `a` less `b`. */
const minus = (a: Counts, b: Counts): Counts => plus(a, b, -1);

/** The runs created before each of `instants`: one company's, or the platform's (`companyId` null). */
const before = (db: DatabaseHandle, instants: number[], companyId: string | null) =>
  companyId === null ? platformBefore(db, instants) : companyBefore(db, companyId, instants);

/** The runs of the period and of each outcome: one company's, or the platform's. */
export async function totalsSummary(db: DatabaseHandle, range: PeriodRange, companyId: string | null): Promise<Counts> {
  const [from, to] = await before(db, [range.from.getTime(), range.to.getTime()], companyId);
  return minus(to, from);
}

/** The line graph of a period of local days, one point per day: one company's, or the platform's. */
export async function totalsLineGraph(
  db: DatabaseHandle,
  range: PeriodRange,
  timeZone: string,
  companyId: string | null,
): Promise<LineGraphPoint[]> {
  const counts = await before(db, dayStarts(range, timeZone), companyId);
  return range.days.map((bucket, i) => {
    const { successful, failed, terminated } = minus(counts[i + 1], counts[i]);
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

/** The 100 bots with the most finished runs, most first (then by name; bot-less last among equals). */
function topBots(bots: Map<string, BotPerformanceRow>): BotPerformanceRow[] {
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

/**
 * Bot performance of the period: one company's read in one statement (a few rows per bot), the
 * platform's from the node's copy of what the last fold settled and the log's changes since.
 */
export async function totalsBotPerformance(
  db: DatabaseHandle,
  range: PeriodRange,
  companyId: string | null,
): Promise<BotPerformanceRow[]> {
  if (companyId !== null) return topBots(botsOf(await seriesCountsAtOnce(db, range, companyId)));
  const { settled, live } = await periodSeries(db, range);
  let bots = settledBots.get(settled);
  if (!bots) {
    bots = botsOf(settled.rows);
    settledBots.set(settled, bots);
  }
  return topBots(live.length > 0 ? botsOf(live, new Map(bots)) : bots);
}
