import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, PROCESS_STATUS, type LiveNotification } from '../../src/domain';
import { call, createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type Envelope, type ListPayload, type Who, type World } from './world';

/*
 * A plain User sees the runs of the bots they see — their own bots and those shared with one of
 * their groups — and, of a run whose bot was deleted, only one they asked for. Everything else
 * about a run (its row, its count, its details, its log lines, its History Logs lines, its live
 * notices, its log stream) is not found for them. Admins see every run of their scope.
 */

const LICENCE = openLicence({ maxBots: 10, maxAgents: 5 });
const PARAMETERS = [{ name: 'in_Customer', value: 'ACME' }];
type Run = 'own' | 'shared' | 'other' | 'goneMine' | 'goneTheirs' | 'sharedPending' | 'otherPending' | 'otherRunning';
const RUNS: readonly Run[] = [
  'own',
  'shared',
  'other',
  'goneMine',
  'goneTheirs',
  'sharedPending',
  'otherPending',
  'otherRunning',
];
/** What the plain User of company A may see: their bot's run, the shared bot's, theirs of a deleted bot. */
const USER_SEES: readonly Run[] = ['own', 'shared', 'goneMine', 'sharedPending'];
const FINISHED: readonly Run[] = ['own', 'shared', 'other', 'goneMine', 'goneTheirs'];
const ADMINS = ['super', 'sub', 'caA'] as const satisfies readonly Who[];

interface Scene {
  w: World;
  ids: Record<Run, string>;
  agent: ProtocolAgent;
  /** Runs a bot on an agent as `who` (pending on the offline agent); answers the process id. */
  run: (who: Who, botId: string, agentId?: string) => Promise<string>;
  bots: Record<'own' | 'shared' | 'other', string>;
  onlineAgent: string;
  offlineAgent: string;
}

const as = <T>(server: TestServer, w: World, who: Who, method: string, url: string, body?: unknown) =>
  call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });

/** Company A's bots, group, agents and runs of every kind, made over HTTP and the agent protocol. */
async function buildScene(server: TestServer, tag: string): Promise<Scene> {
  const w = await buildWorld(server, tag);
  const api = <T>(who: Who, method: string, url: string, body?: unknown) => as<T>(server, w, who, method, url, body);
  await api('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
  const group = (
    await api<{ id: string }>('caA', 'POST', '/groups/create', { name: 'Runners', userIds: [w.people.userA.id] })
  ).body.payload.id;
  const bot = async (who: Who, name: string, groupIds: string[] = []) => {
    const form = botForm({ name, description: `The ${name}`, type: 1, groupIds: JSON.stringify(groupIds) });
    const res = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people[who].token,
      form,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.payload.id;
  };
  const bots = {
    own: await bot('userA', 'Own bot'),
    shared: await bot('caA', 'Shared bot', [group]),
    other: await bot('caA', 'Other bot'),
  };
  const gone = await bot('userA', 'Gone bot');
  const online = await registerAgent(server, w, 'caA', `VIS-${tag}-1`);
  const offline = await registerAgent(server, w, 'caA', `VIS-${tag}-2`);
  const agent = await connectAgent(server.baseUrl, online.agentId, online.secret);
  const run = async (who: Who, botId: string, agentId = online.agentId) => {
    const res = await api<{ id: string }>(who, 'POST', '/process/create', { botId, agentId, parameters: PARAMETERS });
    expect(res.status, res.text).toBe(200);
    return res.body.payload.id;
  };
  /** A run that starts, writes two lines and ends executed. */
  const finished = async (who: Who, botId: string) => {
    const id = await run(who, botId);
    await eventually(() => agent.starts.find((s) => s.processId === id), `the start of ${id}`);
    expect(await agent.log(id, [{ text: `${id} first` }, { text: `${id} second` }])).toEqual({ ok: true });
    expect(await agent.status(id, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 2 })).toEqual({ ok: true });
    return id;
  };
  const ids = {
    own: await finished('userA', bots.own),
    shared: await finished('caA', bots.shared),
    other: await finished('caA', bots.other),
    goneMine: await finished('userA', gone),
    goneTheirs: await finished('caA', gone),
    sharedPending: await run('caA', bots.shared, offline.agentId),
    otherPending: await run('caA', bots.other, offline.agentId),
  } as Record<Run, string>;
  const deleted = await api('userA', 'DELETE', `/bot/delete/${gone}`);
  expect(deleted.status, deleted.text).toBe(200);
  ids.otherRunning = await run('caA', bots.other);
  await eventually(() => agent.starts.find((s) => s.processId === ids.otherRunning), 'the running process');
  expect(await agent.log(ids.otherRunning, [{ text: `${ids.otherRunning} first` }])).toEqual({ ok: true });
  return { w, ids, agent, run, bots, onlineAgent: online.agentId, offlineAgent: offline.agentId };
}

