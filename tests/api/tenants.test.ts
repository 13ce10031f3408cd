import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ROLE } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { ConfigError, loadConfig } from '../../server/config';
import { sha256Hex } from '../../server/crypto/dataKey';
import { auditLog, companies, groups, registrationTokens, users } from '../../server/db/schema';
import { assertWithinLicence, licenceOf } from '../../server/services/licences';
import { consumeRegistrationToken } from '../../server/services/registrationTokens';
import { createUser } from './fixtures';
import { call, PUBLIC_URL, startServer, type TestServer } from './helpers';
import { buildWorld, PASSWORD, type Envelope, type ListPayload, type Who, type World } from './world';

type Company = {
  id: string;
  name: string;
  status: string;
  userCount: number;
  groupCount: number;
  activeTokenCount: number;
  licence?: Licence | null;
};
type Licence = {
  id: string;
  companyId: string;
  amount: number;
  currency: string;
  displayAmount: string;
  maxBots: number;
  status: string;
  endDate: string;
};
type Token = {
  id: string;
  companyId: string;
  type: string;
  status: string;
  token: string | null;
  reusable: boolean;
  expiresAt: string;
};

const ACME = {
  name: 'Acme Robotics',
  address: '12 Main Street, Pune',
  email: 'info@acme.test',
  phone: '+91 98765 43210',
};
const LICENCE = {
  tenure: 'Annually',
  currency: 'USD',
  amount: 8330,
  maxBots: 2,
  maxAgents: 1,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
};

