import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, messages, type LiveNotification } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { createCompany } from './fixtures';
import { call, login, startServer, type TestServer } from './helpers';
import { buildWorld, PASSWORD, type Envelope, type ListPayload, type Who, type World, openLicence } from './world';

type Agent = {
  id: string;
  name: string;
  deviceId: string;
  companyId: string;
  companyName: string;
  userId: string | null;
  userName: string | null;
  status: number;
  isBusy: boolean;
  isError: boolean;
  platform: string | null;
};
type Credentials = { agentId: string; secret: string; companyId: string; deviceId: string; name: string };
type Token = { id: string; token: string; status: string };
const LICENCE = openLicence({ maxBots: 1, maxAgents: 2 });

describe('agents: registered with a registration token, within the licence', () => {
  let server: TestServer;
  let w: World;
  const as = <T = Agent>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const register = (body: Record<string, unknown>) =>
    call<Envelope<Credentials>>(server, 'POST', '/api/agent/register', { body });
  const newToken = async (who: Who, type: 'agent' | 'studio' = 'agent', companyId?: string) =>
    (await as<Token>(who, 'POST', '/registrationToken/generate', { type, ...(companyId ? { companyId } : {}) })).body
      .payload;
  const tokenStatus = async (id: string) =>
    (await as<Token>('super', 'GET', `/registrationToken/details/${id}`)).body.payload.status;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'agents');
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyB });
  });
  afterAll(() => server?.close());

  it('registers an agent once per single-use token and hands out its credentials', async () => {
    const token = await newToken('caA');
    const res = await register({
      registrationToken: token.token,
      deviceId: 'WS-ACME-01',
      name: 'Finance PC',
      platform: 'win32',
      version: '6.0.0',
    });
    expect([res.status, res.body.message]).toEqual([200, resourceMessages.agentRegistered]);
    expect(res.body.payload).toMatchObject({ companyId: w.companyA, deviceId: 'WS-ACME-01', name: 'Finance PC' });
    expect(res.body.payload.secret.length).toBeGreaterThanOrEqual(40);
    expect(await tokenStatus(token.id)).toBe('used');
    const again = await register({ registrationToken: token.token, deviceId: 'WS-ACME-02' });
    expect([again.status, again.body.message]).toEqual([401, resourceMessages.agentTokenInvalid]);
    const listed = await as<ListPayload<Agent>>('userA', 'GET', '/agent/all');
    expect(listed.body.payload.rows.map((a) => [a.deviceId, a.name, a.status, a.isBusy, a.companyName])).toEqual([
      ['WS-ACME-01', 'Finance PC', 0, false, 'Acme agents'],
    ]);
  });

  it('refuses bad tokens and bad input, registering nothing', async () => {
    const studio = await newToken('caA', 'studio');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ registrationToken: 'rt_made-up-token-value-123', deviceId: 'X1' }, 401, resourceMessages.agentTokenInvalid],
      [{ registrationToken: studio.token, deviceId: 'X1' }, 400, resourceMessages.agentTokenWrongType],
      [{ registrationToken: studio.token }, 400, 'deviceId is required'],
      [{ registrationToken: studio.token, deviceId: '   ' }, 400, 'deviceId must match pattern "\\S"'],
    ];
    for (const [body, status, message] of cases) {
      const res = await register(body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    // A refused registration does not use the token up.
    expect(await tokenStatus(studio.id)).toBe('active');
    expect((await as<ListPayload<Agent>>('caA', 'GET', '/agent/all')).body.payload.count).toBe(1);
  });

  it('refuses one agent more than the licence allows, but lets a known device register again', async () => {
    expect((await register({ registrationToken: (await newToken('caA')).token, deviceId: 'WS-ACME-02' })).status).toBe(
      200,
    );
    const full = await newToken('caA');
    const refused = await register({ registrationToken: full.token, deviceId: 'WS-ACME-03' });
    expect([refused.status, refused.body.message]).toEqual([409, resourceMessages.licenceLimitAgents]);
    expect(await tokenStatus(full.id)).toBe('active');
    const again = await register({ registrationToken: full.token, deviceId: 'WS-ACME-01', name: 'Finance PC 2' });
    expect(again.status).toBe(200);
    const rows = (await as<ListPayload<Agent>>('caA', 'GET', '/agent/all?sort=deviceId&order=ASC')).body.payload.rows;
    expect(rows.map((a) => [a.deviceId, a.name])).toEqual([
      ['WS-ACME-01', 'Finance PC 2'],
      ['WS-ACME-02', 'WS-ACME-02'],
    ]);
    expect(again.body.payload.agentId).toBe(rows[0].id);
  });

  it('flags agents busy or in error, singly or in bulk, within the company', async () => {
    const rows = (await as<ListPayload<Agent>>('caA', 'GET', '/agent/all')).body.payload.rows;
    const ids = rows.map((a) => a.id);
    const bulk = await as('caA', 'PUT', '/agent/update', { ids, isBusy: true });
    expect([bulk.status, bulk.body.message]).toEqual([200, resourceMessages.agentsUpdated]);
    expect((await as<ListPayload<Agent>>('caA', 'GET', '/agent/all')).body.payload.rows.every((a) => a.isBusy)).toBe(
      true,
    );
    const hidden = await as('caB', 'PUT', '/agent/update', { ids, isError: true });
    expect([hidden.status, hidden.body.message]).toEqual([404, resourceMessages.agentsNotFound]);
    expect((await as('caA', 'PUT', '/agent/update', { ids })).status).toBe(400);
    const one = await as('userA', 'PUT', `/agent/update/${ids[0]}`, { isBusy: false, userId: w.people.userA.id });
    expect([one.status, one.body.message, one.body.payload.userName]).toEqual([
      200,
      resourceMessages.agentUpdated,
      'Uma Acme',
    ]);
    const stranger = await as('caA', 'PUT', `/agent/update/${ids[0]}`, { userId: w.people.userB.id });
    expect([stranger.status, stranger.body.message]).toEqual([400, resourceMessages.userOfOtherCompany]);
    expect(
      (await as<ListPayload<Agent>>('caA', 'GET', `/agent/all?userId=${w.people.userA.id}`)).body.payload.rows.map(
        (a) => a.id,
      ),
    ).toEqual([ids[0]]);
  });

  it('lists a company’s agents at /company/:id/agents; deletes follow the permission table', async () => {
    const listed = await as<ListPayload<Agent>>('super', 'GET', `/company/${w.companyA}/agents`);
    expect(listed.body.payload.count).toBe(2);
    expect((await as('caB', 'GET', `/company/${w.companyA}/agents`)).status).toBe(404);
    expect((await as('super', 'GET', '/company/00000000-0000-4000-8000-000000000000/agents')).status).toBe(404);
    const [first] = listed.body.payload.rows;
    expect((await as('sub', 'DELETE', `/agent/delete/${first.id}`)).status).toBe(403);
    expect((await as('userA', 'DELETE', `/agent/delete/${first.id}`)).status).toBe(403);
    const deleted = await as('caA', 'DELETE', `/agent/delete/${first.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([200, resourceMessages.agentDeleted]);
  });

  it('tells the company’s browsers live: a registration is an insert, a flag an update without status', async () => {
    const listen = async (who: Who) => {
      const socket = connect(server.baseUrl, {
        path: '/socket.io',
        transports: ['polling'],
        forceNew: true,
        reconnection: false,
      });
      const person = w.people[who];
      await socket.emitWithAck('authentication', { token: person.token, roomId: CONTROLROOM_ROOM, userId: person.id });
      await socket.emitWithAck('join-room', { token: person.token, roomId: CONTROLROOM_ROOM, userId: person.id });
      const seen: LiveNotification[] = [];
      socket.on('message', (n: LiveNotification) => seen.push(n));
      return { socket, seen };
    };
    const acme = await listen('caA');
    const globex = await listen('caB');
    try {
      const token = await newToken('super', 'agent', w.companyA);
      await as(
        'super',
        'PUT',
        `/companyLicense/update/${(await as<{ id: string }>('super', 'GET', `/companyLicense/company/${w.companyA}`)).body.payload.id}`,
        { maxAgents: 10 },
      );
      const agentId = (await register({ registrationToken: token.token, deviceId: 'WS-LIVE-01' })).body.payload.agentId;
      await expect.poll(() => acme.seen.length).toBe(1);
      expect(acme.seen[0]).toEqual({
        type: 'agent',
        operation: 'insert',
        data: { id: agentId, deviceId: 'WS-LIVE-01', status: 0 },
      });
      await as('caA', 'PUT', '/agent/update', { ids: [agentId], isBusy: true });
      await expect.poll(() => acme.seen.length).toBe(2);
      expect(acme.seen[1]).toEqual({
        type: 'agent',
        operation: 'update',
        data: { id: agentId, deviceId: 'WS-LIVE-01', isBusy: true },
      });
      expect(globex.seen).toEqual([]);
    } finally {
      acme.socket.disconnect();
      globex.socket.disconnect();
    }
  });

  it('keeps a company while it has agents', async () => {
    const lone = await createCompany(server, 'Lone Agents');
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: lone });
    const agent = await register({
      registrationToken: (await newToken('super', 'agent', lone)).token,
      deviceId: 'LONE-1',
    });
    const refused = await as('super', 'DELETE', `/company/delete/${lone}`);
    expect([refused.status, refused.body.message]).toEqual([409, resourceMessages.companyHasBotsOrAgents]);
    await as('super', 'DELETE', `/agent/delete/${agent.body.payload.agentId}`);
    expect((await as('super', 'DELETE', `/company/delete/${lone}`)).status).toBe(200);
  });

  it('an inactive company: its people cannot sign in, signed-in ones are logged out, its tokens register nothing', async () => {
    const token = await newToken('caB');
    expect((await as('caB', 'GET', '/agent/all')).status).toBe(200);
    expect((await as('super', 'PUT', `/company/update/${w.companyB}`, { status: 'inactive' })).status).toBe(200);
    const signIn = await call<Envelope>(server, 'POST', '/api/user/login', {
      body: { email: w.people.caB.email, password: PASSWORD },
    });
    expect([signIn.status, signIn.body.message]).toEqual([403, resourceMessages.companyInactive]);
    const wrong = await call<Envelope>(server, 'POST', '/api/user/login', {
      body: { email: w.people.caB.email, password: 'Wrong@123' },
    });
    expect([wrong.status, wrong.body.message]).toEqual([401, messages.invalidCredentials]);
    expect((await as('caB', 'GET', '/agent/all')).status).toBe(401);
    const res = await register({ registrationToken: token.token, deviceId: 'GLOBEX-1' });
    expect([res.status, res.body.message]).toEqual([403, resourceMessages.companyInactive]);
    await as('super', 'PUT', `/company/update/${w.companyB}`, { status: 'active' });
    expect((await login(server, w.people.caB.email, PASSWORD)).user.companyId).toBe(w.companyB);
  });
});