const named = (ids: Record<Run, string>, found: readonly string[]): Run[] =>
  RUNS.filter((run) => found.includes(ids[run]));

function openSocket(server: TestServer): Socket {
  return connect(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
}

/** A browser of `who` in the control room, collecting its live notices of processes. */
async function browser(server: TestServer, w: World, who: Who) {
  const socket = openSocket(server);
  const seen: LiveNotification[] = [];
  socket.on('message', (n: LiveNotification) => {
    if (n.type === 'process') seen.push(n);
  });
  const { token, id: userId } = w.people[who];
  await socket.emitWithAck('authentication', { token, roomId: CONTROLROOM_ROOM, userId });
  const joined = (await socket.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM, userId })) as {
    ok: boolean;
  };
  expect(joined.ok).toBe(true);
  return { socket, seen };
}

describe('processes follow the visibility of their bot for a plain User', () => {
  let server: TestServer;
  let scene: Scene;
  const api = <T>(who: Who, method: string, url: string, body?: unknown) =>
    as<T>(server, scene.w, who, method, url, body);

  beforeAll(async () => {
    server = await startServer();
    scene = await buildScene(server, 'vis');
  });
  afterAll(async () => {
    scene?.agent.close();
    await server?.close();
  });

  it('lists, counts and names only the runs of the bots a User sees; admins list them all', async () => {
    const listed = async (who: Who, query = 'limit=100') => {
      const res = await api<ListPayload>(who, 'GET', `/process/all?${query}`);
      expect(res.status, res.text).toBe(200);
      return {
        runs: named(
          scene.ids,
          res.body.payload.rows.map((r) => r.id),
        ),
        count: res.body.payload.count,
      };
    };
    expect(await listed('userA')).toEqual({ runs: USER_SEES, count: USER_SEES.length });
    // Paging and filters keep to what they see: the other bot's runs are nowhere, on no page.
    expect(await listed('userA', `botId=${scene.bots.other}`)).toEqual({ runs: [], count: 0 });
    const pages = [await listed('userA', 'limit=2&page=1'), await listed('userA', 'limit=2&page=2')];
    expect(pages.map((p) => p.count)).toEqual([USER_SEES.length, USER_SEES.length]);
    expect(pages.flatMap((p) => p.runs).sort()).toEqual([...USER_SEES].sort());
    for (const who of ADMINS) expect((await listed(who)).runs, who).toEqual(RUNS);
    expect(await listed('userB')).toEqual({ runs: [], count: 0 });
    // The names list (ids and bot names, for pickers) keeps to them too.
    const names = await api<{ id: string }[]>('userA', 'GET', '/process/names');
    expect(names.status, names.text).toBe(200);
    expect(
      named(
        scene.ids,
        names.body.payload.map((r) => r.id),
      ),
    ).toEqual(USER_SEES);
  });

  it('answers details and log lines of a run a User may not see with 404, as for a missing one', async () => {
    for (const run of RUNS) {
      const sees = USER_SEES.includes(run);
      const details = await api<{ id: string }>('userA', 'GET', `/process/details/${scene.ids[run]}`);
      expect(details.status, `details of ${run}`).toBe(sees ? 200 : 404);
      if (run.endsWith('Pending')) continue;
      const logs = await api<ListPayload>('userA', 'GET', `/processExecutionLog?processId=${scene.ids[run]}`);
      expect(logs.status, `logs of ${run}`).toBe(sees ? 200 : 404);
      if (sees) expect(logs.body.payload.rows[0]).toMatchObject({ seq: 1, text: `${scene.ids[run]} first` });
      for (const who of ADMINS) {
        const read = await api<ListPayload>(who, 'GET', `/processExecutionLog?processId=${scene.ids[run]}`);
        expect(read.status, `logs of ${run} for ${who}`).toBe(200);
      }
    }
    const missing = await api('userA', 'GET', `/process/details/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
    expect(missing.status).toBe(404);
  });

  it('shows in History Logs only the lines of runs a User sees, counted as such', async () => {
    const history = async (who: Who, query = '') => {
      const res = await api<ListPayload<{ processId: string }>>(
        who,
        'GET',
        `/process/transaction-logs?limit=100${query}`,
      );
      expect(res.status, res.text).toBe(200);
      return {
        runs: named(
          scene.ids,
          res.body.payload.rows.map((r) => r.processId),
        ),
        count: res.body.payload.count,
      };
    };
    const finishedSeen = FINISHED.filter((r) => USER_SEES.includes(r));
    expect(await history('userA')).toEqual({ runs: finishedSeen, count: finishedSeen.length * 2 });
    expect(await history('userA', `&processId=${scene.ids.other}`)).toEqual({ runs: [], count: 0 });
    expect(await history('userA', `&q=${scene.ids.goneTheirs}`)).toEqual({ runs: [], count: 0 });
    for (const who of ADMINS) expect((await history(who)).runs, who).toEqual(FINISHED);
  });

  it('lets a User cancel or stop nothing of a run they may not see (404), and only their own of the others (403)', async () => {
    expect((await api('userA', 'POST', '/process/cancel', { id: scene.ids.otherPending })).status).toBe(404);
    expect((await api('userA', 'POST', '/process/bulk-cancel', { ids: [scene.ids.otherPending] })).status).toBe(404);
    expect((await api('userA', 'POST', '/process/stop', { id: scene.ids.otherRunning })).status).toBe(404);
    // The shared bot's run is seen but was asked for by the Customer Admin.
    expect((await api('userA', 'POST', '/process/cancel', { id: scene.ids.sharedPending })).status).toBe(403);
  });

  it('shows in the queue only the waiting runs a User sees', async () => {
    const queued = async (who: Who) => {
      const res = await api<{ agentId: string; processes: { id: string }[] }[]>(who, 'GET', '/queue/queue');
      expect(res.status, res.text).toBe(200);
      return named(
        scene.ids,
        res.body.payload.flatMap((a) => a.processes.map((p) => p.id)),
      );
    };
    expect(await queued('userA')).toEqual(['sharedPending']);
    expect(await queued('caA')).toEqual(['sharedPending', 'otherPending']);
  });

  it('lets a User follow the log stream of a run they see, and not of one they may not see', async () => {
    const { socket } = await browser(server, scene.w, 'userA');
    try {
      const follow = (processId: string) =>
        socket.emitWithAck('follow-process', { processId }) as Promise<{ ok: boolean; message?: string }>;
      expect(await follow(scene.ids.otherRunning)).toMatchObject({ ok: false });
      expect(await follow(scene.ids.own)).toEqual({ ok: true });
    } finally {
      socket.disconnect();
    }
  });

  it('tells a User live of the runs they see only; the Customer Admin hears of every run', async () => {
    const user = await browser(server, scene.w, 'userA');
    const admin = await browser(server, scene.w, 'caA');
    try {
      // The hidden run first: notices reach one socket in order, so once the visible one is
      // there, the hidden one would have been too.
      const hidden = await scene.run('caA', scene.bots.other, scene.offlineAgent);
      const visible = await scene.run('caA', scene.bots.shared, scene.offlineAgent);
      await eventually(() => user.seen.find((n) => n.data.id === visible), 'the notice of the shared run');
      await eventually(() => admin.seen.find((n) => n.data.id === visible), 'the admin notice of the shared run');
      expect(user.seen.map((n) => n.data.id)).toEqual([visible]);
      expect(admin.seen.map((n) => n.data.id)).toEqual([hidden, visible]);
      await api('caA', 'POST', '/process/bulk-cancel', { ids: [hidden, visible] });
    } finally {
      user.socket.disconnect();
      admin.socket.disconnect();
    }
  });

  it('tells a User of the end of a run they see and of the start its agent’s report claims, and nothing of the others', async () => {
    const user = await browser(server, scene.w, 'userA');
    const admin = await browser(server, scene.w, 'caA');
    const queue = async (botId: string) => {
      const res = await api<{ id: string }>('caA', 'POST', '/process/create', {
        botId,
        agentId: scene.onlineAgent,
        parameters: PARAMETERS,
        queue: true,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.payload.id;
    };
    const statusesOf = (seen: LiveNotification[], id: string) =>
      seen.filter((n) => n.data.id === id).map((n) => (n.data as { status?: number }).status);
    // undefined until then: `eventually` waits for a value.
    const ended = (seen: LiveNotification[], id: string) =>
      statusesOf(seen, id).includes(PROCESS_STATUS.executed) ? true : undefined;
    try {
      // Behind the hidden running run: a run of the shared bot, then one of the other bot. Each
      // final report ends one run and starts the next in the same statement.
      const visible = await queue(scene.bots.shared);
      const hidden = await queue(scene.bots.other);
      const report = (id: string) => scene.agent.status(id, PROCESS_STATUS.executed, { exitCode: 0 });
      expect(await report(scene.ids.otherRunning)).toEqual({ ok: true });
      await eventually(() => scene.agent.starts.find((s) => s.processId === visible), 'the start of the shared run');
      expect(await report(visible)).toEqual({ ok: true });
      await eventually(() => scene.agent.starts.find((s) => s.processId === hidden), 'the start of the other run');
      expect(await report(hidden)).toEqual({ ok: true });
      await eventually(() => ended(admin.seen, hidden), 'the end of the other run');
      // Notices reach one socket in order: the admin heard the last one, so the User's are in.
      await eventually(() => ended(user.seen, visible), 'the end of the shared run');
      expect(statusesOf(user.seen, visible)).toEqual([0, 1, 2]);
      expect(user.seen.filter((n) => n.data.id !== visible)).toEqual([]);
      expect(statusesOf(admin.seen, scene.ids.otherRunning)).toEqual([2]);
      expect(statusesOf(admin.seen, visible)).toEqual([0, 1, 2]);
      expect(statusesOf(admin.seen, hidden)).toEqual([0, 1, 2]);
    } finally {
      user.socket.disconnect();
      admin.socket.disconnect();
    }
  });
});

// Two nodes share one database: PostgreSQL, with Redis between their sockets.
describe.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)(
  'live notices of runs across two nodes (Redis)',
  () => {
    let database: TestDatabase;
    let nodeA: TestServer;
    let nodeB: TestServer;
    let scene: Scene;

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '', JWT_SECRET: 'shared-secret-of-both-nodes-0123456789' };
      const redisKey = `rpa-test-${randomBytes(4).toString('hex')}`;
      nodeA = await startServer({ database, env, redisKey });
      nodeB = await startServer({ database, env, redisKey });
      scene = await buildScene(nodeA, 'visnodes');
    });
    afterAll(async () => {
      scene?.agent.close();
      await nodeA?.close();
      await nodeB?.close();
      await database?.drop();
    });

    it('brings a run made on node A to a User on node B only when they see its bot', async () => {
      const user = await browser(nodeB, scene.w, 'userA');
      try {
        const hidden = await scene.run('caA', scene.bots.other, scene.offlineAgent);
        const visible = await scene.run('caA', scene.bots.own, scene.offlineAgent);
        await eventually(() => user.seen.find((n) => n.data.id === visible), 'the notice of the visible run');
        expect(user.seen.map((n) => n.data.id)).not.toContain(hidden);
      } finally {
        user.socket.disconnect();
      }
    });
  },
);
