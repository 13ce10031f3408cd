import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, PROCESS_STATUS, type LiveNotification } from '../../src/domain';
import { call, createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, type Envelope, type World, openLicence } from './world';

const LICENCE = openLicence({ maxBots: 5, maxAgents: 50 });
const PARAMS = [{ name: 'in_Customer', value: 'ACME' }];
const AGENTS = 10;
const RUNS = 200;

/** Two server nodes on one PostgreSQL database and one Redis: the scale-out deployment. */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'runtime across two nodes (PostgreSQL + Redis)',
  () => {
    let database: TestDatabase;
    let nodeA: TestServer;
    let nodeB: TestServer;
    let w: World;
    let bot: string;
    const agents: ProtocolAgent[] = [];
    const credentials: { agentId: string; secret: string }[] = [];
    let browser: Socket;
    const seen: LiveNotification[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL ?? '',
        JWT_SECRET: 'shared-secret-of-both-nodes-0123456789',
        AGENT_HEARTBEAT_SECONDS: '1',
      };
      const redisKey = `rpa-test-${randomBytes(4).toString('hex')}`;
      nodeA = await startServer({ database, env, redisKey });
      nodeB = await startServer({ database, env, redisKey });
      w = await buildWorld(nodeB, 'cluster');
      const asCa = <T>(node: TestServer, method: string, url: string, body?: unknown) =>
        call<Envelope<T>>(node, method, `/api${url}`, { token: w.people.caA.token, body });
      await call(nodeB, 'POST', '/api/companyLicense/create', {
        token: w.people.super.token,
        body: { ...LICENCE, companyId: w.companyA },
      });
      bot = (
        await call<Envelope<{ id: string }>>(nodeB, 'POST', '/api/bot/create', {
          token: w.people.caA.token,
          form: botForm({ name: 'Clustered', description: 'Runs on any node', type: 1 }),
        })
      ).body.payload.id;
      for (let i = 0; i < AGENTS; i++) {
        const token = (await asCa<{ token: string }>(nodeB, 'POST', '/registrationToken/generate', { type: 'agent' }))
          .body.payload.token;
        credentials.push(
          (
            await call<Envelope<{ agentId: string; secret: string }>>(nodeB, 'POST', '/api/agent/register', {
              body: { registrationToken: token, deviceId: `NODE-${i}` },
            })
          ).body.payload,
        );
      }
      browser = connect(nodeB.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      browser.on('message', (n: LiveNotification) => seen.push(n));
      const { token, id: userId } = w.people.caA;
      await browser.emitWithAck('authentication', { token, roomId: CONTROLROOM_ROOM, userId });
      await browser.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM, userId });
    });
    afterAll(async () => {
      for (const a of agents) a.close();
      browser?.disconnect();
      await nodeA?.close();
      await nodeB?.close();
      await database?.drop();
    });

    it('runs a process created through node B on an agent connected to node A; node B’s browser sees every step and line', async () => {
      const agent = await connectAgent(nodeA.baseUrl, credentials[0].agentId, credentials[0].secret);
      agents.push(agent);
      const created = await call<Envelope<{ id: string }>>(nodeB, 'POST', '/api/process/create', {
        token: w.people.caA.token,
        body: { botId: bot, agentId: credentials[0].agentId, parameters: PARAMS },
      });
      expect(created.status).toBe(200);
      const id = created.body.payload.id;
      await eventually(() => agent.starts.find((s) => s.processId === id), 'process:start on node A');
      expect(await browser.emitWithAck('follow-process', { processId: id })).toEqual({ ok: true });
      expect(await agent.log(id, [{ seq: 1, text: 'from node A' }])).toEqual({ ok: true });
      expect(await agent.status(id, PROCESS_STATUS.executed)).toEqual({ ok: true });
      const steps = await eventually(() => {
        const mine = seen
          .filter((n) => n.data.id === id)
          .map((n) => (n.type === 'process' ? `${n.operation}:${n.data.status}` : n.type));
        return mine.includes(`update:${PROCESS_STATUS.executed}`) && mine.includes('processExecutionLog')
          ? mine
          : undefined;
      }, 'the notifications on node B');
      expect(steps).toEqual([
        'insert:0',
        `update:${PROCESS_STATUS.running}`,
        'processExecutionLog',
        `update:${PROCESS_STATUS.executed}`,
      ]);
      agent.close();
      agents.splice(0);
    });

    it(`dispatches ${RUNS} processes created at once through both nodes exactly once each`, async () => {
      // Half the agents on each node; each finishes a run as soon as it gets it.
      for (const [i, c] of credentials.entries()) {
        const agent = await connectAgent((i % 2 ? nodeA : nodeB).baseUrl, c.agentId, c.secret);
        agent.answerStart = (job) => {
          setTimeout(() => void agent.status(job.processId, PROCESS_STATUS.executed), 0);
          return { ok: true };
        };
        agents.push(agent);
      }
      const ids = new Set<string>();
      // A manual run on a busy agent is refused ('Agent is busy!'): asked again until taken.
      await Promise.all(
        Array.from({ length: RUNS }, async (_, i) => {
          const node = i % 2 ? nodeA : nodeB;
          const agentId = credentials[i % AGENTS].agentId;
          for (let attempt = 0; attempt < 500; attempt++) {
            const res = await call<Envelope<{ id: string }>>(node, 'POST', '/api/process/create', {
              token: w.people.caA.token,
              body: { botId: bot, agentId, parameters: PARAMS },
            });
            if (res.status === 200) return void ids.add(res.body.payload.id);
            expect(res.status).toBe(409);
            await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
          }
          throw new Error('never taken');
        }),
      );
      expect(ids.size).toBe(RUNS);
      const finished = async () => {
        const rows = await nodeA.app.database.queryRows(
          'select count(*)::int as n from processes where status = 2 and id in (select jsonb_array_elements_text($1::jsonb)::uuid)',
          [JSON.stringify([...ids])],
        );
        return Number(rows[0].n) === RUNS ? true : undefined;
      };
      await eventually(finished, 'every run executed', 60_000);
      const starts = agents.flatMap((a) => a.starts.map((s) => s.processId)).filter((id) => ids.has(id));
      expect(starts.length).toBe(RUNS);
      expect(new Set(starts).size).toBe(RUNS);
    }, 120_000);
  },
);
