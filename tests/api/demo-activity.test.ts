import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAILURE_MESSAGE } from '../../server/db/demoBots';
import { seedDemoData } from '../../server/db/demoData';
import { call, login, startServer, type TestServer } from './helpers';
import type { ListPayload } from './world';

interface Schedule {
  botName: string;
  agentName: string;
  frequency: string;
  duration: string;
  status: string;
  nextFireAt: string | null;
  overlap: string;
}
interface LogRow {
  seq: number;
  stream: string;
  text: string;
}

const DAY = 86_400_000;

// What the demo shows besides its people and bots: agents, schedules, non-working days and 90
// days of runs. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
describe('the demo activity', () => {
  let server: TestServer;
  let token: string;
  let seededAt: number;
  beforeAll(async () => {
    server = await startServer();
    seededAt = Date.now();
    await seedDemoData(server.app.database, server.config, async () => server.app.dataKey);
    token = (await login(server, 'ca.acme@rpa.local', 'Custadmin@1')).token;
  }, 120_000);
  afterAll(() => server?.close());

  const get = async <T>(route: string) => {
    const res = await call<{ payload: T }>(server, 'GET', `/api${route}`, { token });
    expect(res.status, route).toBe(200);
    return res.body.payload;
  };
  const query = async <T>(text: string) =>
    ((await server.app.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

  it('gives Acme two agents for `npm run demo` and a schedule of every frequency on them', async () => {
    const agents = await get<ListPayload<{ name: string; deviceId: string }>>('/agent/all?limit=100');
    expect(agents.rows.map((a) => [a.name, a.deviceId]).sort()).toEqual([
      ['Demo Robot 1', 'demo-robot-1'],
      ['Demo Robot 2', 'demo-robot-2'],
    ]);
    const { rows } = await get<ListPayload<Schedule>>('/process/schedule/log/all?limit=100');
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((s) => s.frequency))).toEqual(
      new Set(['minutely', 'hourly', 'daily', 'weekly', 'monthly']),
    );
    const modes = rows.filter((s) => s.frequency === 'monthly').map((s) => JSON.parse(s.duration).mode);
    expect(modes.sort()).toEqual(['dateWise', 'dayWise']);
    for (const s of rows) {
      expect(['Daily Report', 'Stock Check']).toContain(s.botName);
      expect(['Demo Robot 1', 'Demo Robot 2']).toContain(s.agentName);
      expect(s.status).toBe('active');
      expect(Date.parse(s.nextFireAt ?? '')).toBeGreaterThan(seededAt - 60_000);
    }
    // A minutely schedule fires within a minute of the seed: a newcomer sees runs at once.
    const minutely = rows.filter((s) => s.frequency === 'minutely');
    expect(minutely.every((s) => Date.parse(s.nextFireAt ?? '') <= seededAt + 61_000 * 2)).toBe(true);
    expect(minutely.every((s) => s.overlap === 'skip')).toBe(true);
  });

  it('gives each company its non-working days', async () => {
    const { rows } = await get<ListPayload<{ name: string; day: string; yearly: boolean }>>(
      '/non-working-day/all?limit=100',
    );
    expect(rows.map((d) => d.name).sort()).toEqual(['Christmas', 'Diwali', 'Independence Day', 'Republic Day']);
    expect(rows.find((d) => d.name === 'Christmas')).toMatchObject({ yearly: true });
  });

  it('fills 90 days with finished runs of every outcome, spread over the days, hours, bots and agents', async () => {
    const [span] = await query<{ first: string; last: string; days: number; bots: number; agents: number }>(
      `select min(created_at) as first, max(created_at) as last, count(distinct created_at::date) as days,
         count(distinct bot_name) as bots, count(distinct agent_id) as agents
       from processes where status <> 0`,
    );
    expect(Date.parse(span.first)).toBeGreaterThan(seededAt - 91 * DAY);
    expect(Date.parse(span.first)).toBeLessThan(seededAt - 88 * DAY);
    expect(Date.parse(span.last)).toBeLessThan(seededAt);
    expect(Number(span.days)).toBeGreaterThanOrEqual(85);
    expect(Number(span.bots)).toBe(7);
    expect(Number(span.agents)).toBe(3);

    const outcomes = await query<{ status: number; reason_key: string | null; n: string }>(
      `select status, reason_key, count(*) as n from processes where status <> 0 group by 1, 2`,
    );
    const keys = outcomes.map((o) => `${o.status}:${o.reason_key ?? ''}`).sort();
    expect(keys).toEqual(['2:', '3:', '4:canceledBy', '4:stoppedBy', '5:agentDisconnected']);
    const share = (key: string) =>
      Number(outcomes.find((o) => `${o.status}:${o.reason_key ?? ''}` === key)?.n ?? 0) /
      outcomes.reduce((sum, o) => sum + Number(o.n), 0);
    expect(share('2:')).toBeGreaterThan(0.5);
    expect(share('3:')).toBeGreaterThan(0.05);
  });

  it('gives the runs the reasons and log lines the runtime writes', async () => {
    const [failed] = await query<{ id: string; reason: string; exit_code: number }>(
      `select p.id, p.reason, p.exit_code from processes p join companies c on c.id = p.company_id
       where c.name = 'Acme Robotics' and p.bot_name = 'Supplier Sync' and p.status = 3 limit 1`,
    );
    expect(failed).toMatchObject({ reason: `Exited with code 2: ${DEMO_FAILURE_MESSAGE}`, exit_code: 2 });
    const logs = await get<ListPayload<LogRow>>(`/processExecutionLog?processId=${failed.id}`);
    expect(logs.rows.map((l) => [l.seq, l.stream, l.text])).toEqual([
      [1, 'stdout', 'Connecting to https://suppliers.example ...'],
      [2, 'stderr', DEMO_FAILURE_MESSAGE],
    ]);

    const reasons = await query<{ reason_key: string; reason: string; started: boolean; lines: string }>(
      `select distinct on (p.reason_key) p.reason_key, p.reason, p.started_at is not null as started,
         (select count(*) from process_logs l where l.process_id = p.id) as lines
       from processes p join companies c on c.id = p.company_id
       where c.name = 'Acme Robotics' and p.reason_key is not null order by p.reason_key, p.created_at`,
    );
    const byKey = Object.fromEntries(reasons.map((r) => [r.reason_key, r]));
    expect(byKey.stoppedBy?.reason).toMatch(/^Stopped by (Carla Acme|Uma Acme)$/);
    expect(byKey.canceledBy).toMatchObject({ started: false });
    expect(Number(byKey.canceledBy?.lines)).toBe(0);
    expect(byKey.canceledBy?.reason).toMatch(/^Canceled by (Carla Acme|Uma Acme) before it ran$/);
    expect(byKey.agentDisconnected).toMatchObject({ reason: 'failed since agent is disconnected', started: true });

    const [success] = await query<{ id: string }>(
      `select p.id from processes p join companies c on c.id = p.company_id
       where c.name = 'Acme Robotics' and p.bot_name = 'Invoice Totals' and p.status = 2 limit 1`,
    );
    const lines = await get<ListPayload<LogRow>>(`/processExecutionLog?processId=${success.id}`);
    expect(lines.rows.at(-1)?.text).toMatch(/^Total of 4 invoices: 4050\.49 (INR|EUR|USD)$/);
  });

  it('finds the history in place when seeded again, even after retention deleted its oldest runs', async () => {
    const finished = async () =>
      Number((await query<{ n: string }>(`select count(*) as n from processes where status <> 0`))[0].n);
    // As the retention sweep does with runs past their days.
    await query(
      `delete from processes where id in (select id from processes where status <> 0 order by ended_at limit 10)`,
    );
    const before = await finished();
    await seedDemoData(server.app.database, server.config, async () => server.app.dataKey);
    expect(await finished()).toBe(before);
  });

  it('has an inactive e-mail configuration on a placeholder host, its secret never shown', async () => {
    const { rows } = await get<ListPayload<Record<string, unknown>>>('/emailSchedule/all?limit=100');
    expect(rows.map((r) => [r.email, r.status, r.imapHost, r.botName, r.criteria, r.criteriaValue])).toEqual([
      ['invoices@acme.example', 'inactive', 'imap.demo.invalid', 'Daily Report', 'subject', 'Invoice'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('demo-placeholder-secret');
    expect(Object.keys(rows[0])).not.toContain('secretEncrypted');
  });
});
