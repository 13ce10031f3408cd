import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../agent/agent';
import { AGENT_EVENTS, AGENT_NAMESPACE, type AgentErrorPayload } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { agentRoom } from '../../server/runtime/dispatcher';
import { tempFolder } from './datafolderProcesses';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type AgentCredentials, type Envelope, type World } from './world';

const DOC = path.resolve(__dirname, '../../docs/agent-protocol.md');

/** The JSON example of an event's section of docs/agent-protocol.md: what a third party copies. */
async function documentedExample(event: string): Promise<unknown> {
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split(`#### \`${event}\``)[1]?.split('\n#### ')[0] ?? '';
  const block = /```json\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`docs/agent-protocol.md has no JSON example for ${event}`);
  return JSON.parse(block[1]);
}

/**
 * Every payload an agent sends is validated; one that is not in the protocol is answered with
 * what is wrong (by its acknowledgement, or by `agent:error` when sent without one) and changes
 * nothing. Never silence: an agent written from a wrong idea of the protocol learns why.
 */
describe('the agent protocol refuses what is not in it, saying why', () => {
  let server: TestServer;
  let w: World;
  let bot: string;
  const sockets: ProtocolAgent[] = [];
  const statusOf = async (id: string) =>
    Number((await server.app.database.queryRows('select status from processes where id = $1', [id]))[0]?.status);
  const linesOf = async (id: string) =>
    Number(
      (
        await server.app.database.queryRows('select count(*)::int as n from process_logs where process_id = $1', [id])
      )[0]?.n,
    );
  const online = async (c: AgentCredentials) => {
    const agent = await connectAgent(server.baseUrl, c.agentId, c.secret);
    sockets.push(agent);
    return agent;
  };
  const queue = async (agentId: string) => {
    const res = await call<Envelope<{ id: string }>>(server, 'POST', '/api/process/create', {
      token: w.people.userA.token,
      body: { botId: bot, agentId, parameters: [{ name: 'in_Customer', value: 'ACME' }] },
    });
    if (res.status !== 200) throw new Error(`process/create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.payload.id;
  };
  /** A process running on a fresh agent, which has said it is ready. */
  const running = async (deviceId: string) => {
    const credentials = await registerAgent(server, w, 'caA', deviceId);
    const agent = await online(credentials);
    agent.ready();
    const id = await queue(credentials.agentId);
    await eventually(() => agent.starts.find((s) => s.processId === id), 'process:start');
    expect(await statusOf(id)).toBe(PROCESS_STATUS.running);
    return { credentials, agent, id };
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'protocol');
    await call(server, 'POST', '/api/companyLicense/create', {
      token: w.people.super.token,
      body: { ...openLicence({ maxBots: 5, maxAgents: 10 }), companyId: w.companyA },
    });
    const created = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Protocol', description: 'Checks the protocol', type: 1, timeoutSeconds: 600 }),
    });
    bot = created.body.payload?.id;
    if (!bot) throw new Error(`bot/create: ${created.status} ${JSON.stringify(created.body)}`);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  it('a ready without reportingProcessIds gets agent:error naming it, and loses no running process', async () => {
    const { credentials, agent, id } = await running('PROTO-READY');
    agent.close();
    const back = await online(credentials);
    // As an agent written from a type that lacked the field would send it (no acknowledgement).
    back.emit(AGENT_EVENTS.ready, { runningProcessId: null, version: '1.0', platform: 'test' });
    const error = await eventually(() => back.errors.find((e) => e.event === AGENT_EVENTS.ready), 'agent:error');
    expect(error).toEqual({
      event: AGENT_EVENTS.ready,
      code: 'BAD_PAYLOAD',
      message: 'agent:ready refused, not in the agent protocol: reportingProcessIds is required',
      errors: [{ field: 'reportingProcessIds', message: 'reportingProcessIds is required' }],
    });
    // Taken, this ready (naming no process) would have ended the running one as lost.
    expect(await statusOf(id)).toBe(PROCESS_STATUS.running);

    // With an acknowledgement, the refusal is the answer; every problem is named.
    expect(await back.send(AGENT_EVENTS.ready, { runningProcessId: 'P-1', reportingProcessIds: ['P-2'] })).toEqual({
      ok: false,
      code: 'BAD_PAYLOAD',
      message:
        'agent:ready refused, not in the agent protocol: runningProcessId must be a uuid or null; reportingProcessIds.0 must be a uuid',
      errors: [
        { field: 'runningProcessId', message: 'runningProcessId must be a uuid or null' },
        { field: 'reportingProcessIds.0', message: 'reportingProcessIds.0 must be a uuid' },
      ],
    });
    expect(await statusOf(id)).toBe(PROCESS_STATUS.running);

    // The same ready, in the protocol: the process it does not name is lost.
    expect(await back.send(AGENT_EVENTS.ready, { runningProcessId: null, reportingProcessIds: [] })).toEqual({
      ok: true,
    });
    expect(await statusOf(id)).toBe(PROCESS_STATUS.agentDisconnected);
  });

  it('a status that is not a reportable one is refused naming it, and the process keeps its status', async () => {
    const { agent, id } = await running('PROTO-STATUS');
    for (const status of [9, PROCESS_STATUS.agentDisconnected, 'done']) {
      const answer = await agent.status(id, status as number, { exitCode: 0 });
      expect(answer).toMatchObject({
        ok: false,
        code: 'BAD_PAYLOAD',
        errors: [{ field: 'status', message: 'status must be one of: 1, 2, 3, 4' }],
      });
      expect(answer.ok ? '' : answer.message).toContain('status must be one of: 1, 2, 3, 4');
    }
    // Sent without an acknowledgement: agent:error.
    agent.emit(AGENT_EVENTS.processStatus, { processId: id, status: 7, at: new Date().toISOString() });
    const error = await eventually(
      () => agent.errors.find((e) => e.event === AGENT_EVENTS.processStatus),
      'agent:error',
    );
    expect(error.errors).toEqual([{ field: 'status', message: 'status must be one of: 1, 2, 3, 4' }]);
    expect(await statusOf(id)).toBe(PROCESS_STATUS.running);
    // In the protocol, it is taken.
    expect(await agent.status(id, PROCESS_STATUS.executed, { exitCode: 0 })).toEqual({ ok: true });
    expect(await statusOf(id)).toBe(PROCESS_STATUS.executed);
  });

  it('a log of the wrong shape is refused naming each problem, and stores no line', async () => {
    const { agent, id } = await running('PROTO-LOG');
    const wrongLine = await agent.send(AGENT_EVENTS.processLog, {
      processId: id,
      lines: [{ seq: 'one', text: 5 }],
    });
    expect(wrongLine).toEqual({
      ok: false,
      code: 'BAD_PAYLOAD',
      message:
        'process:log refused, not in the agent protocol: lines.0.at is required; lines.0.stream is required; lines.0.seq must be an integer; lines.0.text must be a string',
      errors: [
        { field: 'lines.0.at', message: 'lines.0.at is required' },
        { field: 'lines.0.stream', message: 'lines.0.stream is required' },
        { field: 'lines.0.seq', message: 'lines.0.seq must be an integer' },
        { field: 'lines.0.text', message: 'lines.0.text must be a string' },
      ],
    });
    expect(await agent.send(AGENT_EVENTS.processLog, { processId: id, lines: 'hello' })).toMatchObject({
      ok: false,
      errors: [{ field: 'lines', message: 'lines must be an array' }],
    });
    expect(await agent.send(AGENT_EVENTS.processLog, 'hello')).toMatchObject({
      ok: false,
      errors: [{ field: 'payload', message: 'payload must be an object' }],
    });
    expect(await agent.log(id, [{ seq: 1, stream: 'console' as 'stdout' }])).toMatchObject({
      ok: false,
      errors: [{ field: 'lines.0.stream', message: 'lines.0.stream must be one of: stdout, stderr, agent' }],
    });
    expect(await linesOf(id)).toBe(0);
    expect(await agent.log(id, [{ seq: 1, text: 'in the protocol' }])).toEqual({ ok: true });
    expect(await linesOf(id)).toBe(1);
  });

  it('an event that is not in the protocol gets agent:error, or its acknowledgement says so', async () => {
    const agent = await online(await registerAgent(server, w, 'caA', 'PROTO-EVENT'));
    agent.emit('process:done', { processId: 'x' });
    expect(await eventually(() => agent.errors.find((e) => e.event === 'process:done'), 'agent:error')).toMatchObject({
      code: 'UNKNOWN_EVENT',
      message: 'process:done is not an event of the agent protocol.',
    });
    expect(await agent.send('agent:hello', {})).toMatchObject({ ok: false, code: 'UNKNOWN_EVENT' });
  });

  it('a ready written from the example of docs/agent-protocol.md is taken, and work waiting starts', async () => {
    const example = await documentedExample(AGENT_EVENTS.ready);
    const credentials = await registerAgent(server, w, 'caA', 'PROTO-DOC');
    const waiting = await queue(credentials.agentId);
    expect(await statusOf(waiting)).toBe(PROCESS_STATUS.pending);
    const agent = await online(credentials);
    expect(await agent.send(AGENT_EVENTS.ready, example)).toEqual({ ok: true });
    await eventually(() => agent.starts.find((s) => s.processId === waiting), 'process:start of the waiting run');
    expect(agent.errors).toEqual([]);
  });

  it('the reference agent logs what the server refuses', async () => {
    const credentials = await registerAgent(server, w, 'caA', 'PROTO-REFERENCE');
    const folder = await tempFolder('protocol-agent');
    const said: string[] = [];
    const agent = new Agent(
      { ...credentials, serverUrl: server.baseUrl, companyId: w.companyA, deviceId: 'PROTO-REFERENCE', name: 'Ref' },
      { workDir: path.join(folder, 'work'), stateDir: path.join(folder, 'state') },
      { info: (text) => said.push(text), fatal: (text) => said.push(`fatal: ${text}`) },
    );
    try {
      await agent.start();
      await eventually(() => said.find((t) => t.startsWith('Connected to')), 'the connection');
      // Its own payloads are in the protocol: the refusal an agent:error carries is made here.
      const refusal: AgentErrorPayload = {
        event: AGENT_EVENTS.ready,
        code: 'BAD_PAYLOAD',
        message: 'agent:ready refused, not in the agent protocol: reportingProcessIds is required',
        errors: [{ field: 'reportingProcessIds', message: 'reportingProcessIds is required' }],
      };
      server.app.realtime.io.of(AGENT_NAMESPACE).to(agentRoom(credentials.agentId)).emit(AGENT_EVENTS.error, refusal);
      expect(await eventually(() => said.find((t) => t.includes('reportingProcessIds is required')), 'the log')).toBe(
        `The server says: ${refusal.message}`,
      );
    } finally {
      await agent.stop('test');
      await rm(folder, { recursive: true, force: true });
    }
  });
});
