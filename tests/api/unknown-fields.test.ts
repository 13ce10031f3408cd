import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPathsOf } from '../../src/domain/resource';
import type { CrudOptions } from '../../server/crud/options';
import { agents, auditLog } from '../../server/db/schema';
import { CRUD_RESOURCES } from '../../server/routes/resources';
import { call, startServer, type TestServer } from './helpers';
import { productFixtures, sampleFixture, type Fixture } from './permissionFixtures';
import { buildWorld, PASSWORD, type Envelope, type World } from './world';

type Refusal = Envelope<null> & { errors: { field: string; message: string }[] };

const served = (options: CrudOptions, route: 'create' | 'update') => !(options.skip ?? []).includes(route);

/**
 * Every resource the server serves refuses a create or update body naming a field it does not
 * declare (a typo), with 400 naming the field, and changes nothing: no record, no audit entry.
 */
describe('a body with a field the resource does not take is refused, on every resource', () => {
  let server: TestServer;
  let w: World;
  let n = 0;
  const next = () => (n += 1);
  let product: ReturnType<typeof productFixtures>;

  const fixtureOf = ({ def }: CrudOptions): Fixture =>
    product.fixtures[def.name] ??
    sampleFixture(
      def,
      async (body) => (await product.asSuper('POST', apiPathsOf(def).create, body)).id,
      (x) => ({ companies: x === 'A' ? w.companyA : w.companyB, users: w.people.userA.id }),
      next,
    );
  const send = (
    method: string,
    url: string,
    body?: Record<string, unknown>,
    form?: (b: Record<string, unknown>) => FormData,
  ) =>
    call<Refusal>(server, method, `/api${url}`, {
      token: w.people.super.token,
      ...(form && body ? { form: form(body) } : { body }),
    });
  const auditCount = async () => (await server.app.database.db.select({ n: count() }).from(auditLog))[0].n;
  const detailsOf = async (options: CrudOptions, id: string) =>
    (await send('GET', apiPathsOf(options.def).details.replace(':id', id))).body.payload;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'unk');
    product = productFixtures(server, w, next);
  });
  afterAll(() => server?.close());

  const creatable = CRUD_RESOURCES.filter((options) => served(options, 'create'));
  const updatable = CRUD_RESOURCES.filter((options) => served(options, 'update'));

  it('serves create and update for the resources this test goes through', () => {
    expect(creatable.map((o) => o.def.name)).toContain('bots');
    expect(updatable.map((o) => o.def.name)).toEqual(expect.arrayContaining(['companies', 'users', 'agents']));
  });

  it.each(creatable.map((options) => [options.def.name, options] as const))(
    '%s: create with a typo answers 400 naming it and creates nothing',
    async (_name, options) => {
      const fixture = fixtureOf(options);
      const valid = fixture.create ? await fixture.create('A') : {};
      const audits = await auditCount();
      for (const body of [{ nmae: 'x' }, { ...valid, nmae: 'x' }]) {
        const res = await send('POST', apiPathsOf(options.def).create, body, fixture.form);
        expect(res.status, `${options.def.name} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(res.body.message).toBe('Unknown field: nmae');
        expect(res.body.errors).toEqual([{ field: 'nmae', message: 'Unknown field: nmae' }]);
      }
      const stamped = await send('POST', apiPathsOf(options.def).create, { ...valid, createdAt: '2020-01-01' });
      expect(stamped.status).toBe(400);
      expect(stamped.body.errors).toEqual([{ field: 'createdAt', message: 'createdAt cannot be changed' }]);
      expect(await auditCount()).toBe(audits);
    },
  );

  it.each(updatable.map((options) => [options.def.name, options] as const))(
    '%s: update of a real record with a typo answers 400 naming it and changes nothing',
    async (_name, options) => {
      const fixture = fixtureOf(options);
      if (!fixture.record) throw new Error(`${options.def.name}: no fixture makes a record`);
      const id = await fixture.record('A');
      const url = apiPathsOf(options.def).update.replace(':id', id);
      const before = await detailsOf(options, id);
      const audits = await auditCount();
      for (const body of [{ nmae: 'x' }, { ...fixture.update, nmae: 'x' }]) {
        const res = await send('PUT', url, body);
        expect(res.status, `${options.def.name} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.errors[0].field).toBe('nmae');
        expect(res.body.message).toBe('Unknown field: nmae');
      }
      const stamped = await send('PUT', url, { ...fixture.update, createdAt: '2020-01-01T00:00:00.000Z' });
      expect(stamped.status).toBe(400);
      expect(stamped.body.errors).toEqual([{ field: 'createdAt', message: 'createdAt cannot be changed' }]);
      expect(await detailsOf(options, id)).toEqual(before);
      expect(await auditCount()).toBe(audits);
    },
  );

  it('refuses the create-only fields of users and bots on update, and a typo in a bot’s multipart update', async () => {
    const user = await product.fixtures.users.record!('A');
    const movedUser = await send('PUT', `/user/update/${user}`, { email: 'moved@unk.test', companyId: w.companyB });
    expect(movedUser.status).toBe(400);
    expect(movedUser.body.errors).toEqual([
      { field: 'email', message: 'email cannot be changed' },
      { field: 'companyId', message: 'companyId cannot be changed' },
    ]);
    const bot = await product.bot('A');
    const before = await detailsOf(
      CRUD_RESOURCES.find((o) => o.def.name === 'bots')!,
      bot,
    );
    const form = new FormData();
    form.append('description', 'A typo comes with it');
    form.append('nmae', 'x');
    const typo = await call<Refusal>(server, 'PUT', `/api/bot/update/${bot}`, { token: w.people.super.token, form });
    expect([typo.status, typo.body.errors]).toEqual([400, [{ field: 'nmae', message: 'Unknown field: nmae' }]]);
    const moved = await send('PUT', `/bot/update/${bot}`, { companyId: w.companyB });
    expect(moved.body.errors).toEqual([{ field: 'companyId', message: 'companyId cannot be changed' }]);
    expect(
      await detailsOf(
        CRUD_RESOURCES.find((o) => o.def.name === 'bots')!,
        bot,
      ),
    ).toEqual(before);
    const trail = await server.app.database.db.select().from(auditLog).where(eq(auditLog.recordId, bot));
    expect(trail).toEqual([]);
  });

  it('the other JSON routes whose schema allows no other property refuse one with 400 naming it', async () => {
    const agentId = await product.agent('A');
    const agentCount = async () => (await server.app.database.db.select({ n: count() }).from(agents))[0].n;
    const agentsBefore = await agentCount();
    const token = (
      await call<Envelope<{ token: string }>>(server, 'POST', '/api/registrationToken/generate', {
        token: w.people.caA.token,
        body: { type: 'agent' },
      })
    ).body.payload.token;
    const none = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['PUT', '/agent/update', { ids: [agentId], isBusy: true, nmae: 'x' }, 'nmae'],
      ['POST', '/agent/register', { registrationToken: token, deviceId: 'UNK-DEVICE-2', nmae: 'x' }, 'nmae'],
      ['POST', '/process/cancel', { id: none, nmae: 'x' }, 'nmae'],
      ['POST', '/process/stop', { id: none, nmae: 'x' }, 'nmae'],
      ['POST', '/process/bulk-cancel', { ids: [none], nmae: 'x' }, 'nmae'],
      [
        'POST',
        '/process/create',
        { botId: none, agentId: agentId, parameters: [{ name: 'a', value: 'b', nmae: 'x' }] },
        'parameters.0.nmae',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await send(method, url, body);
      expect([res.status, res.body.code], `${method} ${url}`).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.errors).toEqual([{ field, message: `Unknown field: ${field}` }]);
    }
    // Nothing was flagged, and the refused registration made no agent.
    expect((await send('GET', `/agent/details/${agentId}`)).body.payload).toMatchObject({ isBusy: false });
    expect(await agentCount()).toBe(agentsBefore);
    // A body whose schema does not close it keeps working with another property.
    const login = await call(server, 'POST', '/api/user/login', {
      body: { email: w.people.caA.email, password: PASSWORD, rememberMe: true },
    });
    expect(login.status).toBe(200);
    // A query's other parameters are ignored, as on every list (the web app's lists send a sort).
    expect((await send('GET', '/process/transaction-logs?sort=id&order=ASC&page=1&limit=10')).status).toBe(200);
    expect((await send('GET', `/queue/queue?agentId=${agentId}&_=1`)).status).toBe(200);
  });
});
