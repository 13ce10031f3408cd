import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, PROCESS_STATUS } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type Envelope, type ListPayload, type Who, type World } from './world';

type AgentRow = { id: string; currentProcessId: string | null; currentBotName: string | null; queueLength: number };
type Created = { id: string; status: number };
type ProcessRow = { id: string; status: number };
const PARAMS = [{ name: 'in_Customer', value: 'ACME' }];

describe('a run queued behind a busy agent', () => {
  let server: TestServer;
  let w: World;
  let agent: ProtocolAgent | null = null;
  let agentId = '';
  let botId = '';
  const as = <T>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const stateOf = async () => {
    const rows = (await as<ListPayload<AgentRow>>('userA', 'GET', '/agent/all')).body.payload.rows;
    const row = rows.find((r) => r.id === agentId);
    return row && { running: row.currentBotName, process: row.currentProcessId, queued: row.queueLength };
  };
  const processCount = async () => (await as<ListPayload<ProcessRow>>('caA', 'GET', '/process/all')).body.payload.count;
  const statusOf = async (id: string) =>
    (await as<ProcessRow>('caA', 'GET', `/process/details/${id}`)).body.payload.status;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'queue');
    await as('super', 'POST', '/companyLicense/create', {
      ...openLicence({ maxBots: 5, maxAgents: 5 }),
      companyId: w.companyA,
    });
    const bot = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Queued Bot', description: 'Runs one after the other', type: 1 }),
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    botId = bot.body.payload.id;
    const credentials = await registerAgent(server, w, 'caA', 'QUEUE-1');
    agentId = credentials.agentId;
    agent = await connectAgent(server.baseUrl, agentId, credentials.secret);
  });
  afterAll(async () => {
    agent?.close();
    await server?.close();
  });

  it("is refused as 'Agent is busy!' unless asked, then waits in the queue and starts when the running one ends", async () => {
    const connected = agent as ProtocolAgent;
    expect(await stateOf()).toEqual({ running: null, process: null, queued: 0 });
    const first = await as<Created>('userA', 'POST', '/process/create', { botId, agentId, parameters: PARAMS });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.payload.id;
    await eventually(() => connected.starts.find((s) => s.processId === firstId), 'the first process:start');
    await eventually(async () => ((await stateOf())?.process === firstId ? true : undefined), 'the running process');
    expect(await stateOf()).toEqual({ running: 'Queued Bot', process: firstId, queued: 0 });

    // Busy, not asked to queue: refused, and nothing is written.
    const before = await processCount();
    const refused = await as('userA', 'POST', '/process/create', { botId, agentId, parameters: PARAMS });
    expect([refused.status, refused.body.message, refused.body.code]).toEqual([409, messages.agentBusy, 'AGENT_BUSY']);
    expect(await processCount()).toBe(before);

    // Asked to queue: accepted, pending behind the running one.
    const queued = await as<Created>('userA', 'POST', '/process/create', {
      botId,
      agentId,
      parameters: PARAMS,
      queue: true,
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const queuedId = queued.body.payload.id;
    expect(queued.body.payload.status).toBe(PROCESS_STATUS.pending);
    expect(await statusOf(queuedId)).toBe(PROCESS_STATUS.pending);
    expect(await stateOf()).toEqual({ running: 'Queued Bot', process: firstId, queued: 1 });
    expect(connected.starts.map((s) => s.processId)).toEqual([firstId]);

    // The running one ends: the queued one is handed to the agent and runs.
    expect(await connected.status(firstId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 0 })).toEqual({ ok: true });
    await eventually(() => connected.starts.find((s) => s.processId === queuedId), 'the queued process:start');
    await eventually(
      async () => ((await stateOf())?.process === queuedId ? true : undefined),
      'the queued one running',
    );
    expect(await stateOf()).toEqual({ running: 'Queued Bot', process: queuedId, queued: 0 });
    expect(await statusOf(queuedId)).toBe(PROCESS_STATUS.running);
    expect(await connected.status(queuedId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 0 })).toEqual({
      ok: true,
    });
    await eventually(async () => ((await stateOf())?.process === null ? true : undefined), 'the agent idle');
  });

  it('an agent reserved by an admin takes no run, queued or not', async () => {
    expect((await as('caA', 'PUT', `/agent/update/${agentId}`, { isBusy: true })).status).toBe(200);
    const before = await processCount();
    for (const queue of [false, true]) {
      const refused = await as('userA', 'POST', '/process/create', { botId, agentId, parameters: PARAMS, queue });
      expect([refused.status, refused.body.message, refused.body.code]).toEqual([
        409,
        messages.agentBusy,
        'AGENT_RESERVED',
      ]);
    }
    expect(await processCount()).toBe(before);
    expect((await as('caA', 'PUT', `/agent/update/${agentId}`, { isBusy: false })).status).toBe(200);
  });

  it('a queue flag that is not true or false is refused with a message, and nothing is written', async () => {
    const before = await processCount();
    const refused = await as('userA', 'POST', '/process/create', { botId, agentId, parameters: PARAMS, queue: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/queue/);
    expect(await processCount()).toBe(before);
  });
});
