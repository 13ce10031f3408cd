import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Who, type World } from './world';

interface Counts {
  successful: number;
  failed: number;
  terminated: number;
}
interface Report<T> {
  message: string;
  data: { period: { from: string; to: string; days: string[]; bucket: string }; rows: T };
}
type BotRow = Counts & { botId: string | null; botName: string };
type SunRow = BotRow & { companyId: string; companyName: string };
type Point = Counts & { bucket: string };
type Summary = Counts & {
  runs: number;
  successRate: number | null;
  agentsConnected: number;
  queueLength: number;
  nextFireAt: string | null;
};

const counts = (successful: number, failed: number, terminated: number): Counts => ({ successful, failed, terminated });
const JAN_5_6 = 'period=custom&from=2026-01-05&to=2026-01-06';

/*
 * A known data set, counted by hand. Statuses: 0 pending, 1 running, 2 executed (successful),
 * 3 error (failed), 4 canceled and 5 agent disconnected (terminated). Company A's "Invoice" runs
 * are Uma's (a plain User, whose bot is gone, so she sees them), its "Payroll" runs Carla's.
 */
const RUNS: { company: 'A' | 'B'; who: Who; bot: string; status: number; at: string }[] = [
  { company: 'A', who: 'userA', bot: 'Invoice', status: 2, at: '2026-01-04T23:59:00Z' }, // Kolkata: 5 Jan 05:29
  { company: 'A', who: 'userA', bot: 'Invoice', status: 2, at: '2026-01-05T09:00:00Z' },
  { company: 'A', who: 'userA', bot: 'Invoice', status: 2, at: '2026-01-05T10:00:00Z' },
  { company: 'A', who: 'userA', bot: 'Invoice', status: 3, at: '2026-01-05T11:00:00Z' },
  { company: 'A', who: 'caA', bot: 'Payroll', status: 5, at: '2026-01-05T12:00:00Z' },
  { company: 'A', who: 'userA', bot: 'Invoice', status: 4, at: '2026-01-06T09:00:00Z' },
  { company: 'A', who: 'caA', bot: 'Payroll', status: 2, at: '2026-01-06T12:00:00Z' },
  { company: 'A', who: 'caA', bot: 'Payroll', status: 1, at: '2026-01-06T13:00:00Z' },
  { company: 'A', who: 'userA', bot: 'Invoice', status: 2, at: '2026-01-06T19:00:00Z' }, // Kolkata: 7 Jan 00:30
  { company: 'A', who: 'userA', bot: 'Invoice', status: 2, at: '2026-01-07T00:00:00Z' },
  { company: 'B', who: 'userB', bot: 'Invoice', status: 3, at: '2026-01-05T09:00:00Z' },
  { company: 'B', who: 'userB', bot: 'Invoice', status: 2, at: '2026-01-06T09:00:00Z' },
];

