import { createHash } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, messages, PROCESS_STATUS, type LiveNotification } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm, WORKFLOW } from './workflows';
import {
  buildWorld,
  openLicence,
  registerAgent,
  type AgentCredentials,
  type Envelope,
  type ListPayload,
  type Who,
  type World,
} from './world';

type Credentials = AgentCredentials;
type Process = { id: string; status: number };
const LICENCE = openLicence({ maxBots: 5, maxAgents: 5 });
const PARAMS = [{ name: 'in_Customer', value: 'ACME' }];

describe('runtime: processes run on agents through the agent protocol', () => {
  let server: TestServer;
  let w: World;
  let botA: string;
  let licenceA: string;
  let agentA: Credentials;
  let agentA2: Credentials;
  let agentB: Credentials;
  const agents: ProtocolAgent[] = [];
  const browsers: Socket[] = [];
  const as = <T = Record<string, unknown>>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const run = (who: Who, body: Record<string, unknown>) => as<Process>(who, 'POST', '/process/create', body);
  const statusOf = async (id: string) =>
    Number((await server.app.database.queryRows('select status from processes where id = $1', [id]))[0]?.status);
  const newAgent = (who: Who, deviceId: string) => registerAgent(server, w, who, deviceId);
  const online = async (c: Credentials) => {
    const agent = await connectAgent(server.baseUrl, c.agentId, c.secret);
    agents.push(agent);
    return agent;
  };
  const browser = async (who: Who) => {
    const socket = connect(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    browsers.push(socket);
    const seen: LiveNotification[] = [];
    socket.on('message', (n: LiveNotification) => seen.push(n));
    const { token, id: userId } = w.people[who];
    await socket.emitWithAck('authentication', { token, roomId: CONTROLROOM_ROOM, userId });
    await socket.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM, userId });
    return { socket, seen };
  };

  beforeAll(async () => {
    server = await startServer({ env: { AGENT_HEARTBEAT_SECONDS: '1', AGENT_GRACE_SECONDS: '2' } });
    w = await buildWorld(server, 'runtime');
    licenceA = (
      await as<{ id: string }>('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA })
    ).body.payload.id;
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyB });
    const created = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Reader', description: 'Reads the invoices', type: 1, timeoutSeconds: 120 }),
    });
    botA = created.body.payload.id;
    agentA = await newAgent('caA', 'ACME-1');
    agentA2 = await newAgent('caA', 'ACME-2');
    agentB = await newAgent('caB', 'GLOBEX-1');
  });
  afterAll(async () => {
    for (const a of agents) a.close();
    for (const b of browsers) b.disconnect();
    await server?.close();
  });

  it('refuses an agent with a wrong secret or an unknown id, and agent credentials open no user route', async () => {
    await expect(connectAgent(server.baseUrl, agentA.agentId, 'ag_wrong')).rejects.toMatchObject({
      code: 'AGENT_SECRET_INVALID',
    });
    await expect(
      connectAgent(server.baseUrl, '00000000-0000-4000-8000-000000000000', agentA.secret),
    ).rejects.toMatchObject({ code: 'AGENT_UNKNOWN' });
    const asAgent = await call(server, 'GET', '/api/user/all', {
      headers: { authorization: `Agent ${agentA.agentId}:${agentA.secret}` },
    });
    expect(asAgent.status).toBe(401);
    // A user's token opens no agent channel.
    await expect(connectAgent(server.baseUrl, w.people.caA.id, w.people.caA.token)).rejects.toMatchObject({
      code: 'AGENT_UNKNOWN',
    });
  });

  it('hands a run to its idle agent after the claim, with the checksum of the file the agent downloads', async () => {
    const agent = await online(agentA);
    const watcher = await browser('caA');
    await eventually(() => (agent.key() ? true : undefined), 'the parameter key');
    const res = await run('userA', { botId: botA, agentId: agentA.agentId, parameters: PARAMS });
    expect(res.status).toBe(200);
    const processId = res.body.payload.id;
    expect(res.body.message).toBe(`Process with Id ${processId.slice(0, 8)}... Added successfully`);
    const job = await eventually(() => agent.starts.find((s) => s.processId === processId), 'process:start');
    expect(job.parameters).toEqual([{ name: 'in_Customer', value: 'ACME', encrypted: false }]);
    // The bot's own timeout, set on its multipart create.
    expect(job.timeoutSeconds).toBe(120);
    const file = await fetch(`${server.baseUrl}/api${job.filePath}`, {
      headers: { authorization: `Agent ${agentA.agentId}:${agentA.secret}` },
    });
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.toString('utf8')).toBe(WORKFLOW);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(job.checksum);
    // Another agent may not download it.
    const other = await fetch(`${server.baseUrl}/api${job.filePath}`, {
      headers: { authorization: `Agent ${agentA2.agentId}:${agentA2.secret}` },
    });
    expect(other.status).toBe(404);
    expect(await statusOf(processId)).toBe(PROCESS_STATUS.running);
    await eventually(
      () =>
        watcher.seen.find(
          (n) => n.type === 'process' && n.data.id === processId && n.data.status === PROCESS_STATUS.running,
        ),
      "'Started Running'",
    );

    // Busy: a second manual run on the same agent is refused.
    const busy = await run('userA', { botId: botA, agentId: agentA.agentId, parameters: PARAMS });
    expect([busy.status, busy.body.message]).toEqual([409, messages.agentBusy]);

    // Lines are kept once each, in order; a replay adds nothing.
    expect(
      await agent.log(processId, [
        { seq: 1, text: 'one' },
        { seq: 2, text: 'two\u0000' },
      ]),
    ).toEqual({ ok: true });
    expect(
      await agent.log(processId, [
        { seq: 2, text: 'two' },
        { seq: 3, text: 'three' },
      ]),
    ).toEqual({ ok: true });
    const logs = await as<ListPayload<{ seq: number; text: string }>>(
      'userA',
      'GET',
      `/processExecutionLog?processId=${processId}`,
    );
    expect(logs.body.payload.rows.map((l) => [l.seq, l.text])).toEqual([
      [1, 'one'],
      [2, 'two\uFFFD'],
      [3, 'three'],
    ]);
    expect(logs.body.payload.count).toBe(3);
    const listed = await as<ListPayload<{ id: string; logCount: number }>>('userA', 'GET', '/process/all?limit=100');
    expect(listed.body.payload.rows.find((p) => p.id === processId)?.logCount).toBe(3);

    // Another agent cannot report on it.
    const intruder = await online(agentA2);
    expect(await intruder.status(processId, PROCESS_STATUS.failed)).toMatchObject({
      ok: false,
      code: 'PROCESS_UNKNOWN',
    });
    expect(await intruder.log(processId, [{ seq: 9 }])).toMatchObject({ ok: false, code: 'PROCESS_UNKNOWN' });

    expect(await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 3 })).toEqual({ ok: true });
    expect(await statusOf(processId)).toBe(PROCESS_STATUS.executed);
    await eventually(
      () =>
        watcher.seen.find(
          (n) => n.type === 'process' && n.data.id === processId && n.data.status === PROCESS_STATUS.executed,
        ),
      "'Completed Successfully'",
    );
    // A late or repeated report changes nothing.
    expect(await agent.status(processId, PROCESS_STATUS.failed)).toEqual({ ok: true });
    expect(await statusOf(processId)).toBe(PROCESS_STATUS.executed);
    intruder.close();

    // History Logs: the finished run's lines, newest first, searchable, scoped to the company.
    const history = await as<ListPayload<{ processId: string; seq: number; text: string; botName: string }>>(
      'userA',
      'GET',
      `/process/transaction-logs?processId=${processId}`,
    );
    expect(history.body.payload.rows.map((r) => [r.seq, r.text])).toEqual([
      [3, 'three'],
      [2, 'two\uFFFD'],
      [1, 'one'],
    ]);
    const found = await as<ListPayload<{ text: string }>>('caA', 'GET', '/process/transaction-logs?q=thr');
    expect(found.body.payload.rows.map((r) => r.text)).toEqual(['three']);
    const elsewhere = await as<ListPayload>('caB', 'GET', `/process/transaction-logs?processId=${processId}`);
    expect(elsewhere.body.payload.count).toBe(0);
  });

  it('refuses runs with the spec messages', async () => {
    // A bot whose workflow declares no argument is given parameters by name: each needs both.
    const free = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm(
        { name: 'Free Reader', description: 'Declares no argument', type: 1 },
        { name: 'Free.xaml', text: WORKFLOW.replace(/<x:Members>[\s\S]*<\/x:Members>/, '') },
      ),
    });
    const freeBot = free.body.payload.id;
    const cases: [Who, Record<string, unknown>, number, string][] = [
      [
        'userA',
        { botId: freeBot, agentId: agentA2.agentId, parameters: [{ name: 'in_Customer', value: ' ' }] },
        400,
        messages.parametersMissing,
      ],
      [
        'userA',
        { botId: freeBot, agentId: agentA2.agentId, parameters: [{ name: ' ', value: 'ACME' }] },
        400,
        messages.parametersMissing,
      ],
      ['caB', { botId: botA, agentId: agentB.agentId, parameters: PARAMS }, 404, messages.noActiveBot],
      ['caA', { botId: botA, agentId: agentB.agentId, parameters: PARAMS }, 404, messages.notFound],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await run(who, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    await as('caA', 'PUT', `/bot/update/${botA}`, { status: 'inactive' });
    const inactive = await run('userA', { botId: botA, agentId: agentA2.agentId, parameters: PARAMS });
    expect([inactive.status, inactive.body.message]).toEqual([400, messages.noActiveBot]);
    await as('caA', 'PUT', `/bot/update/${botA}`, { status: 'active' });
  });

  it('refuses a run once the licence has ended, as a bot create and a schedule are refused: 403, nothing written', async () => {
    const count = async () => (await server.app.database.queryRows('select id from processes', [])).length;
    const before = await count();
    await as('super', 'PUT', `/companyLicense/update/${licenceA}`, { startDate: '2020-01-01', endDate: '2020-12-31' });
    try {
      const expired = await run('userA', { botId: botA, agentId: agentA2.agentId, parameters: PARAMS });
      expect([expired.status, expired.body.message]).toEqual([403, messages.botExpired]);
      expect(await count()).toBe(before);
    } finally {
      await as('super', 'PUT', `/companyLicense/update/${licenceA}`, { endDate: '2099-12-31' });
    }
  });

  it('cancels pending runs only, singly and in bulk; a pending run has no logs', async () => {
    // agentA2 is offline now: its runs wait in its queue.
    const first = (await run('userA', { botId: botA, agentId: agentA2.agentId, parameters: PARAMS })).body.payload.id;
    const second = (await run('userA', { botId: botA, agentId: agentA2.agentId, parameters: PARAMS })).body.payload.id;
    const queue = await as<{ agentId: string; processes: { id: string; position: number }[] }[]>(
      'caA',
      'GET',
      '/queue/queue',
    );
    expect(
      queue.body.payload.find((q) => q.agentId === agentA2.agentId)?.processes.map((p) => [p.id, p.position]),
    ).toEqual([
      [first, 1],
      [second, 2],
    ]);
    // One agent's queue alone: the agent details ask for it by id.
    const one = await as<{ agentId: string }[]>('caA', 'GET', `/queue/queue?agentId=${agentA2.agentId}`);
    expect(one.body.payload.map((q) => q.agentId)).toEqual([agentA2.agentId]);
    const bad = await as('caA', 'GET', '/queue/queue?agentId=nope');
    expect([bad.status, typeof bad.body.message]).toEqual([400, 'string']);
    const logs = await as('userA', 'GET', `/processExecutionLog?processId=${first}`);
    expect([logs.status, logs.body.message]).toEqual([400, messages.pendingNoLogs]);
    expect((await as('userB', 'POST', '/process/cancel', { id: first })).status).toBe(404);
    expect((await as('userA', 'POST', '/process/cancel', { id: first })).status).toBe(200);
    const again = await as('userA', 'POST', '/process/cancel', { id: first });
    expect([again.status, again.body.message]).toEqual([409, messages.onlyPendingCancel]);
    const none = await as('caA', 'POST', '/process/bulk-cancel', { ids: [first] });
    expect([none.status, none.body.message]).toEqual([409, messages.selectPendingFirst]);
    const bulk = await as<{ ids: string[] }>('caA', 'POST', '/process/bulk-cancel', { ids: [first, second] });
    expect([bulk.status, bulk.body.payload.ids]).toEqual([200, [second]]);
    expect([await statusOf(first), await statusOf(second)]).toEqual([PROCESS_STATUS.canceled, PROCESS_STATUS.canceled]);
  });

  it('queues runs for a returning agent, and ends a run as 5 once its agent stays away past the grace period', async () => {
    const queued = (await run('caA', { botId: botA, agentId: agentA2.agentId, parameters: PARAMS })).body.payload.id;
    expect(await statusOf(queued)).toBe(PROCESS_STATUS.pending);
    const agent = await online(agentA2);
    agent.ready();
    await eventually(() => agent.starts.find((s) => s.processId === queued), 'the queued run');
    agent.close();
    await eventually(
      async () => ((await statusOf(queued)) === PROCESS_STATUS.agentDisconnected ? true : undefined),
      'status 5',
    );
  });

  it('a connected agent another node took for gone is connected again at the next heartbeat', async () => {
    await server.app.database.queryRows('update agents set status = 0 where id = $1', [agentA.agentId]);
    const status = async () =>
      Number(
        (await server.app.database.queryRows('select status from agents where id = $1', [agentA.agentId]))[0].status,
      );
    await eventually(async () => ((await status()) === 1 ? true : undefined), 'the agent connected again');
  });

  it('Stop asks the agent to kill a running process', async () => {
    const agent = agents[0];
    const id = (await run('userA', { botId: botA, agentId: agentA.agentId, parameters: PARAMS })).body.payload.id;
    await eventually(() => agent.starts.find((s) => s.processId === id), 'the run');
    expect((await as('userB', 'POST', '/process/stop', { id })).status).toBe(404);
    expect((await as('userA', 'POST', '/process/stop', { id })).status).toBe(200);
    await eventually(() => agent.cancels.find((c) => c.processId === id && c.reason === 'stop'), 'process:cancel');
    expect(await agent.status(id, PROCESS_STATUS.canceled)).toEqual({ ok: true });
    expect(await statusOf(id)).toBe(PROCESS_STATUS.canceled);
  });

  it("tells a process's followers every new line, also of messages that arrive together", async () => {
    const agent = agents[0];
    const id = (await run('userA', { botId: botA, agentId: agentA.agentId, parameters: PARAMS })).body.payload.id;
    await eventually(() => agent.starts.find((s) => s.processId === id), 'the run');
    const watcher = await browser('userA');
    expect(await watcher.socket.emitWithAck('follow-process', { processId: id })).toEqual({ ok: true });
    // Sent without waiting for each other's answer: the server stores them in one batch.
    const answers = await Promise.all([
      agent.log(id, [{ seq: 1, text: 'first' }]),
      agent.log(id, [{ seq: 2, text: 'second' }]),
    ]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    const live = await eventually(() => {
      const texts = watcher.seen
        .filter((n) => n.type === 'processExecutionLog' && n.data.id === id)
        .flatMap((n) => (n.data as unknown as { lines: { text: string }[] }).lines.map((l) => l.text));
      return texts.length >= 2 ? texts : undefined;
    }, 'both lines, live');
    expect([...live].sort()).toEqual(['first', 'second']);
    expect(await agent.status(id, PROCESS_STATUS.executed)).toEqual({ ok: true });
  });

  it('puts a start the agent refuses back in its queue, no longer the agent’s to report on', async () => {
    const refusing = await newAgent('caA', 'ACME-REFUSES');
    const agent = await online(refusing);
    agent.answerStart = () => ({ ok: false, code: 'BUSY', message: 'Not now.' });
    const id = (await run('userA', { botId: botA, agentId: refusing.agentId, parameters: PARAMS })).body.payload.id;
    await eventually(() => agent.starts.find((s) => s.processId === id), 'the refused start');
    // The server offers a waiting run again at its heartbeat: reserved, the agent is offered
    // nothing more, so once the run is pending after that, it stays pending.
    await server.app.database.queryRows('update agents set is_busy = true where id = $1', [refusing.agentId]);
    await eventually(
      async () => ((await statusOf(id)) === PROCESS_STATUS.pending ? true : undefined),
      'back to pending',
    );
    expect(await agent.status(id, PROCESS_STATUS.executed)).toMatchObject({ ok: false, code: 'PROCESS_UNKNOWN' });
    expect(await statusOf(id)).toBe(PROCESS_STATUS.pending);
  });
});
