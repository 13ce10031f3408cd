import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ID } from '../../server/dashboard/foldSql';
import { seriesCountsAtOnce } from '../../server/dashboard/series';
import { foldCountChanges } from '../../server/dashboard/totals';
import { periodRange } from '../../src/domain/dashboard';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Who, type World } from './world';
import * as E from './dashboard/expected';

type Counts = E.Counts;
interface Report<T> {
  data: { period: { days: string[] }; rows: T };
}
type BotRow = Counts & { botId: string | null; botName: string };
type SunRow = BotRow & { companyId: string };

/*
 * The kept counts against the runs themselves: a varied set of runs in two companies (bots of a
 * plain User, of her admin, bot-less runs), then statuses moved one by one and in a batch, runs
 * deleted and a bot deleted; every report, in zones with whole-hour, :30 and :45 offsets and a
 * clock change (New York's, 8 March 2026), and in 1970's Monrovia (−00:44:30: its local midnights
 * and hours cut a quarter of an hour, counted run by run), must equal the count made from the runs.
 */
const ZONES = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
const PERIODS = [
  { from: '2026-03-06', to: '2026-03-10' },
  { from: '2026-03-08', to: '2026-03-08' },
];
const CASES = [
  ...ZONES.flatMap((zone) => PERIODS.map((period) => ({ zone, ...period }))),
  { zone: 'Africa/Monrovia', from: '1970-01-05', to: '1970-01-06' },
  { zone: 'Africa/Monrovia', from: '1970-01-05', to: '1970-01-05' },
];
/** Runs of 1970 on each side of Monrovia's local midnights (00:44:30 UTC) and hours (:44:30). */
const MONROVIA_RUNS = [4, 5, 6, 7].flatMap((day) =>
  [31, 44, 45, 59, 104, 105, 600, 1300].map((minute) => Date.UTC(1970, 0, day, 0, minute)),
);
const START = Date.parse('2026-03-05T12:00:00Z');
const SPAN = 6 * 86_400_000;

