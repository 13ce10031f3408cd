import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../src/domain';
import { agents, bots, companies, companyLicences, groups, registrationTokens, studioSubscriptions, userGroups, users } from '../../server/db/schema';
import { createCompany, createUser } from './fixtures';
import { call, startServer, type TestServer } from './helpers';
import { botForm, WORKFLOW } from './workflows';
import { buildWorld, PASSWORD, type Envelope, type ListPayload, type World } from './world';

/**
 * Spec §6 as a table: every route of the tenants-and-people issue (and of bots and agents) × the four roles × a record
 * (or company) of the actor's own company A and of another company B. 2xx: allowed; 403: the
 * role may not; 404: another company's record (never revealed); 409: allowed, but the state
 * forbids it (a company with users cannot be deleted).
 */
type Role = 'super' | 'sub' | 'caA' | 'userA';
type Which = 'A' | 'B';
interface Req {
  method: string;
  url: string;
  body?: unknown;
  /** A multipart body (bot uploads), built afresh for every call. */
  form?: () => FormData;
}
interface Case {
  route: string;
  expect: Record<Role, [own: number, other: number]>;
  request: (which: Which) => Promise<Req>;
}
const ROLES: Role[] = ['super', 'sub', 'caA', 'userA'];
const all = (s: number): [number, number] => [s, s];
const row = (sup: [number, number], sub: [number, number], ca: [number, number], user: [number, number]): Record<Role, [number, number]> => ({ super: sup, sub, caA: ca, userA: user });
const LICENCE = { tenure: 'Monthly', currency: 'INR', amount: 100, maxBots: 1000, maxAgents: 1000, startDate: '2026-01-01', endDate: '2099-01-01' };
const SUBSCRIPTION = { seats: 2, startDate: '2026-01-01', endDate: '2099-01-01' };

