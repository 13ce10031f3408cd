import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, type LiveNotification } from '../../src/domain';
import { AGENT_EVENTS, type AgentAck } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type Envelope, type World } from './world';

interface Row {
  seq: number;
  text: string;
  level: string | null;
  fields: Record<string, string> | null;
}

/**
 * A workflow line's custom log fields (UiPath's Add Log Fields) in the agent protocol, seen from
 * the server: `lines[].fields` is stored with its line, answered by the log (null for a line
 * without), pushed to the process's followers; a batch whose fields break the protocol's limits
 * (an object of at most 50 texts, names of at most 100 characters) is refused whole.
 */
describe('process:log lines[].fields', () => {
  let server: TestServer;
  let w: World;
  let bot: string;
  let agent: ProtocolAgent;
  let agentId: string;
  let browser: Socket | null = null;
  const as = (method: string, url: string, body?: unknown) =>
    call<Envelope<unknown>>(server, method, `/api${url}`, { token: w.people.userA.token, body });
  const rows = async (id: string) =>
    ((await as('GET', `/processExecutionLog?processId=${id}`)).body.payload as { rows: Row[] }).rows;
  const started = async () => {
    const res = await as('POST', '/process/create', { botId: bot, agentId, parameters: [] });
    expect(res.status).toBe(200);
    const id = (res.body.payload as { id: string }).id;
    return (await eventually(() => agent.starts.find((s) => s.processId === id), 'process:start')).processId;
  };
  const line = (seq: number, extra: Record<string, unknown> = {}) => ({
    seq,
    at: new Date().toISOString(),
    stream: 'stdout',
    text: `line ${seq}`,
    level: 'Info',
    ...extra,
  });
  const send = (processId: string, lines: object[]) =>
    agent.send(AGENT_EVENTS.processLog, { processId, lines }) as Promise<AgentAck>;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'logfields');
    await call(server, 'POST', '/api/companyLicense/create', {
      token: w.people.super.token,
      body: { ...openLicence({ maxBots: 5, maxAgents: 10 }), companyId: w.companyA },
    });
    const created = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Fielded', description: 'Logs with custom fields', type: 1 }),
    });
    bot = created.body.payload.id;
    const credentials = await registerAgent(server, w, 'caA', 'FIELDS-1');
    agentId = credentials.agentId;
    agent = await connectAgent(server.baseUrl, credentials.agentId, credentials.secret);
    agent.ready();
  });
  afterAll(async () => {
    browser?.disconnect();
    agent?.close();
    await server?.close();
  });

  it('stores the fields with their line and answers them in the log, null for a line without; pushes them live', async () => {
    const processId = await started();
    browser = connect(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    const seen: LiveNotification[] = [];
    browser.on('message', (n: LiveNotification) => seen.push(n));
    const { token, id: userId } = w.people.userA;
    await browser.emitWithAck('authentication', { token, roomId: CONTROLROOM_ROOM, userId });
    await browser.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM, userId });
    expect(await browser.emitWithAck('follow-process', { processId })).toEqual({ ok: true });

    const fields = { Invoice: 'INV-1', 'Customer name': 'ACME Ltd', Empty: '' };
    expect(
      await send(processId, [line(1), line(2, { fields }), line(3, { stream: 'stderr', level: 'Warn', fields: {} })]),
    ).toEqual({ ok: true });
    expect((await rows(processId)).map(({ seq, text, fields: f }) => ({ seq, text, fields: f }))).toEqual([
      { seq: 1, text: 'line 1', fields: null },
      { seq: 2, text: 'line 2', fields },
      { seq: 3, text: 'line 3', fields: null },
    ]);
    const pushed = await eventually(() => {
      const lines = seen
        .filter((n) => n.type === 'processExecutionLog' && n.data.id === processId)
        .flatMap((n) => (n.data as unknown as { lines: Row[] }).lines);
      return lines.length >= 3 ? lines : undefined;
    }, 'the lines, live');
    expect(pushed.find((l) => l.seq === 2)?.fields).toEqual(fields);
    expect(pushed.find((l) => l.seq === 1)?.fields).toBeNull();
    await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 3 });
  });

  it('keeps 50 fields, names of 100 characters and values of 1,000 with their cut mark', async () => {
    const processId = await started();
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`F${i}`, `v${i}`]));
    const long = { ['N'.repeat(100)]: `${'v'.repeat(1000)} …[cut]` };
    expect(await send(processId, [line(1, { fields: many }), line(2, { fields: long })])).toEqual({ ok: true });
    expect((await rows(processId)).map((r) => r.fields)).toEqual([many, long]);
    await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 2 });
  });

  it('refuses a batch whose fields are not an object of at most 50 texts with short names, and stores none of it', async () => {
    const processId = await started();
    expect(await send(processId, [line(1, { fields: { Kept: 'yes' } })])).toEqual({ ok: true });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`F${i}`, 'v']));
    const cases: [unknown, string, string][] = [
      ['INV-1', 'lines.1.fields', 'lines.1.fields must be an object'],
      [['a', 'b'], 'lines.1.fields', 'lines.1.fields must be an object'],
      [tooMany, 'lines.1.fields', 'lines.1.fields must be at most 50 entries'],
      [{ Attempt: 2 }, 'lines.1.fields.Attempt', 'lines.1.fields.Attempt must be a string'],
      [{ Done: null }, 'lines.1.fields.Done', 'lines.1.fields.Done must be a string'],
      [{ Nested: { a: 'b' } }, 'lines.1.fields.Nested', 'lines.1.fields.Nested must be a string'],
      [{ ['N'.repeat(101)]: 'v' }, 'lines.1.fields', 'lines.1.fields names must be at most 100 characters long'],
      [{ Long: 'v'.repeat(1017) }, 'lines.1.fields.Long', 'lines.1.fields.Long must be at most 1016 characters long'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await send(processId, [line(2), line(3, { fields })]);
      expect(answer, JSON.stringify(fields).slice(0, 60)).toMatchObject({ ok: false, code: 'BAD_PAYLOAD' });
      expect((answer as { errors: { field: string; message: string }[] }).errors).toEqual([{ field, message }]);
    }
    expect((await rows(processId)).map(({ seq, fields }) => ({ seq, fields }))).toEqual([
      { seq: 1, fields: { Kept: 'yes' } },
    ]);
    await agent.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 1 });
  });
});
