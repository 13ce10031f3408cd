import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain';
import { abandonUnknown } from '../../server/runtime/sql';
import { failDisconnected, failOverdue } from '../../server/runtime/sweeps';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import { buildWorld, openLicence, registerAgent, type Envelope, type Who, type World } from './world';

/*
 * Why a run ended, when its own exit does not say: who stopped or canceled it, or what the
 * server concluded about its agent — as a message key with its values (translated on screen)
 * and as English text.
 */

const LICENCE = openLicence({ maxBots: 5, maxAgents: 5 });
const PARAMETERS = [{ name: 'in_Customer', value: 'ACME' }];
interface Reasoned {
  status: number;
  reason: string | null;
  reasonKey: string | null;
  reasonValues: Record<string, unknown> | null;
}

describe('the reason of a run: who stopped it and why, as a key and values', () => {
  let server: TestServer;
  let w: World;
  let agent: ProtocolAgent;
  let botId = '';
  let onlineId = '';
  let offlineId = '';
  const api = <T>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const reasonOf = async (id: string) => {
    const { status, reason, reasonKey, reasonValues } = (await api<Reasoned>('caA', 'GET', `/process/details/${id}`))
      .body.payload;
    return { status, reason, reasonKey, reasonValues };
  };
  /** A run of the bot on the connected agent, once the agent has been told to start it. */
  const started = async (who: Who = 'userA') => {
    const res = await api<{ id: string }>(who, 'POST', '/process/create', {
      botId,
      agentId: onlineId,
      parameters: PARAMETERS,
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.payload.id;
    await eventually(() => agent.starts.find((s) => s.processId === id), `the start of ${id}`);
    return id;
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'reasons');
    await api('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
    const bot = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people.userA.token,
      form: botForm({ name: 'Reasoned bot', description: 'Runs to be stopped', type: 1, timeoutSeconds: 1 }),
    });
    expect(bot.status, bot.text).toBe(200);
    botId = bot.body.payload.id;
    const online = await registerAgent(server, w, 'caA', 'REASON-1');
    onlineId = online.agentId;
    offlineId = (await registerAgent(server, w, 'caA', 'REASON-2')).agentId;
    agent = await connectAgent(server.baseUrl, online.agentId, online.secret);
  });
  afterAll(async () => {
    agent?.close();
    await server?.close();
  });

  it('names the user who stopped a run, from the Stop until it ends canceled', async () => {
    const id = await started();
    expect((await api('caA', 'POST', '/process/stop', { id })).status).toBe(200);
    await eventually(() => agent.cancels.find((c) => c.processId === id), 'the cancel');
    const stopping = { reason: 'Stopped by Carla Acme', reasonKey: 'stoppedBy', reasonValues: { name: 'Carla Acme' } };
    expect(await reasonOf(id)).toEqual({ status: PROCESS_STATUS.running, ...stopping });
    expect(await agent.status(id, PROCESS_STATUS.canceled, { signal: 'SIGTERM', lastSeq: 0 })).toEqual({ ok: true });
    expect(await reasonOf(id)).toEqual({ status: PROCESS_STATUS.canceled, ...stopping });
  });

  it('says a run its agent canceled on its own was canceled by its agent', async () => {
    const id = await started();
    expect(await agent.status(id, PROCESS_STATUS.canceled, { signal: 'SIGTERM', lastSeq: 0 })).toEqual({ ok: true });
    expect(await reasonOf(id)).toEqual({
      status: PROCESS_STATUS.canceled,
      reason: 'Canceled by its agent',
      reasonKey: 'agentCanceled',
      reasonValues: null,
    });
  });

  it('gives no reason to a run that ended on its own, even after a Stop came too late', async () => {
    const id = await started();
    expect((await api('userA', 'POST', '/process/stop', { id })).status).toBe(200);
    expect(await agent.status(id, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 0 })).toEqual({ ok: true });
    expect(await reasonOf(id)).toEqual({
      status: PROCESS_STATUS.executed,
      reason: null,
      reasonKey: null,
      reasonValues: null,
    });
  });

  it('names the user who canceled a run before it ran', async () => {
    const res = await api<{ id: string }>('userA', 'POST', '/process/create', {
      botId,
      agentId: offlineId,
      parameters: PARAMETERS,
    });
    const id = res.body.payload.id;
    expect((await api('userA', 'POST', '/process/cancel', { id })).status).toBe(200);
    expect(await reasonOf(id)).toEqual({
      status: PROCESS_STATUS.canceled,
      reason: 'Canceled by Uma Acme before it ran',
      reasonKey: 'canceledBy',
      reasonValues: { name: 'Uma Acme' },
    });
  });

  it('gives the sweeps’ reasons as keys: timed out (with its seconds), agent disconnected, agent restarted', async () => {
    const db = server.app.database;
    const overdue = await started();
    // The bot's timeout is 1 s: past it (no grace here), the sweep fails the run.
    await eventually(
      async () => ((await failOverdue(db, 0)).some((r) => r.id === overdue) ? true : undefined),
      'the timeout',
    );
    expect(await reasonOf(overdue)).toEqual({
      status: PROCESS_STATUS.failed,
      reason: 'Timed out after 1 s',
      reasonKey: 'timedOut',
      reasonValues: { seconds: 1 },
    });

    const restarted = await started();
    expect((await abandonUnknown(db, onlineId, [])).map((r) => r.id)).toEqual([restarted]);
    expect(await reasonOf(restarted)).toMatchObject({ reasonKey: 'agentRestarted', reasonValues: null });

    const lost = await started();
    agent.close();
    await eventually(
      async () => ((await failDisconnected(db, 0)).some((r) => r.id === lost) ? true : undefined),
      'the disconnection',
    );
    expect(await reasonOf(lost)).toEqual({
      status: PROCESS_STATUS.agentDisconnected,
      reason: 'failed since agent is disconnected',
      reasonKey: 'agentDisconnected',
      reasonValues: null,
    });
  });
});
