import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, type Envelope, type ListPayload, type Who, type World, openLicence } from './world';

type AgentRow = { id: string; currentProcessId: string | null };
const LICENCE = openLicence({ maxBots: 5, maxAgents: 5 });

describe('agents: the process an agent runs now', () => {
  let server: TestServer;
  let w: World;
  let agent: ProtocolAgent | null = null;
  const as = <T>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'current');
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
  });
  afterAll(async () => {
    agent?.close();
    await server?.close();
  });

  it('is the running process in the agents list and details while it runs, and none before or after', async () => {
    const bot = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Now', description: 'Runs on the agent now', type: 1 }),
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    const token = (await as<{ token: string }>('caA', 'POST', '/registrationToken/generate', { type: 'agent' })).body
      .payload.token;
    const { agentId, secret } = (
      await call<Envelope<{ agentId: string; secret: string }>>(server, 'POST', '/api/agent/register', {
        body: { registrationToken: token, deviceId: 'NOW-1' },
      })
    ).body.payload;
    const currentOf = async (who: Who) => {
      const rows = (await as<ListPayload<AgentRow>>(who, 'GET', '/agent/all')).body.payload.rows;
      return rows.find((r) => r.id === agentId)?.currentProcessId;
    };
    expect(await currentOf('caA')).toBeNull();

    agent = await connectAgent(server.baseUrl, agentId, secret);
    const created = await as<{ id: string }>('userA', 'POST', '/process/create', {
      botId: bot.body.payload.id,
      agentId,
      parameters: [{ name: 'in_Customer', value: 'ACME' }],
    });
    expect(created.status).toBe(200);
    const processId = created.body.payload.id;
    const connected = agent;
    await eventually(() => connected.starts.find((s) => s.processId === processId), 'process:start');
    await eventually(async () => ((await currentOf('caA')) === processId ? true : undefined), 'the current process');
    expect(await currentOf('userA')).toBe(processId);
    expect((await as<AgentRow>('caA', 'GET', `/agent/details/${agentId}`)).body.payload.currentProcessId).toBe(
      processId,
    );

    expect(await connected.status(processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 0 })).toEqual({
      ok: true,
    });
    expect(await currentOf('caA')).toBeNull();
  });
});