describe('Dashboard reports: figures aggregated in SQL, per period, time zone and company', () => {
  let server: TestServer;
  let w: World;
  const report = async <T>(who: Who, path: string, query: string) => {
    const res = await call<Report<T>>(server, 'GET', `/api/dashboard-report/${path}?${query}`, {
      token: w.people[who].token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const insert = (company: string, who: Who, bot: string, status: number, at: string) =>
    server.app.database.queryRows(
      `insert into processes (company_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds, created_at)
       values ($1, $2, 'PC', 'DEV-1', $3, $4, 60, $5)`,
      [company, bot, w.people[who].id, status, at],
    );

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'dash');
    for (const run of RUNS)
      await insert(run.company === 'A' ? w.companyA : w.companyB, run.who, run.bot, run.status, run.at);
  });
  afterAll(async () => server?.close());

  it('counts every company for a Super Admin, one company when filtered (UTC days)', async () => {
    const all = await report<Summary>('super', 'summary', JAN_5_6);
    expect(all.period).toMatchObject({
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-07T00:00:00.000Z',
      days: ['2026-01-05', '2026-01-06'],
      bucket: 'day',
    });
    expect(all.rows).toMatchObject({ runs: 10, ...counts(5, 2, 2), successRate: 55.6 });
    const a = await report<Summary>('sub', 'summary', `${JAN_5_6}&companyId=${w.companyA}`);
    expect(a.rows).toMatchObject({ runs: 8, ...counts(4, 1, 2) });
    const b = await report<Summary>('sub', 'summary', `${JAN_5_6}&companyId=${w.companyB}`);
    expect(b.rows).toMatchObject({ runs: 2, ...counts(1, 1, 0), successRate: 50 });
  });

  it('reads the period in the viewer’s time zone: a day in Asia/Kolkata is not a UTC day', async () => {
    const q = `${JAN_5_6}&timezone=Asia/Kolkata&companyId=${w.companyA}`;
    const line = await report<Point[]>('super', 'line-graph', q);
    expect(line.period.from).toBe('2026-01-04T18:30:00.000Z');
    expect(line.period.to).toBe('2026-01-06T18:30:00.000Z');
    expect(line.rows).toEqual([
      { bucket: '2026-01-05', ...counts(3, 1, 1) },
      { bucket: '2026-01-06', ...counts(1, 0, 1) },
    ]);
    const utc = await report<Point[]>('super', 'line-graph', `${JAN_5_6}&companyId=${w.companyA}`);
    expect(utc.rows).toEqual([
      { bucket: '2026-01-05', ...counts(2, 1, 1) },
      { bucket: '2026-01-06', ...counts(2, 0, 1) },
    ]);
  });

  it('buckets one day by local hour', async () => {
    const day = await report<Point[]>('super', 'line-graph', `period=custom&from=2026-01-05&to=2026-01-05`);
    expect(day.period.bucket).toBe('hour');
    expect(day.rows).toHaveLength(24);
    expect(day.rows[9]).toEqual({ bucket: '2026-01-05T09:00', ...counts(1, 1, 0) });
    expect(day.rows[12]).toEqual({ bucket: '2026-01-05T12:00', ...counts(0, 0, 1) });
    expect(day.rows[0]).toEqual({ bucket: '2026-01-05T00:00', ...counts(0, 0, 0) });
  });

  it('bot performance and the sunburst group finished runs by bot and company', async () => {
    const bots = await report<BotRow[]>('caA', 'bot-performance', JAN_5_6);
    expect(
      bots.rows.map(({ botName, successful, failed, terminated }) => ({ botName, successful, failed, terminated })),
    ).toEqual([
      { botName: 'Invoice', ...counts(3, 1, 1) },
      { botName: 'Payroll', ...counts(1, 0, 1) },
    ]);
    const sun = await report<SunRow[]>('super', 'sunburst-chart', JAN_5_6);
    const cells = sun.rows.map((r) => [r.companyId, r.botName, r.successful, r.failed, r.terminated]);
    expect(cells).toHaveLength(3);
    expect(cells).toEqual(
      expect.arrayContaining([
        [w.companyA, 'Invoice', 3, 1, 1],
        [w.companyA, 'Payroll', 1, 0, 1],
        [w.companyB, 'Invoice', 1, 1, 0],
      ]),
    );
  });

  it('the sunburst names and orders companies as they are now: a rename shows at once, in its place', async () => {
    const version = async () =>
      Number((await server.app.database.queryRows('select version from company_names_version', []))[0]?.version);
    const companiesOf = async () =>
      (await report<SunRow[]>('super', 'sunburst-chart', JAN_5_6)).rows.map((r) => [r.companyId, r.companyName]);
    const update = (id: string, body: Record<string, string>) =>
      call(server, 'PUT', `/api/company/update/${id}`, { token: w.people.super.token, body });
    const [acme, globex] = [`Acme dash`, `Globex dash`];
    // Read once, so that this node keeps the names it then has.
    expect(await companiesOf()).toEqual([
      [w.companyA, acme],
      [w.companyA, acme],
      [w.companyB, globex],
    ]);
    const before = await version();
    // An update that keeps every name leaves the names' version as it was.
    expect((await update(w.companyB, { status: 'active' })).status).toBe(200);
    expect(await version()).toBe(before);
    expect((await update(w.companyA, { name: 'Zenith dash' })).status).toBe(200);
    expect(await version()).toBe(before + 1);
    expect(await companiesOf()).toEqual([
      [w.companyB, globex],
      [w.companyA, 'Zenith dash'],
      [w.companyA, 'Zenith dash'],
    ]);
    expect((await update(w.companyA, { name: acme })).status).toBe(200);
    expect(await companiesOf()).toEqual([
      [w.companyA, acme],
      [w.companyA, acme],
      [w.companyB, globex],
    ]);
  });

  it('the platform’s sunburst is sent gzipped to a client that takes gzip, the same answer', async () => {
    const get = (acceptEncoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/dashboard-report/sunburst-chart?${JAN_5_6}`,
        headers: {
          authorization: `Token ${w.people.super.token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json<{ data: { rows: SunRow[] } }>();
    expect(answer.data.rows).toHaveLength(3);
    for (const header of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await get(header);
      expect(zipped.statusCode, header).toBe(200);
      expect(zipped.headers['content-encoding'], header).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.headers['content-type']).toContain('application/json');
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(answer);
    }
    for (const header of ['gzip;q=0', 'identity', 'br']) {
      const refused = await get(header);
      expect(refused.headers['content-encoding'], header).toBeUndefined();
      expect(refused.json(), header).toEqual(answer);
    }
  });

  it('a company user reads their own company only; a plain User the runs they see', async () => {
    expect((await report<Summary>('caB', 'summary', JAN_5_6)).rows).toMatchObject({ runs: 2, ...counts(1, 1, 0) });
    // Uma sees her Invoice runs (their bot is gone), not Carla's Payroll runs.
    expect((await report<Summary>('userA', 'summary', JAN_5_6)).rows).toMatchObject({ runs: 5, ...counts(3, 1, 1) });
    const other = await call(server, 'GET', `/api/dashboard-report/summary?${JAN_5_6}&companyId=${w.companyB}`, {
      token: w.people.caA.token,
    });
    expect(other.status).toBe(404);
  });

  it('the processes list filters by the outcome a chart segment opens it with', async () => {
    const res = await call<{ payload: { count: number; rows: { status: number; botName: string }[] } }>(
      server,
      'GET',
      `/api/process/all?outcome=terminated&companyId=${w.companyA}&limit=100`,
      { token: w.people.super.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Company A's terminated runs: Payroll's agent disconnection and Invoice's cancel.
    expect(res.body.payload.rows.map((r) => r.status).sort()).toEqual([4, 5]);
  });

  it('today, weekly and monthly end with today; the figures count the queue', async () => {
    const now = Date.now();
    await insert(w.companyA, 'caA', 'Now', 2, new Date(now).toISOString());
    await insert(w.companyA, 'caA', 'Now', 0, new Date(now).toISOString());
    await insert(w.companyA, 'caA', 'Now', 3, new Date(now - 3 * 86_400_000).toISOString());
    await insert(w.companyA, 'caA', 'Now', 4, new Date(now - 20 * 86_400_000).toISOString());
    const q = `companyId=${w.companyA}`;
    const today = await report<Summary>('super', 'summary', `period=today&${q}`);
    expect(today.rows).toMatchObject({ runs: 2, ...counts(1, 0, 0), successRate: 100, queueLength: 1 });
    expect(today.period.days).toHaveLength(1);
    const weekly = await report<Summary>('super', 'summary', `period=weekly&${q}`);
    expect(weekly.rows).toMatchObject({ runs: 3, ...counts(1, 1, 0) });
    expect(weekly.period.days).toHaveLength(7);
    const monthly = await report<Summary>('super', 'summary', `period=monthly&${q}`);
    expect(monthly.rows).toMatchObject({ runs: 4, ...counts(1, 1, 1) });
    expect(monthly.period.days).toHaveLength(30);
  });

  it('refuses a bad period with 400 and a clear message', async () => {
    const bad = async (query: string, message: string) => {
      const res = await call<{ message: string }>(server, 'GET', `/api/dashboard-report/line-graph?${query}`, {
        token: w.people.super.token,
      });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await bad('period=custom&from=2026-01-05', 'Please choose both dates of the custom period!');
    await bad('period=custom&from=2026-02-30&to=2026-03-01', 'Please choose both dates of the custom period!');
    await bad('period=custom&from=2026-01-06&to=2026-01-05', 'The end date must not be before the start date!');
    await bad('period=custom&from=2024-01-01&to=2026-01-05', 'A custom period is at most 366 days!');
    await bad('period=today&timezone=Mars/Olympus', 'Please choose a valid time zone!');
    const res = await call(server, 'GET', '/api/dashboard-report/summary?period=yearly', {
      token: w.people.super.token,
    });
    expect(res.status).toBe(400);
  });
});
