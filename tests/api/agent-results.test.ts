import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_EVENTS } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type Envelope, type World } from './world';

interface Details {
  status: number;
  result: Record<string, string> | null;
}
interface Row {
  seq: number;
  stream: string;
  text: string;
  level: string | null;
}

/**
 * What a workflow run adds to the protocol, seen from the server: the bot's Trace activities
 * setting in the start, each line's level, the Out arguments as the process's result. An agent
 * that sends neither level nor result keeps working.
 */
describe('workflow runs in the agent protocol: trace, levels, result', () => {
  let server: TestServer;
  let w: World;
  let bot: string;
  let agent: ProtocolAgent;
  let agentId: string;
  const as = (method: string, url: string, body?: unknown) =>
    call<Envelope<unknown>>(server, method, `/api${url}`, { token: w.people.userA.token, body });
  const details = async (id: string) => (await as('GET', `/process/details/${id}`)).body.payload as Details;
  const rows = async (id: string) =>
    ((await as('GET', `/processExecutionLog?processId=${id}`)).body.payload as { rows: Row[] }).rows;
  /** A run of the bot, started on the agent: its start payload. */
  const started = async () => {
    const res = await as('POST', '/process/create', {
      botId: bot,
      agentId,
      parameters: [{ name: 'in_Customer', value: 'ACME' }],
    });
    expect(res.status).toBe(200);
    const id = (res.body.payload as { id: string }).id;
    return eventually(() => agent.starts.find((s) => s.processId === id), 'process:start');
  };
  const line = (seq: number, extra: Record<string, unknown> = {}) => ({
    seq,
    at: new Date().toISOString(),
    stream: 'stdout',
    text: `line ${seq}`,
    ...extra,
  });

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'results');
    await call(server, 'POST', '/api/companyLicense/create', {
      token: w.people.super.token,
      body: { ...openLicence({ maxBots: 5, maxAgents: 10 }), companyId: w.companyA },
    });
    const created = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Workflow', description: 'Reports its Out arguments', type: 1 }),
    });
    bot = created.body.payload.id;
    const credentials = await registerAgent(server, w, 'caA', 'RESULTS-1');
    agentId = credentials.agentId;
    agent = await connectAgent(server.baseUrl, credentials.agentId, credentials.secret);
    agent.ready();
  });
  afterAll(async () => {
    agent?.close();
    await server?.close();
  });

  it("the start carries the bot's Trace activities setting: off by default, on once set", async () => {
    const first = await started();
    expect(first.trace).toBe(false);
    expect(await agent.status(first.processId, PROCESS_STATUS.executed, { exitCode: 0 })).toEqual({ ok: true });
    expect((await as('PUT', `/bot/update/${bot}`, { traceActivities: true })).status).toBe(200);
    expect((await as('GET', `/bot/details/${bot}`)).body.payload).toMatchObject({ traceActivities: true });
    const second = await started();
    expect(second.trace).toBe(true);
    expect(await agent.status(second.processId, PROCESS_STATUS.executed, { exitCode: 0 })).toEqual({ ok: true });
    await as('PUT', `/bot/update/${bot}`, { traceActivities: false });
    // The create form sends it as multipart text.
    const traced = await call<Envelope<{ id: string; traceActivities: boolean }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Traced', description: 'Traced from the start', type: 1, traceActivities: 'true' }),
    });
    expect(traced.status).toBe(200);
    expect((await as('GET', `/bot/details/${traced.body.payload.id}`)).body.payload).toMatchObject({
      traceActivities: true,
    });
  });

  it("keeps each line's level (null for a line without one) and refuses a level not in the protocol", async () => {
    const { processId } = await started();
    const ok = await agent.send(AGENT_EVENTS.processLog, {
      processId,
      lines: [line(1, { level: 'Trace' }), line(2), line(3, { stream: 'stderr', level: 'Warn' })],
    });
    expect(ok).toEqual({ ok: true });
    const refused = await agent.send(AGENT_EVENTS.processLog, { processId, lines: [line(4, { level: 'Loud' })] });
    expect(refused).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });
    expect((refused as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['lines.0.level']);
    expect((await rows(processId)).map(({ seq, stream, level }) => ({ seq, stream, level }))).toEqual([
      { seq: 1, stream: 'stdout', level: 'Trace' },
      { seq: 2, stream: 'stdout', level: null },
      { seq: 3, stream: 'stderr', level: 'Warn' },
    ]);
    await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 3 });
  });

  it('keeps the result of a final status and answers it in the details; refuses one past 50 arguments', async () => {
    const { processId } = await started();
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`out_${i}`, String(i)]));
    const refused = await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, result: many });
    expect(refused).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });
    expect((await details(processId)).status).toBe(PROCESS_STATUS.running);

    const result = { out_Total: '42', out_Names: '["Ada","Grace"]' };
    expect(await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, result })).toEqual({ ok: true });
    expect(await details(processId)).toMatchObject({ status: PROCESS_STATUS.executed, result });

    // An agent that sends no result: none.
    const plain = await started();
    await agent.status(plain.processId, PROCESS_STATUS.executed, { exitCode: 0 });
    expect(await details(plain.processId)).toMatchObject({ status: PROCESS_STATUS.executed, result: null });
  });
});