describe('permissions of every route (spec §6)', () => {
  let server: TestServer;
  let w: World;
  let n = 0;
  const standing = {} as Record<'memberA' | 'groupA' | 'groupB' | 'tokenA' | 'tokenB' | 'licenceA' | 'licenceB' | 'studioA' | 'studioB' | 'auditId' | 'botA' | 'botB' | 'agentA' | 'agentB', string>;
  const company = (which: Which) => (which === 'A' ? w.companyA : w.companyB);
  const otherUser = (which: Which) => (which === 'A' ? standing.memberA : w.people.userB.id);
  const asSuper = async <T = { id: string }>(method: string, url: string, body?: unknown) => {
    const res = await call<Envelope<T>>(server, method, `/api${url}`, { token: w.people.super.token, body });
    if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${res.text}`);
    return res.body.payload;
  };
  const fresh = {
    user: async (which: Which) => (await createUser(server, { email: `fresh${(n += 1)}@perm.test`, password: PASSWORD, role: ROLE.user, companyId: company(which) })).id,
    group: async (which: Which) => (await asSuper('POST', '/groups/create', { name: `Fresh group ${(n += 1)}`, userIds: [otherUser(which)] })).id,
    token: async (which: Which) => (await asSuper('POST', '/registrationToken/generate', { companyId: company(which), type: 'agent' })).id,
    company: async () => createCompany(server, `Fresh company ${(n += 1)}`),
    // Made by the company's Customer Admin: a plain User is not their creator.
    bot: async (which: Which) => {
      const values = { companyId: company(which), userId: (which === 'A' ? w.people.caA : w.people.caB).id, name: `Fresh bot ${(n += 1)}`, description: 'Made by the table', fileName: 'Main.xaml', fileSize: WORKFLOW.length, fileContent: WORKFLOW };
      return (await server.app.database.db.insert(bots).values(values).returning({ id: bots.id }))[0].id;
    },
    agent: async (which: Which) => {
      const values = { companyId: company(which), name: `Fresh agent ${(n += 1)}`, deviceId: `DEVICE-${n}`, secretHash: 'not a secret' };
      return (await server.app.database.db.insert(agents).values(values).returning({ id: agents.id }))[0].id;
    },
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'perm');
    standing.memberA = (await createUser(server, { email: 'member@perm.test', password: PASSWORD, role: ROLE.user, companyId: w.companyA })).id;
    standing.groupA = (await asSuper('POST', '/groups/create', { name: 'Group A', userIds: [standing.memberA, w.people.userA.id] })).id;
    standing.groupB = (await asSuper('POST', '/groups/create', { name: 'Group B', userIds: [w.people.userB.id] })).id;
    standing.tokenA = await fresh.token('A');
    standing.tokenB = await fresh.token('B');
    standing.licenceA = (await asSuper('POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA })).id;
    standing.licenceB = (await asSuper('POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyB })).id;
    standing.studioA = (await asSuper('POST', '/botStudio/createBotStudioSubscription', { ...SUBSCRIPTION, companyId: w.companyA })).id;
    standing.studioB = (await asSuper('POST', '/botStudio/createBotStudioSubscription', { ...SUBSCRIPTION, companyId: w.companyB })).id;
    standing.auditId = (await asSuper<ListPayload>('GET', '/audit/all?limit=1')).rows[0].id;
    standing.botA = await fresh.bot('A');
    standing.botB = await fresh.bot('B');
    standing.agentA = await fresh.agent('A');
    standing.agentB = await fresh.agent('B');
  });
  afterAll(() => server?.close());

  const pick = (which: Which, a: string, b: string) => (which === 'A' ? a : b);
  const get = (url: string): Req => ({ method: 'GET', url });
  const CASES: Case[] = [
    // companies
    { route: 'GET /company/all', expect: row(all(200), all(200), all(403), all(403)), request: async (x) => get(`/company/all?companyId=${company(x)}`) },
    { route: 'GET /company/names', expect: row(all(200), all(200), all(403), all(403)), request: async () => get('/company/names') },
    { route: 'GET /company/details/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/company/details/${company(x)}`) },
    { route: 'POST /company/create', expect: row(all(200), all(200), all(403), all(403)), request: async () => ({ method: 'POST', url: '/company/create', body: { name: `New company ${(n += 1)}`, address: '1 Long Street Pune', email: 'c@c.test', phone: '+91 98765 43210' } }) },
    { route: 'PUT /company/update/:id', expect: row(all(200), all(200), all(403), all(403)), request: async (x) => ({ method: 'PUT', url: `/company/update/${company(x)}`, body: { status: 'active' } }) },
    { route: 'DELETE /company/delete/:id', expect: row(all(409), all(409), all(403), all(403)), request: async (x) => ({ method: 'DELETE', url: `/company/delete/${company(x)}` }) },
    // users and roles
    { route: 'GET /user/all', expect: row(all(200), all(200), all(200), all(200)), request: async (x) => get(`/user/all?companyId=${company(x)}`) },
    { route: 'GET /user/names', expect: row(all(200), all(200), all(200), all(200)), request: async () => get('/user/names') },
    { route: 'GET /user/details/:id', expect: row(all(200), all(200), [200, 404], [404, 404]), request: async (x) => get(`/user/details/${otherUser(x)}`) },
    { route: 'POST /user/register', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'POST', url: '/user/register', body: { fullName: 'New Person', email: `reg${(n += 1)}@perm.test`, roleId: w.roleIds[ROLE.user], companyId: company(x) } }) },
    { route: 'PUT /user/update/:id', expect: row(all(200), all(200), [200, 404], [404, 404]), request: async (x) => ({ method: 'PUT', url: `/user/update/${otherUser(x)}`, body: { fullName: 'Renamed Person' } }) },
    { route: 'DELETE /user/delete/:id', expect: row(all(200), all(403), [200, 404], all(403)), request: async (x) => ({ method: 'DELETE', url: `/user/delete/${await fresh.user(x)}` }) },
    { route: 'POST /user/resetpassword', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'POST', url: '/user/resetpassword', body: { id: otherUser(x) } }) },
    { route: 'GET /role/all', expect: row(all(200), all(200), all(200), all(200)), request: async () => get('/role/all') },
    // groups
    { route: 'GET /groups/by-pagination', expect: row(all(200), all(200), all(200), all(200)), request: async (x) => get(`/groups/by-pagination?companyId=${company(x)}`) },
    { route: 'GET /groups/names', expect: row(all(200), all(200), all(200), all(200)), request: async () => get('/groups/names') },
    { route: 'GET /groups/details/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/groups/details/${pick(x, standing.groupA, standing.groupB)}`) },
    { route: 'POST /groups/create', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'POST', url: '/groups/create', body: { name: `Made group ${(n += 1)}`, companyId: company(x), userIds: [otherUser(x)] } }) },
    { route: 'PUT /groups/update/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'PUT', url: `/groups/update/${pick(x, standing.groupA, standing.groupB)}`, body: { description: 'Updated by the table' } }) },
    { route: 'DELETE /groups/delete/:id', expect: row(all(200), all(403), [200, 404], all(403)), request: async (x) => ({ method: 'DELETE', url: `/groups/delete/${await fresh.group(x)}` }) },
    { route: 'POST /groups/bulk-association', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'POST', url: '/groups/bulk-association', body: { groupId: pick(x, standing.groupA, standing.groupB), userIds: [otherUser(x)] } }) },
    // registration tokens
    { route: 'POST /registrationToken/generate', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'POST', url: '/registrationToken/generate', body: { companyId: company(x), type: 'studio' } }) },
    { route: 'GET /registrationToken/all', expect: row(all(200), all(200), all(200), all(403)), request: async (x) => get(`/registrationToken/all?companyId=${company(x)}`) },
    { route: 'GET /registrationToken/details/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/registrationToken/details/${pick(x, standing.tokenA, standing.tokenB)}`) },
    { route: 'GET /registrationToken/download/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/registrationToken/download/${pick(x, standing.tokenA, standing.tokenB)}`) },
    { route: 'DELETE /registrationToken/delete/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => ({ method: 'DELETE', url: `/registrationToken/delete/${await fresh.token(x)}` }) },
    // licences and bot studio subscriptions
    { route: 'POST /companyLicense/create', expect: row(all(200), all(200), all(403), all(403)), request: async () => ({ method: 'POST', url: '/companyLicense/create', body: { ...LICENCE, companyId: await fresh.company() } }) },
    { route: 'GET /companyLicense/all', expect: row(all(200), all(200), all(200), all(403)), request: async (x) => get(`/companyLicense/all?companyId=${company(x)}`) },
    { route: 'GET /companyLicense/details/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/companyLicense/details/${pick(x, standing.licenceA, standing.licenceB)}`) },
    { route: 'GET /companyLicense/company/:companyId', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/companyLicense/company/${company(x)}`) },
    { route: 'PUT /companyLicense/update/:id', expect: row(all(200), all(200), all(403), all(403)), request: async (x) => ({ method: 'PUT', url: `/companyLicense/update/${pick(x, standing.licenceA, standing.licenceB)}`, body: { maxBots: 999 } }) },
    { route: 'DELETE /companyLicense/delete/:id', expect: row(all(200), all(403), all(403), all(403)), request: async () => ({ method: 'DELETE', url: `/companyLicense/delete/${(await asSuper('POST', '/companyLicense/create', { ...LICENCE, companyId: await fresh.company() })).id}` }) },
    { route: 'POST /botStudio/createBotStudioSubscription', expect: row(all(200), all(200), all(403), all(403)), request: async () => ({ method: 'POST', url: '/botStudio/createBotStudioSubscription', body: { ...SUBSCRIPTION, companyId: await fresh.company() } }) },
    { route: 'GET /botStudio/all', expect: row(all(200), all(200), all(200), all(403)), request: async (x) => get(`/botStudio/all?companyId=${company(x)}`) },
    { route: 'GET /botStudio/details/:id', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/botStudio/details/${pick(x, standing.studioA, standing.studioB)}`) },
    { route: 'GET /botStudio/company/:companyId', expect: row(all(200), all(200), [200, 404], all(403)), request: async (x) => get(`/botStudio/company/${company(x)}`) },
    { route: 'PUT /botStudio/update/:id', expect: row(all(200), all(200), all(403), all(403)), request: async (x) => ({ method: 'PUT', url: `/botStudio/update/${pick(x, standing.studioA, standing.studioB)}`, body: { seats: 3 } }) },
    { route: 'DELETE /botStudio/delete/:id', expect: row(all(200), all(403), all(403), all(403)), request: async () => ({ method: 'DELETE', url: `/botStudio/delete/${(await asSuper('POST', '/botStudio/createBotStudioSubscription', { ...SUBSCRIPTION, companyId: await fresh.company() })).id}` }) },
    // bots
    { route: 'GET /bot/all', expect: row(all(200), all(200), all(200), all(200)), request: async (x) => get(`/bot/all?companyId=${company(x)}`) },
    { route: 'GET /bot/all/names', expect: row(all(200), all(200), all(200), all(200)), request: async () => get('/bot/all/names') },
    { route: 'GET /bot/details/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/bot/details/${pick(x, standing.botA, standing.botB)}`) },
    { route: 'GET /bot/downloadXAML/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/bot/downloadXAML/${pick(x, standing.botA, standing.botB)}`) },
    { route: 'POST /bot/create', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => ({ method: 'POST', url: '/bot/create', form: () => botForm({ name: `Table bot ${(n += 1)}`, description: 'Made by the table', companyId: company(x) }) }) },
    { route: 'POST /bot/getParameters', expect: row(all(200), all(200), all(200), all(200)), request: async () => ({ method: 'POST', url: '/bot/getParameters', form: () => botForm({}) }) },
    { route: 'PUT /bot/update/:id', expect: row(all(200), all(200), [200, 404], [403, 404]), request: async (x) => ({ method: 'PUT', url: `/bot/update/${pick(x, standing.botA, standing.botB)}`, body: { description: 'Updated by the table' } }) },
    { route: 'DELETE /bot/delete/:id', expect: row(all(200), all(403), [200, 404], [403, 404]), request: async (x) => ({ method: 'DELETE', url: `/bot/delete/${await fresh.bot(x)}` }) },
    { route: 'GET /company/:id/bots', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/company/${company(x)}/bots`) },
    // agents
    { route: 'GET /agent/all', expect: row(all(200), all(200), all(200), all(200)), request: async (x) => get(`/agent/all?companyId=${company(x)}`) },
    { route: 'GET /agent/all/names', expect: row(all(200), all(200), all(200), all(200)), request: async () => get('/agent/all/names') },
    { route: 'GET /agent/details/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/agent/details/${pick(x, standing.agentA, standing.agentB)}`) },
    { route: 'PUT /agent/update/:id', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => ({ method: 'PUT', url: `/agent/update/${pick(x, standing.agentA, standing.agentB)}`, body: { isBusy: false } }) },
    { route: 'PUT /agent/update', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => ({ method: 'PUT', url: '/agent/update', body: { ids: [pick(x, standing.agentA, standing.agentB)], isError: false } }) },
    { route: 'DELETE /agent/delete/:id', expect: row(all(200), all(403), [200, 404], all(403)), request: async (x) => ({ method: 'DELETE', url: `/agent/delete/${await fresh.agent(x)}` }) },
    { route: 'GET /company/:id/agents', expect: row(all(200), all(200), [200, 404], [200, 404]), request: async (x) => get(`/company/${company(x)}/agents`) },
    // audit log
    { route: 'GET /audit/all', expect: row(all(200), all(403), all(403), all(403)), request: async () => get('/audit/all') },
    { route: 'GET /audit/details/:id', expect: row(all(200), all(403), all(403), all(403)), request: async () => get(`/audit/details/${standing.auditId}`) },
  ];

  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const got: Record<string, [number, number]> = {};
    for (const role of ROLES) {
      const statuses: number[] = [];
      for (const which of ['A', 'B'] as const) {
        const req = await c.request(which);
        statuses.push((await call(server, req.method, `/api${req.url}`, { token: w.people[role].token, body: req.body, form: req.form?.() })).status);
      }
      got[role] = [statuses[0], statuses[1]];
    }
    expect(got).toEqual(c.expect);
  });

  it('lets a plain User act on their own record only', async () => {
    const me = w.people.userA;
    const mine = (method: string, url: string, body?: unknown) => call(server, method, `/api${url}`, { token: me.token, body });
    expect((await mine('GET', `/user/details/${me.id}`)).status).toBe(200);
    expect((await mine('PUT', `/user/update/${me.id}`, { fullName: 'Uma Again' })).status).toBe(200);
    expect((await mine('DELETE', `/user/delete/${me.id}`)).status).toBe(403);
    expect((await mine('POST', '/user/resetpassword', { id: me.id })).status).toBe(403);
  });

  it('never lists another company’s rows to a Customer Admin or a User', async () => {
    const db = server.app.database.db;
    const idsOfA = {
      companies: [w.companyA],
      users: (await db.select({ id: users.id }).from(users).where(eq(users.companyId, w.companyA))).map((r) => r.id),
      groups: (await db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, w.companyA))).map((r) => r.id),
      tokens: (await db.select({ id: registrationTokens.id }).from(registrationTokens).where(eq(registrationTokens.companyId, w.companyA))).map((r) => r.id),
      licences: (await db.select({ id: companyLicences.id }).from(companyLicences).where(eq(companyLicences.companyId, w.companyA))).map((r) => r.id),
      studio: (await db.select({ id: studioSubscriptions.id }).from(studioSubscriptions).where(eq(studioSubscriptions.companyId, w.companyA))).map((r) => r.id),
      bots: (await db.select({ id: bots.id }).from(bots).where(eq(bots.companyId, w.companyA))).map((r) => r.id),
      agents: (await db.select({ id: agents.id }).from(agents).where(eq(agents.companyId, w.companyA))).map((r) => r.id),
    };
    const lists: [string, keyof typeof idsOfA][] = [
      ['/company/all', 'companies'], ['/company/names', 'companies'], ['/user/all', 'users'], ['/user/names', 'users'],
      ['/groups/by-pagination', 'groups'], ['/groups/names', 'groups'], ['/registrationToken/all', 'tokens'],
      ['/companyLicense/all', 'licences'], ['/botStudio/all', 'studio'], ['/audit/all', 'users'],
      ['/bot/all', 'bots'], ['/bot/all/names', 'bots'], ['/agent/all', 'agents'], ['/agent/all/names', 'agents'],
    ];
    let checked = 0;
    for (const role of ['caA', 'userA'] as const) {
      for (const [path, kind] of lists) {
        for (const query of ['', `?companyId=${w.companyB}`, '?limit=100&q=e', '?limit=100&status=deleted', `?limit=100&groupId=${standing.groupB}`]) {
          const res = await call<Envelope<ListPayload | { id: string }[]>>(server, 'GET', `/api${path}${query}`, { token: w.people[role].token });
          // 403: the role has no such list; 400: status=deleted is not a status of this resource.
          if (res.status === 403 || (res.status === 400 && query.includes('status=deleted') && kind !== 'users')) continue;
          expect([path, query, res.status]).toEqual([path, query, 200]);
          const rows = Array.isArray(res.body.payload) ? res.body.payload : res.body.payload.rows;
          for (const r of rows) expect(idsOfA[kind], `${role} ${path}${query}`).toContain(r.id);
          checked += rows.length;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // And the B side exists, so an empty answer above is not an accident of the fixtures.
    expect((await db.select({ id: userGroups.userId }).from(userGroups).where(inArray(userGroups.groupId, [standing.groupB]))).length).toBe(1);
    expect((await db.select({ id: companies.id }).from(companies).where(eq(companies.id, w.companyB))).length).toBe(1);
  });
});
