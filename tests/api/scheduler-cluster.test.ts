import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, setUpCompany, type BotKey } from './agentWorld';
import { startRealServer, tempFolder, type RealServer } from './datafolderProcesses';
import { call, createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import {
  historyOf,
  hourly,
  HOUR,
  insertSchedules,
  minuteOf,
  minutely,
  newAgent,
  sqlOn,
  type NewSchedule,
} from './schedulerWorld';

const PARAMS = [
  { name: 'in_Customer', value: 'ACME' },
  { name: 'in_Count', value: '1' },
];

interface Counts {
  schedules: number;
  history: number;
  fired: number;
  distinctFires: number;
  processes: number;
  moved: number;
}

/**
 * Two server nodes on one PostgreSQL database and one Redis, each with its scheduler claiming
 * small batches: the fires of many schedules due at once happen once each.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'the scheduler across two nodes (PostgreSQL + Redis)',
  () => {
    let database: TestDatabase;
    let nodeA: TestServer;
    let nodeB: TestServer;
    let companyId: string;
    let bots: Record<BotKey, string>;
    let offlineAgent: string;
    let admin: pg.Client;
    const sockets: ProtocolAgent[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        JWT_SECRET: 'shared-secret-of-both-nodes-0123456789',
        AGENT_HEARTBEAT_SECONDS: '1',
        SCHEDULER_BATCH: '50',
      };
      const redisKey = `rpa-test-${randomBytes(4).toString('hex')}`;
      nodeA = await startServer({ database, env, redisKey });
      nodeB = await startServer({ database, env, redisKey });
      const api = await asAdmin(nodeB);
      ({ companyId, bots } = await setUpCompany(api, 'Two Nodes Ltd'));
      offlineAgent = (await newAgent(nodeB, api, companyId, 'CLUSTER-OFFLINE')).agentId;
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    }, 120_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      await admin?.end();
      await nodeA?.close();
      await nodeB?.close();
      await database?.drop();
    });

    // Hourly, so the next fire is an hour on: a minutely one due late in a minute fired again
    // at the next minute while the test still counted, and read as a doubled fire.
    const schedules = (count: number, dueAt: number): NewSchedule[] =>
      Array.from({ length: count }, () => ({
        companyId,
        botId: bots.js,
        agentId: offlineAgent,
        duration: hourly(minuteOf(dueAt)),
        nextFireAt: dueAt,
        parameters: PARAMS,
      }));

    /** What the database holds for these schedules: their fires, runs and moves. */
    const countsOf = async (ids: string[], dueAt: number): Promise<Counts> => {
      const [row] = await sqlOn(nodeA)<Counts>(
        `with mine as (select jsonb_array_elements_text($1::jsonb)::uuid as id)
         select (select count(*)::int from mine) as "schedules",
           (select count(*)::int from schedule_history h where h.schedule_id in (select id from mine)) as "history",
           (select count(*)::int from schedule_history h where h.schedule_id in (select id from mine) and h.outcome = 'fired') as "fired",
           (select count(distinct (h.schedule_id, h.due_at))::int from schedule_history h where h.schedule_id in (select id from mine)) as "distinctFires",
           (select count(*)::int from processes p join schedule_history h on h.process_id = p.id
              where h.schedule_id in (select id from mine) and p.source = 'schedule') as "processes",
           (select count(*)::int from schedules s where s.id in (select id from mine) and s.next_fire_at = $2::timestamptz
              and s.last_fire_at = $3::timestamptz and s.last_outcome = 'fired') as "moved"`,
        [JSON.stringify(ids), new Date(minuteOf(dueAt) + HOUR).toISOString(), new Date(dueAt).toISOString()],
      );
      return row;
    };
    const allFired = (ids: string[], dueAt: number) =>
      eventually(
        async () => {
          const counts = await countsOf(ids, dueAt);
          return counts.fired >= ids.length ? counts : undefined;
        },
        `${ids.length} fires`,
        60_000,
      );
    const lagCount = async (node: TestServer) =>
      Number(/^rpa_schedule_lag_seconds_count (\d+)$/m.exec((await call(node, 'GET', '/metrics')).text)?.[1] ?? 0);

    it('fires 500 schedules due in the same second exactly once each: 500 history rows, 500 runs', async () => {
      const before = (await lagCount(nodeA)) + (await lagCount(nodeB));
      const dueAt = Date.now() + 2000;
      const ids = await insertSchedules(nodeA, schedules(500, dueAt));
      await allFired(ids, dueAt);
      // Whatever a slower node might still be doing has had its chance to double a fire.
      await Promise.all([nodeA.app.runtime.dispatcher.idle(), nodeB.app.runtime.dispatcher.idle()]);
      expect(await countsOf(ids, dueAt)).toEqual({
        schedules: 500,
        history: 500,
        fired: 500,
        distinctFires: 500,
        processes: 500,
        moved: 500,
      });
      // Each fire was handled by one node: the two nodes' lag counts add up to the 500 fires.
      expect((await lagCount(nodeA)) + (await lagCount(nodeB)) - before).toBe(500);
      await sqlOn(nodeA)(`update schedules set status = 'disabled' where company_id = $1`, [companyId]);
    }, 120_000);

    it('loses and doubles nothing while the database drops every connection of both nodes during a burst', async () => {
      const dueAt = Date.now() + 1500;
      const ids = await insertSchedules(nodeA, schedules(300, dueAt));
      const name = new URL(database.url ?? '').pathname.slice(1);
      // For three seconds around the due instant, every connection of the nodes is cut, again and again.
      const until = dueAt + 2000;
      let cuts = 0;
      while (Date.now() < until) {
        const result = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        cuts += result.rowCount ?? 0;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(cuts).toBeGreaterThan(0);
      await allFired(ids, dueAt);
      expect(await countsOf(ids, dueAt)).toEqual({
        schedules: 300,
        history: 300,
        fired: 300,
        distinctFires: 300,
        processes: 300,
        moved: 300,
      });
      await sqlOn(nodeA)(`update schedules set status = 'disabled' where company_id = $1`, [companyId]);
    }, 120_000);

    it('hands a fire to an idle agent connected to either node at once', async () => {
      const agents = await Promise.all(
        [nodeA, nodeB].map(async (node, i) => {
          const api = await asAdmin(node);
          const { agentId, secret } = await newAgent(node, api, companyId, `CLUSTER-LIVE-${i}`);
          const socket = await connectAgent(node.baseUrl, agentId, secret);
          sockets.push(socket);
          return { agentId, socket };
        }),
      );
      const dueAt = Date.now();
      await insertSchedules(
        nodeA,
        agents.map(({ agentId }) => ({ ...schedules(1, dueAt)[0], agentId })),
      );
      for (const { socket } of agents)
        await eventually(() => socket.starts.find((s) => s.botName === 'Node bot'), 'the start on its agent', 20_000);
    }, 60_000);
  },
);