describe('Dashboard kept counts equal the runs counted one by one', () => {
  let server: TestServer;
  let w: World;
  const bots: Record<string, { id: string; company: string; owner: Who }> = {};
  const rand = E.randomOf(20);
  const q = (text: string, params: unknown[] = []) => server.app.database.queryRows(text, params);

  async function addBot(name: string, company: string, owner: Who) {
    const [row] = await q(
      `insert into bots (company_id, user_id, name, description, file_name, file_size, file_content)
       values ($1, $2, $3, 'd', 'b.xaml', 1, 'x') returning id::text as id`,
      [company, w.people[owner].id, name],
    );
    bots[name] = { id: String(row.id), company, owner };
  }

  async function readRuns(): Promise<E.Run[]> {
    const rows = await q(
      `select id::text as id, company_id::text as "companyId", bot_id::text as "botId", bot_name as "botName",
              user_id::text as "userId", status, created_at as "createdAt" from processes`,
    );
    return rows.map((r) => ({ ...(r as unknown as E.Run), createdAt: new Date(String(r.createdAt)) }));
  }

  beforeAll(async () => {
    // The runs are months old and some are running without an agent: the sweeps (retention,
    // lost runs) must leave them as the test wrote them while it counts.
    server = await startServer({
      // The running totals are folded by the test alone, so it knows what is still in the log.
      env: {
        PROCESS_RETENTION_DAYS: '36500',
        AGENT_GRACE_SECONDS: '86400',
        AGENT_HEARTBEAT_SECONDS: '3600',
        DASHBOARD_FOLD_SECONDS: '3600',
      },
    });
    w = await buildWorld(server, 'kept');
    await addBot('Uma bot', w.companyA, 'userA');
    await addBot('Carla bot', w.companyA, 'caA');
    await addBot('Globex bot', w.companyB, 'userB');
    const kinds: { bot: string | null; company: string; who: Who; name: string }[] = [
      { bot: 'Uma bot', company: w.companyA, who: 'userA', name: 'Uma bot' },
      { bot: 'Carla bot', company: w.companyA, who: 'caA', name: 'Carla bot' },
      { bot: 'Carla bot', company: w.companyA, who: 'userA', name: 'Carla bot' },
      { bot: null, company: w.companyA, who: 'userA', name: 'Gone bot' },
      { bot: null, company: w.companyA, who: 'caA', name: 'Gone bot' },
      { bot: 'Globex bot', company: w.companyB, who: 'userB', name: 'Globex bot' },
    ];
    const values: string[] = [];
    const params: unknown[] = [];
    const instants = [
      ...Array.from({ length: 400 }, () => START + Math.floor((rand() * SPAN) / 60_000) * 60_000),
      ...MONROVIA_RUNS,
      // Runs of the last days too: the older midnights are built from the newer ones less these.
      ...Array.from({ length: 40 }, (_, i) => Date.now() - (1 + (i % 20)) * 86_400_000 - i * 60_000),
    ];
    for (const instant of instants) {
      const k = kinds[Math.floor(rand() * kinds.length)];
      const at = new Date(instant).toISOString();
      const base = params.length;
      params.push(k.company, k.bot ? bots[k.bot].id : null, k.name, w.people[k.who].id, Math.floor(rand() * 6), at);
      values.push(
        `($${base + 1}::uuid, $${base + 2}::uuid, $${base + 3}, 'PC', 'DEV-1', $${base + 4}::uuid, $${base + 5}::int, 60, $${base + 6}::timestamptz)`,
      );
    }
    // Half in one statement (a batch), half one by one.
    const cols = `(company_id, bot_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds, created_at)`;
    await q(`insert into processes ${cols} values ${values.slice(0, 200).join(', ')}`, params.slice(0, 200 * 6));
    for (let i = 200; i < values.length; i++) {
      const row = values[i].replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - i * 6}`);
      await q(`insert into processes ${cols} values ${row}`, params.slice(i * 6, i * 6 + 6));
    }
    // The platform's running totals take in the runs so far; what follows stays in the log of
    // changes until the test folds again, and the reports read both.
    expect(await foldCountChanges(server.app.database)).toBe(true);
    const runs = await readRuns();
    // Statuses move: a third in one batched statement, some one by one (pending → running → an end).
    const batch = runs.filter(() => rand() < 0.33);
    await q(
      `update processes p set status = v.s, updated_at = now() from (select unnest($1::uuid[]) as id, unnest($2::int[]) as s) v where p.id = v.id`,
      [`{${batch.map((r) => r.id).join(',')}}`, `{${batch.map(() => Math.floor(rand() * 6)).join(',')}}`],
    );
    for (const r of runs.filter((x) => x.status === 0).slice(0, 15)) {
      await q(`update processes set status = 1 where id = $1`, [r.id]);
      await q(`update processes set status = $2 where id = $1`, [r.id, 2 + Math.floor(rand() * 4)]);
    }
    // An update that moves no status changes nothing.
    await q(`update processes set updated_at = now() where company_id = $1`, [w.companyB]);
    await q(`delete from processes where id = any($1::uuid[])`, [
      `{${runs
        .slice(0, 25)
        .map((r) => r.id)
        .join(',')}}`,
    ]);
    await q(`delete from processes where id = $1`, [runs[30].id]);
    // Deleting a bot keeps its runs, bot-less, seen by their requesters.
    await q(`delete from bots where id = $1`, [bots['Carla bot'].id]);
  });
  afterAll(async () => server?.close());

  const report = async <T>(who: Who, path: string, query: string) => {
    const res = await call<Report<T>>(server, 'GET', `/api/dashboard-report/${path}?${query}`, {
      token: w.people[who].token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('keeps exactly one count per quarter of an hour, company, bot and status of the runs there are', async () => {
    const kept = await q(
      `select company_id::text || '|' || quarter::text || '|' || coalesce(bot_id::text, '-') || '|' || bot_name || '|' ||
              coalesce(user_id::text, '-') || '|' || status as k, runs from process_quarter_counts where runs <> 0 order by 1`,
    );
    const counted = await q(
      `select company_id::text || '|' || (date_trunc('hour', created_at, 'UTC') + floor(extract(minute from created_at at time zone 'UTC') / 15) * interval '15 minutes')::text || '|' || coalesce(bot_id::text, '-') || '|' ||
              bot_name || '|' || coalesce(case when bot_id is null then user_id::text end, '-') || '|' || status as k,
              count(*)::int as runs from processes group by 1 order by 1`,
    );
    expect(counted.length).toBeGreaterThan(50);
    expect(kept).toEqual(counted);
  });

  const pendingChanges = async () => Number((await q(`select count(*)::int as n from process_count_changes`))[0].n);

  it('every report, zone, period and scope equals the runs counted one by one, with changes not yet folded', async () => {
    expect(await pendingChanges()).toBeGreaterThan(20);
    await expectReportsEqualRuns();
  });

  it('and so it does once the running totals have folded every change and built every midnight', async () => {
    // The first fold built the last 30 midnights (the periods above, in March, read every run
    // less the counts since); the folds that follow build 30 more each, back to 400 days ago.
    const days = async () =>
      (
        await q(
          `select to_char(first_day at time zone 'UTC', 'YYYY-MM-DD') as first,
                  to_char(last_day at time zone 'UTC', 'YYYY-MM-DD') as last from process_totals_state`,
        )
      )[0];
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    expect(await days()).toEqual({ first: daysAgo(29), last: today });
    let folds = 0;
    while (await foldCountChanges(server.app.database)) folds += 1;
    // 401 midnights in all (400 days ago to today): 371 left after the first 30, 30 a fold.
    expect(folds).toBe(13);
    expect(await pendingChanges()).toBe(0);
    expect(await days()).toEqual({ first: daysAgo(400), last: today });
    // Each midnight's totals are the runs created before it, per series, counted from the runs.
    const seriesKey = `day::text || '|' || company_id || '|' || bot_id || '|' || bot_name || '|' || user_id`;
    const kept = await q(
      `select ${seriesKey} as k, runs, successful, failed, terminated from process_series_totals
       where day <> 'infinity' order by 1`,
    );
    const counted = await q(
      `select ${seriesKey} as k, runs, successful, failed, terminated from (
         select d.day, p.company_id, coalesce(p.bot_id, '${NO_ID}') as bot_id, p.bot_name,
                case when p.bot_id is null then p.user_id else '${NO_ID}' end as user_id, count(*)::int as runs,
                (count(*) filter (where p.status = 2))::int as successful, (count(*) filter (where p.status = 3))::int as failed,
                (count(*) filter (where p.status in (4, 5)))::int as terminated
         from process_totals_state s cross join generate_series(s.first_day, s.last_day, interval '1 day') d(day)
         join processes p on p.created_at < d.day group by 1, 2, 3, 4, 5
       ) c order by 1`,
    );
    expect(counted.length).toBeGreaterThan(400);
    expect(kept).toEqual(counted);
    await expectReportsEqualRuns();
  });

  it('and so it does with changes made since the fold (the nodes keep what the fold settled)', async () => {
    // Runs written after the fold that the reports above read: created, moved and deleted in the
    // periods' days; the reports add them from the log to what they kept of the last fold.
    const before = await readRuns();
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const at = new Date(START + Math.floor((rand() * SPAN) / 60_000) * 60_000).toISOString();
      const base = params.length;
      // Every fourth run is of a series no fold has seen (a new bot-less name in company A).
      const fresh = i % 4 === 0;
      params.push(
        fresh ? w.companyA : w.companyB,
        fresh ? null : bots['Globex bot'].id,
        fresh ? 'Fresh bot' : 'Globex bot',
        fresh ? w.people.userA.id : w.people.userB.id,
        2 + (i % 4),
        at,
      );
      values.push(
        `($${base + 1}::uuid, $${base + 2}::uuid, $${base + 3}, 'PC', 'DEV-1', $${base + 4}::uuid, $${base + 5}::int, 60, $${base + 6}::timestamptz)`,
      );
    }
    await q(
      `insert into processes (company_id, bot_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds, created_at)
       values ${values.join(', ')}`,
      params,
    );
    await q(`update processes set status = 2 where id = any($1::uuid[])`, [
      `{${before
        .slice(40, 60)
        .map((r) => r.id)
        .join(',')}}`,
    ]);
    await q(`delete from processes where id = any($1::uuid[])`, [
      `{${before
        .slice(60, 70)
        .map((r) => r.id)
        .join(',')}}`,
    ]);
    expect(await pendingChanges()).toBeGreaterThan(10);
    await expectReportsEqualRuns();
    // The same series change again, by their counts alone: the platform's sunburst of one period,
    // read just before (its answer kept for the log as it was), adds the log as it is now.
    const { zone, ...period } = CASES[0];
    const query = `period=custom&from=${period.from}&to=${period.to}&timezone=${zone}`;
    const runsNow = async () => {
      const { period: days } = await report<unknown>('super', 'summary', query);
      return E.inDays(await readRuns(), days.days, zone);
    };
    await expectSunburstEqualRuns(query, await runsNow(), 'before the change');
    const [moved] = await q(
      `with m as (update processes set status = 3 where bot_name = 'Fresh bot' and status <> 3 returning 1)
       select count(*)::int as n from m`,
    );
    expect(Number(moved.n)).toBeGreaterThan(0);
    await expectSunburstEqualRuns(query, await runsNow(), 'after the change');
  });

  const foldedChanges = async () => Number((await q(`select count(*)::int as n from process_folded_changes`))[0].n);

  it('and once a fold takes those in, the nodes move what they kept forward by what it took in', async () => {
    expect(await foldCountChanges(server.app.database)).toBe(true);
    expect(await pendingChanges()).toBe(0);
    expect(await foldedChanges()).toBeGreaterThan(0);
    await expectReportsEqualRuns();
  });

  it('and read the periods again once the folds since are no longer all kept', async () => {
    // Each fold keeps what it took in for the next thirty folds; a node whose copy is older reads
    // the whole period again. The first fold takes in deleted runs, each after it a run's status
    // moved, so the folds no longer kept changed the counts.
    const runs = await readRuns();
    await q(`delete from processes where id = any($1::uuid[])`, [
      `{${runs
        .slice(1, 6)
        .map((r) => r.id)
        .join(',')}}`,
    ]);
    expect(await foldCountChanges(server.app.database)).toBe(true);
    for (let fold = 0; fold < 31; fold++) {
      await q(`update processes set status = case when status = 2 then 3 else 2 end where id = $1`, [runs[0].id]);
      expect(await foldCountChanges(server.app.database)).toBe(true);
    }
    const [state] = await q(`select generation::int as g, folded_since::int as s from process_totals_state`);
    expect(Number(state.g) - Number(state.s)).toBeLessThan(30);
    await expectReportsEqualRuns();
  });

  it('reads the same per series in one statement, without the copy a node keeps, for the platform and one company', async () => {
    const all = await readRuns();
    for (const { zone, ...period } of CASES) {
      const range = periodRange({ period: 'custom', timeZone: zone, now: new Date(), ...period });
      if (typeof range === 'string') throw new Error(range);
      for (const companyId of [null, w.companyB]) {
        const counted = await seriesCountsAtOnce(server.app.database, range, companyId);
        const kept = new Map(
          counted
            .filter((r) => r.successful + r.failed + r.terminated > 0)
            .map((r) => [
              `${r.companyId}|${r.botId ?? '-'}|${r.botName}`,
              { successful: r.successful, failed: r.failed, terminated: r.terminated },
            ]),
        );
        const runs = all.filter((r) => companyId === null || r.companyId === companyId);
        expect(kept, `${zone} ${period.from} ${companyId ?? 'platform'}`).toEqual(
          E.byCompanyBot(E.inDays(runs, range.days, zone)),
        );
      }
    }
  });

  async function expectReportsEqualRuns() {
    const all = await readRuns();
    expect(all.some((r) => r.botName === 'Carla bot' && r.botId === null)).toBe(true);
    const scopes: { who: Who; query: string; runs: E.Run[] }[] = [
      { who: 'super', query: '', runs: all },
      { who: 'super', query: `&companyId=${w.companyB}`, runs: all.filter((r) => r.companyId === w.companyB) },
      { who: 'caA', query: '', runs: all.filter((r) => r.companyId === w.companyA) },
      {
        who: 'userA',
        query: '',
        // Uma sees her own bot's runs and the bot-less runs she asked for.
        runs: all.filter((r) => r.botId === bots['Uma bot'].id || (r.botId === null && r.userId === w.people.userA.id)),
      },
    ];
    for (const { zone, ...period } of CASES)
      for (const scope of scopes) {
        const query = `period=custom&from=${period.from}&to=${period.to}&timezone=${zone}${scope.query}`;
        const label = `${zone} ${period.from}..${period.to} ${scope.who}${scope.query ? ' B' : ''}`;
        const summary = await report<Counts & { runs: number }>(scope.who, 'summary', query);
        const runs = E.inDays(scope.runs, summary.period.days, zone);
        expect(summary.rows, label).toMatchObject(E.summaryOf(runs));
        const line = await report<({ bucket: string } & Counts)[]>(scope.who, 'line-graph', query);
        expect(line.rows, label).toEqual(E.lineOf(runs, summary.period.days, zone));
        const perBot = await report<BotRow[]>(scope.who, 'bot-performance', query);
        const botMap = new Map(
          perBot.rows.map((r) => [
            `${r.botId ?? '-'}|${r.botName}`,
            { successful: r.successful, failed: r.failed, terminated: r.terminated },
          ]),
        );
        expect(botMap, label).toEqual(E.byBot(runs));
        if (scope.who === 'super') await expectSunburstEqualRuns(query, runs, label);
      }
  }

  async function expectSunburstEqualRuns(query: string, runs: E.Run[], label: string) {
    const sun = await report<SunRow[]>('super', 'sunburst-chart', query);
    const sunMap = new Map(
      sun.rows.map((r) => [
        `${r.companyId}|${r.botId ?? '-'}|${r.botName}`,
        { successful: r.successful, failed: r.failed, terminated: r.terminated },
      ]),
    );
    expect(sunMap, label).toEqual(E.byCompanyBot(runs));
  }
});