describe('companies, licences and registration tokens', () => {
  let server: TestServer;
  let w: World;
  const as = <T = Company>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const companyCount = async () => (await server.app.database.db.select({ n: count() }).from(companies))[0].n;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 't');
  });
  afterAll(() => server?.close());

  describe('companies', () => {
    it('are registered by Super and Sub Admin with the spec’s rules; bad input changes nothing', async () => {
      const before = await companyCount();
      const cases: [Who, Record<string, unknown>, number, string][] = [
        ['super', { ...ACME, name: 'Acme & Co' }, 400, messages.nameLettersNumbers],
        ['super', { ...ACME, name: 'A'.repeat(61) }, 400, messages.nameMax],
        ['super', { ...ACME, address: 'Short' }, 400, messages.addressLength],
        ['super', { ...ACME, address: 'Main Street; Pune' }, 400, messages.addressChars],
        ['super', { ...ACME, email: 'info@' }, 400, messages.emailInvalid],
        ['super', { ...ACME, phone: 'call me' }, 400, messages.phoneInvalid],
        ['super', { ...ACME, status: 'sleeping' }, 400, 'status must be one of: active, inactive'],
        ['super', { ...ACME, name: 'ACME T' }, 409, resourceMessages.companyNameTaken],
        ['caA', ACME, 403, messages.forbidden],
        ['userA', ACME, 403, messages.forbidden],
      ];
      for (const [who, body, status, message] of cases) {
        const res = await as(who, 'POST', '/company/create', body);
        expect([res.status, res.body.message], `${who} ${JSON.stringify(body)}`).toEqual([status, message]);
      }
      expect(await companyCount()).toBe(before);
      const created = await as('sub', 'POST', '/company/create', ACME);
      expect([created.status, created.body.message]).toEqual([200, resourceMessages.companyCreated]);
      expect(created.body.payload).toMatchObject({ ...ACME, status: 'active', userCount: 0 });
    });

    it('list with status filter and search; names; details with counts and licence', async () => {
      const acme = (await as<ListPayload<Company>>('super', 'GET', '/company/all?q=ROBOTICS')).body.payload.rows[0];
      expect(acme.name).toBe('Acme Robotics');
      expect((await as('super', 'PUT', `/company/update/${acme.id}`, { status: 'inactive' })).body.payload.status).toBe(
        'inactive',
      );
      expect(
        (await as<ListPayload<Company>>('super', 'GET', '/company/all?status=inactive')).body.payload.rows.map(
          (c) => c.id,
        ),
      ).toEqual([acme.id]);
      const names = (await as<{ id: string; name: string }[]>('sub', 'GET', '/company/names')).body.payload.map(
        (c) => c.name,
      );
      expect(names).toEqual(['Acme Robotics', 'Acme t', 'Globex t']);
      const a = await as('caA', 'GET', `/company/details/${w.companyA}`);
      expect(a.body.payload).toMatchObject({
        id: w.companyA,
        userCount: 2,
        groupCount: 0,
        licence: null,
        studioSubscription: null,
      });
      expect((await as('userA', 'GET', `/company/details/${w.companyA}`)).status).toBe(200);
      expect((await as('caA', 'GET', `/company/details/${w.companyB}`)).status).toBe(404);
      expect((await as('caA', 'GET', '/company/all')).status).toBe(403);
      expect((await as('caA', 'PUT', `/company/update/${w.companyA}`, { status: 'inactive' })).status).toBe(403);
    });

    it('are deleted only without users; their groups, tokens and licence go with them', async () => {
      const doomed = (
        await as('super', 'POST', '/company/create', { ...ACME, name: 'Doomed Ltd', email: 'x@doomed.test' })
      ).body.payload;
      const person = await createUser(server, {
        email: 'only@doomed.test',
        password: PASSWORD,
        role: ROLE.customerAdmin,
        companyId: doomed.id,
      });
      await as('super', 'POST', '/groups/create', { name: 'Doomed Group', userIds: [person.id] });
      await as('super', 'POST', '/registrationToken/generate', { companyId: doomed.id, type: 'agent' });
      await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: doomed.id });
      const refused = await as('super', 'DELETE', `/company/delete/${doomed.id}`);
      expect([refused.status, refused.body.message]).toEqual([409, resourceMessages.companyHasUsers]);
      expect((await as('sub', 'DELETE', `/user/delete/${person.id}`)).status).toBe(403);
      // The only Customer Admin may go as the company's last user.
      expect((await as('super', 'DELETE', `/user/delete/${person.id}`)).status).toBe(200);
      const done = await as('sub', 'DELETE', `/company/delete/${doomed.id}`);
      expect([done.status, done.body.message]).toEqual([200, resourceMessages.companyDeleted]);
      const db = server.app.database.db;
      expect(await db.select().from(groups).where(eq(groups.companyId, doomed.id))).toEqual([]);
      expect(await db.select().from(registrationTokens).where(eq(registrationTokens.companyId, doomed.id))).toEqual([]);
      expect(await db.select().from(users).where(eq(users.companyId, doomed.id))).toEqual([]);
      expect(await licenceOf(server.app, doomed.id)).toBeNull();
      expect((await as('super', 'GET', `/company/details/${doomed.id}`)).status).toBe(404);
    });
  });

  describe('licences and bot studio subscriptions', () => {
    let licence: Licence;

    it('are created by Super/Sub Admin, one per company, with displayAmount from the domain', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ ...LICENCE, companyId: w.companyA, endDate: '2025-12-31' }, resourceMessages.endBeforeStart],
        [{ ...LICENCE, companyId: w.companyA, tenure: 'Weekly' }, 'tenure must be one of: Monthly, Annually'],
        [{ ...LICENCE, companyId: w.companyA, amount: -5 }, 'amount must be >= 0'],
        [{ ...LICENCE, companyId: w.companyA, startDate: '' }, messages.selectStartDate],
        [{ ...LICENCE }, messages.selectCompany],
      ];
      for (const [body, message] of bad)
        expect((await as('super', 'POST', '/companyLicense/create', body)).body.message).toBe(message);
      expect((await as('caA', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA })).status).toBe(
        403,
      );
      const created = await as<Licence>('super', 'POST', '/companyLicense/create', {
        ...LICENCE,
        companyId: w.companyA,
      });
      expect([created.status, created.body.message]).toEqual([200, resourceMessages.licenceCreated]);
      expect(created.body.payload).toMatchObject({
        companyId: w.companyA,
        amount: 8330,
        currency: 'USD',
        displayAmount: '100.00',
        status: 'active',
      });
      licence = created.body.payload;
      const twice = await as('sub', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
      expect([twice.status, twice.body.message]).toEqual([409, resourceMessages.licenceExists]);
      const inr = await as<Licence>('sub', 'POST', '/companyLicense/create', {
        ...LICENCE,
        currency: 'INR',
        amount: 1500.5,
        companyId: w.companyB,
      });
      expect(inr.body.payload.displayAmount).toBe('1500.5');
    });

    it('are read per company and updated by the platform roles', async () => {
      expect((await as<Licence>('caA', 'GET', `/companyLicense/company/${w.companyA}`)).body.payload.id).toBe(
        licence.id,
      );
      expect((await as('caA', 'GET', `/companyLicense/company/${w.companyB}`)).status).toBe(404);
      expect((await as('userA', 'GET', `/companyLicense/company/${w.companyA}`)).status).toBe(403);
      expect((await as('caA', 'GET', `/companyLicense/details/${licence.id}`)).status).toBe(200);
      expect((await as('caB', 'GET', `/companyLicense/details/${licence.id}`)).status).toBe(404);
      expect((await as('caA', 'GET', `/company/details/${w.companyA}`)).body.payload.licence).toMatchObject({
        id: licence.id,
        displayAmount: '100.00',
      });
      expect((await as('userA', 'GET', `/company/details/${w.companyA}`)).body.payload.licence).toBeNull();
      expect((await as('caA', 'PUT', `/companyLicense/update/${licence.id}`, { maxBots: 9 })).status).toBe(403);
      expect(
        (await as('sub', 'PUT', `/companyLicense/update/${licence.id}`, { endDate: '2025-01-01' })).body.message,
      ).toBe(resourceMessages.endBeforeStart);
      const upd = await as<Licence>('sub', 'PUT', `/companyLicense/update/${licence.id}`, {
        maxBots: 3,
        currency: 'INR',
      });
      expect(upd.body.payload).toMatchObject({ maxBots: 3, displayAmount: '8330' });
      expect(upd.body.message).toBe(resourceMessages.licenceUpdated);
    });

    it('bound the bots and agents of a company (for the later issues)', async () => {
      expect(await assertWithinLicence(server.app, w.companyA, 'bots', 2)).toMatchObject({
        maxBots: 3,
        expired: false,
      });
      await expect(assertWithinLicence(server.app, w.companyA, 'bots', 3)).rejects.toMatchObject({
        statusCode: 409,
        message: resourceMessages.licenceLimitBots,
      });
      await expect(assertWithinLicence(server.app, w.companyA, 'agents', 1)).rejects.toMatchObject({
        statusCode: 409,
        message: resourceMessages.licenceLimitAgents,
      });
      await as('super', 'PUT', `/companyLicense/update/${licence.id}`, {
        startDate: '2020-01-01',
        endDate: '2020-12-31',
      });
      expect((await licenceOf(server.app, w.companyA))?.expired).toBe(true);
      await expect(assertWithinLicence(server.app, w.companyA, 'bots', 0)).rejects.toMatchObject({
        statusCode: 403,
        message: messages.botExpired,
      });
      const other = (await as('super', 'POST', '/company/create', { ...ACME, name: 'Unlicensed', email: 'u@u.test' }))
        .body.payload;
      await expect(assertWithinLicence(server.app, other.id, 'agents', 0)).rejects.toMatchObject({
        statusCode: 403,
        message: resourceMessages.noLicence,
      });
    });

    it('bot studio subscriptions likewise', async () => {
      const body = { companyId: w.companyA, seats: 5, startDate: '2026-01-01', endDate: '2026-12-31' };
      const created = await as<{ id: string; seats: number }>(
        'super',
        'POST',
        '/botStudio/createBotStudioSubscription',
        body,
      );
      expect([created.status, created.body.message, created.body.payload.seats]).toEqual([
        200,
        resourceMessages.subscriptionCreated,
        5,
      ]);
      expect((await as('super', 'POST', '/botStudio/createBotStudioSubscription', body)).status).toBe(409);
      expect(
        (
          await as('super', 'POST', '/botStudio/createBotStudioSubscription', {
            ...body,
            companyId: w.companyB,
            seats: 0,
          })
        ).body.message,
      ).toBe('seats must be >= 1');
      expect((await as('caA', 'GET', `/botStudio/company/${w.companyA}`)).body.payload).toMatchObject({
        id: created.body.payload.id,
        seats: 5,
      });
      expect((await as('caA', 'GET', `/company/details/${w.companyA}`)).body.payload).toMatchObject({
        studioSubscription: { seats: 5 },
      });
    });
  });

  describe('registration tokens', () => {
    let token: Token;

    it('are generated with ≥128 random bits, stored encrypted and hashed', async () => {
      const res = await as<Token>('caA', 'POST', '/registrationToken/generate', { type: 'agent' });
      expect([res.status, res.body.message]).toEqual([200, messages.tokenCreated]);
      token = res.body.payload;
      expect(token).toMatchObject({ companyId: w.companyA, type: 'agent', status: 'active', reusable: false });
      expect(token.token).toMatch(/^rt_[A-Za-z0-9_-]{32}$/);
      const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      const [row] = await server.app.database.db
        .select()
        .from(registrationTokens)
        .where(eq(registrationTokens.id, token.id));
      expect(row.tokenEncrypted).not.toContain(token.token!.slice(3));
      expect(row.tokenHash).toBe(sha256Hex(token.token!));
    });

    it('check the expiry and the type; a User may not generate', async () => {
      const soon = await as<Token>('super', 'POST', '/registrationToken/generate', {
        companyId: w.companyB,
        type: 'studio',
        expiresInDays: 2,
        reusable: true,
      });
      expect(soon.body.payload).toMatchObject({ type: 'studio', reusable: true, companyId: w.companyB });
      expect(Math.round((Date.parse(soon.body.payload.expiresAt) - Date.now()) / 86_400_000)).toBe(2);
      const past = await as('caA', 'POST', '/registrationToken/generate', {
        type: 'agent',
        expiresAt: '2020-01-01T00:00:00Z',
      });
      expect([past.status, past.body.message]).toEqual([400, resourceMessages.expiryInPast]);
      const both = await as('caA', 'POST', '/registrationToken/generate', {
        type: 'agent',
        expiresAt: '2099-01-01T00:00:00Z',
        expiresInDays: 3,
      });
      expect(both.body.message).toBe(resourceMessages.expiryBoth);
      expect((await as('caA', 'POST', '/registrationToken/generate', { type: 'robot' })).status).toBe(400);
      expect(
        (await as('caA', 'POST', '/registrationToken/generate', { type: 'agent', expiresInDays: 400 })).body.message,
      ).toBe('expiresInDays must be <= 365');
      expect(
        (await as('caA', 'POST', '/registrationToken/generate', { type: 'agent', companyId: w.companyB })).status,
      ).toBe(404);
      expect((await as('userA', 'POST', '/registrationToken/generate', { type: 'agent' })).status).toBe(403);
    });

    it('are used once (unless reusable), expire, and the list says so, filtered in SQL', async () => {
      const used = await consumeRegistrationToken(server.app, token.token!);
      expect(used).toEqual({ id: token.id, companyId: w.companyA, type: 'agent' });
      expect(await consumeRegistrationToken(server.app, token.token!)).toBeNull();
      expect(await consumeRegistrationToken(server.app, 'rt_not-a-real-token-at-all')).toBeNull();
      const reusable = (
        await as<Token>('caA', 'POST', '/registrationToken/generate', { type: 'agent', reusable: true })
      ).body.payload;
      expect(await consumeRegistrationToken(server.app, reusable.token!)).not.toBeNull();
      expect(await consumeRegistrationToken(server.app, reusable.token!)).not.toBeNull();
      const stale = (await as<Token>('caA', 'POST', '/registrationToken/generate', { type: 'studio' })).body.payload;
      await server.app.database.db
        .update(registrationTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(registrationTokens.id, stale.id));
      expect(await consumeRegistrationToken(server.app, stale.token!)).toBeNull();
      const list = async (query: string) =>
        (await as<ListPayload<Token>>('caA', 'GET', `/registrationToken/all?${query}`)).body.payload.rows;
      expect((await list('status=used')).map((t) => t.id)).toEqual([token.id]);
      expect((await list('status=expired')).map((t) => t.id)).toEqual([stale.id]);
      expect((await list('status=active')).map((t) => t.id)).toEqual([reusable.id]);
      expect((await list('type=studio')).map((t) => t.id)).toEqual([stale.id]);
      expect(await list(`companyId=${w.companyB}`)).toEqual([]);
      expect((await list('sort=status&order=ASC')).map((t) => t.status)).toEqual(['active', 'expired', 'used']);
      expect((await list('')).find((t) => t.id === reusable.id)?.token).toBe(reusable.token);
      expect((await as('userA', 'GET', '/registrationToken/all')).status).toBe(403);
    });

    it('download as a registration file and delete within the company', async () => {
      const res = await call(server, 'GET', `/api/registrationToken/download/${token.id}`, {
        token: w.people.caA.token,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="registration-agent-[0-9a-f]{8}\.json"$/,
      );
      expect(res.body).toEqual({ serverUrl: PUBLIC_URL, token: token.token, type: 'agent', companyId: w.companyA });
      expect((await as('caB', 'GET', `/registrationToken/download/${token.id}`)).status).toBe(404);
      expect((await as('userA', 'GET', `/registrationToken/download/${token.id}`)).status).toBe(403);
      expect((await as('caB', 'DELETE', `/registrationToken/delete/${token.id}`)).status).toBe(404);
      const del = await as('caA', 'DELETE', `/registrationToken/delete/${token.id}`);
      expect([del.status, del.body.message]).toEqual([200, resourceMessages.tokenDeleted]);
      expect((await as('caA', 'GET', `/registrationToken/details/${token.id}`)).status).toBe(404);
    });

    it('read DATA_ENCRYPTION_KEY as 32 bytes or refuse to start', () => {
      expect(loadConfig({ DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).dataEncryptionKey).toBe('ab'.repeat(32));
      expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    });
  });

  describe('audit log', () => {
    it('names the record and the actor by their names now, beside their ids; a deleted record has none', async () => {
      type Entry = { recordId: string; recordName: string | null; actorId: string; actorName: string | null };
      const res = await as<ListPayload<Entry & { resource: string }>>(
        'super',
        'GET',
        '/audit/all?resource=companies&action=create&limit=100',
      );
      const acme = (await as<ListPayload<Company>>('super', 'GET', '/company/all?q=Acme%20Robotics')).body.payload
        .rows[0];
      const created = res.body.payload.rows.find((r) => r.recordId === acme?.id);
      expect(created).toMatchObject({ recordName: ACME.name, actorId: w.people.sub.id, actorName: 'Sam Sub' });
      // Doomed Ltd was deleted: its entries keep its id and name nothing.
      const deleted = await as<ListPayload<Entry>>('super', 'GET', '/audit/all?resource=companies&action=delete');
      expect(deleted.body.payload.rows.length).toBeGreaterThan(0);
      for (const row of deleted.body.payload.rows) expect([row.recordId.length, row.recordName]).toEqual([36, null]);
      // A user's entry names the user, as their full name reads now.
      const renamed = await as('super', 'PUT', `/user/update/${w.people.userB.id}`, { fullName: 'Ugo Renamed' });
      expect(renamed.status).toBe(200);
      const users = await as<ListPayload<Entry>>('super', 'GET', `/audit/all?resource=users&q=${w.people.userB.id}`);
      expect(users.body.payload.rows.map((r) => r.recordName)).toContain('Ugo Renamed');
    });

    it('records who changed what, never a secret, for the Super Admin only', async () => {
      const res = await as<
        ListPayload<{ action: string; resource: string; actorEmail: string; changes: Record<string, unknown> | null }>
      >('super', 'GET', '/audit/all?resource=companies&action=create&limit=100');
      expect(res.status).toBe(200);
      expect(res.body.payload.rows.length).toBeGreaterThanOrEqual(3);
      expect(res.body.payload.rows.every((r) => r.resource === 'companies' && r.action === 'create')).toBe(true);
      expect(res.body.payload.rows.map((r) => r.actorEmail)).toContain(w.people.sub.email);
      const mine = await as<ListPayload>('super', 'GET', `/audit/all?actorId=${w.people.caA.id}&q=registrationTokens`);
      expect(mine.body.payload.count).toBeGreaterThanOrEqual(4);
      expect((await as('sub', 'GET', '/audit/all')).status).toBe(403);
      expect((await as('caA', 'GET', '/audit/all')).status).toBe(403);
      const changed = await call(server, 'POST', '/api/account/reset-password', {
        token: w.people.userA.token,
        body: { oldPassword: PASSWORD, newPassword: 'Newpass@12', confirmNewPassword: 'Newpass@12' },
      });
      expect(changed.status).toBe(200);
      const [entry] = await server.app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorId, w.people.userA.id));
      expect(entry).toMatchObject({
        action: 'update',
        resource: 'users',
        recordId: w.people.userA.id,
        changes: { change: 'password', via: 'old password' },
      });
      const everything = JSON.stringify(await server.app.database.db.select().from(auditLog));
      expect(everything).not.toMatch(/rt_[A-Za-z0-9_-]{32}/);
      expect(everything).not.toMatch(/scrypt\$|Newpass@12|passwordHash|tokenHash|tokenEncrypted|"token"/);
    });
  });
});