/**
 * A schedule changed on one node wakes the others' schedulers at once (through Redis): node B, a
 * server process of its own, sleeps for up to 30 s with nothing planned, and node A's scheduler
 * is stopped, so only B can fire, and only the relay wakes it before its sleep ends.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'a schedule changed on one node wakes the other nodes',
  () => {
    let database: TestDatabase;
    let nodeA: TestServer;
    let nodeB: RealServer | null = null;
    let folder: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      folder = await tempFolder('scheduler-relay');
      const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', JWT_SECRET: 'shared-secret-of-both-nodes-0123456789' };
      // A server process uses the default Redis key prefix; this node shares it.
      nodeA = await startServer({ database, env, redisKey: 'rpa' });
      await nodeA.app.scheduler.stop();
      nodeB = await startRealServer(folder, { env: { ...env, DATABASE_URL: database.url ?? '' } });
    }, 200_000);

    afterAll(async () => {
      await nodeB?.stop('SIGTERM');
      await nodeA?.close();
      await database?.drop();
      await rm(folder, { recursive: true, force: true });
    });

    it("fires on the other node as soon as it is told, not at the end of that node's sleep", async () => {
      const api = await asAdmin(nodeA);
      const { companyId, bots } = await setUpCompany(api, 'Relay Ltd');
      const { agentId } = await newAgent(nodeA, api, companyId, 'RELAY-OFFLINE');
      const dueAt = Date.now();
      const [id] = await insertSchedules(nodeA, [
        {
          companyId,
          botId: bots.js,
          agentId,
          duration: minutely(minuteOf(dueAt)),
          nextFireAt: dueAt,
          parameters: PARAMS,
        },
      ]);
      // Well within node B's 30 s sleep, started when it had nothing planned.
      const fired = await eventually(
        async () => (await historyOf(nodeA, id)).find((r) => r.outcome === 'fired'),
        'the fire on node B',
        10_000,
      );
      expect(fired.dueAt).toBe(dueAt);
    }, 60_000);
  },
);
