import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain';
import { AGENT_EVENTS } from '../../src/domain/agentProtocol';
import { resourceMessages } from '../../src/domain/declarations';
import { BotFiles } from '../../server/runtime/runFiles';
import { AGENT_REFUSALS } from '../../server/runtime/gateway';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm, WORKFLOW } from './workflows';
import {
  buildWorld,
  openLicence,
  registerAgent,
  type AgentCredentials,
  type Envelope,
  type Who,
  type World,
} from './world';

type Credentials = AgentCredentials;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('bot files: what an agent downloads for the process it runs', () => {
  let server: TestServer;
  let w: World;
  let botId: string;
  const agents: ProtocolAgent[] = [];
  const as = <T = Record<string, unknown>>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const newAgent = (deviceId: string) => registerAgent(server, w, 'caA', deviceId);
  const online = async (c: Credentials) => {
    const agent = await connectAgent(server.baseUrl, c.agentId, c.secret);
    agents.push(agent);
    return agent;
  };
  const download = (path: string, c: Credentials, secret = c.secret) =>
    fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Agent ${c.agentId}:${secret}` } });
  /** Runs the bot on the agent and answers the start it receives. */
  const start = async (agent: ProtocolAgent, c: Credentials) => {
    const res = await as<{ id: string }>('userA', 'POST', '/process/create', {
      botId,
      agentId: c.agentId,
      parameters: [{ name: 'in_Customer', value: 'ACME' }],
    });
    expect(res.status).toBe(200);
    return eventually(() => agent.starts.find((s) => s.processId === res.body.payload.id), 'process:start');
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'files');
    await as('super', 'POST', '/companyLicense/create', {
      ...openLicence({ maxBots: 5, maxAgents: 5 }),
      companyId: w.companyA,
    });
    const created = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Files', description: 'Reads files', type: 1 }),
    });
    botId = created.body.payload.id;
  });
  afterAll(async () => {
    for (const a of agents) a.close();
    await server?.close();
  });

  it('serves the running process its file, to its own agent with its own secret, until the agent reports it ended', async () => {
    const c = await newAgent('FILES-1');
    const other = await newAgent('FILES-2');
    const agent = await online(c);
    await online(other);
    const job = await start(agent, c);
    for (let i = 0; i < 2; i += 1) {
      const res = await download(job.filePath, c);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([res.status, bytes.toString('utf8'), sha256(bytes)]).toEqual([200, WORKFLOW, job.checksum]);
    }
    const wrong = await download(job.filePath, c, 'ag_not-its-secret');
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([
      401,
      AGENT_REFUSALS.AGENT_SECRET_INVALID,
    ]);
    // Another connected agent of the same company may not read it.
    expect((await download(job.filePath, other)).status).toBe(404);
    expect(await agent.status(job.processId, PROCESS_STATUS.executed)).toEqual({ ok: true });
    expect((await download(job.filePath, c)).status).toBe(404);
  });

  it('a replaced bot file: the next run downloads the new file, the one its start names', async () => {
    const c = await newAgent('FILES-3');
    const agent = await online(c);
    const first = await start(agent, c);
    expect(Buffer.from(await (await download(first.filePath, c)).arrayBuffer()).toString('utf8')).toBe(WORKFLOW);
    expect(await agent.status(first.processId, PROCESS_STATUS.executed)).toEqual({ ok: true });

    const next = WORKFLOW.replace('DisplayName="Main"', 'DisplayName="Next"');
    const replaced = await call<Envelope>(server, 'PUT', `/api/bot/update/${botId}`, {
      token: w.people.userA.token,
      form: botForm({}, { name: 'Next.xaml', text: next }),
    });
    expect([replaced.status, replaced.body.message]).toEqual([200, resourceMessages.botUpdated]);
    const second = await start(agent, c);
    const bytes = Buffer.from(await (await download(second.filePath, c)).arrayBuffer());
    expect([bytes.toString('utf8'), sha256(bytes)]).toEqual([next, second.checksum]);
    expect(second.checksum).not.toBe(first.checksum);
  });

  it('deleting a connected agent tells it so and closes its connection; its credentials open nothing after', async () => {
    const c = await newAgent('FILES-4');
    const agent = await online(c);
    const told: string[] = [];
    agent.socket.on(AGENT_EVENTS.revoked, (payload: { message: string }) => told.push(payload.message));
    const deleted = await as('caA', 'DELETE', `/agent/delete/${c.agentId}`);
    expect([deleted.status, deleted.body.message]).toEqual([200, resourceMessages.agentDeleted]);
    await eventually(() => (told.length > 0 && !agent.socket.connected ? true : undefined), 'the revoked agent closed');
    expect(told).toEqual([AGENT_REFUSALS.AGENT_UNKNOWN]);
    await expect(connectAgent(server.baseUrl, c.agentId, c.secret)).rejects.toMatchObject({ code: 'AGENT_UNKNOWN' });
  });
});

describe('BotFiles: bot files kept by checksum, within a size', () => {
  const file = (text: string) => ({ fileName: 'Main.xaml', fileContent: Buffer.from(text) });

  it('answers a file only for the checksum it was kept with', () => {
    const files = new BotFiles(100);
    files.set('bot-1', 'sum-a', file('a'));
    expect(files.get('bot-1', 'sum-a')).toEqual(file('a'));
    expect(files.get('bot-1', 'sum-b')).toBeUndefined();
    files.set('bot-1', 'sum-b', file('b'));
    expect([files.get('bot-1', 'sum-a'), files.get('bot-1', 'sum-b')]).toEqual([undefined, file('b')]);
  });

  it('drops the least recently read files past its size, and never keeps one larger than it', () => {
    const files = new BotFiles(10);
    files.set('bot-1', 's1', file('1234'));
    files.set('bot-2', 's2', file('1234'));
    expect(files.get('bot-1', 's1')).toEqual(file('1234'));
    files.set('bot-3', 's3', file('1234'));
    expect([files.get('bot-1', 's1'), files.get('bot-2', 's2'), files.get('bot-3', 's3')]).toEqual([
      file('1234'),
      undefined,
      file('1234'),
    ]);
    files.set('bot-4', 's4', file('12345678901'));
    expect(files.get('bot-4', 's4')).toBeUndefined();
    expect(files.get('bot-1', 's1')).toEqual(file('1234'));
  });
});
