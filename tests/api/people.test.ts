import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ROLE } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { auditLog, users } from '../../server/db/schema';
import { createUser } from './fixtures';
import { call, login, PUBLIC_URL, startServer, type TestServer } from './helpers';
import { mailsTo, resetTokenOf } from './mail';
import { buildWorld, PASSWORD, type Envelope, type ListPayload, type Who, type World } from './world';

type User = {
  id: string;
  fullName: string;
  email: string;
  role: string;
  roleId: string;
  companyId: string | null;
  groupIds: string[];
  associatedToGroups: string[];
  status: string;
  isFirstLogin: boolean;
  isDeleted: boolean;
};
type Group = { id: string; name: string; companyId: string; userIds: string[]; userCount: number };

describe('users and groups', () => {
  let server: TestServer;
  let w: World;
  const as = <T = User>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const userCount = async () => (await server.app.database.db.select({ n: count() }).from(users))[0].n;
  const register = (who: Who, body: Record<string, unknown>) =>
    as(who, 'POST', '/user/register', { fullName: 'New Person', enabledEmailSchedule: false, ...body });

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'p');
  });
  afterAll(() => server?.close());

  describe('register', () => {
    it('creates a user who never sees a password and gets a welcome mail that sets the first one', async () => {
      const res = await register('super', {
        fullName: 'Nina New',
        email: 'Nina.New@Acme.test',
        roleId: w.roleIds[ROLE.user],
        companyId: w.companyA,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(resourceMessages.userRegistered);
      expect(res.body.payload).toMatchObject({
        fullName: 'Nina New',
        email: 'nina.new@acme.test',
        role: ROLE.user,
        companyId: w.companyA,
        isFirstLogin: true,
        status: 'active',
      });
      expect(res.body.payload).not.toHaveProperty('passwordHash');
      const [mail] = await mailsTo(server, 'nina.new@acme.test');
      expect(mail.subject).toMatch(/Welcome/);
      const reset = await call(server, 'POST', '/api/account/reset-password', {
        token: resetTokenOf(mail, PUBLIC_URL),
        body: { newPassword: 'Nina@1234', confirmNewPassword: 'Nina@1234' },
      });
      expect(reset.status).toBe(200);
      const session = await login(server, 'nina.new@acme.test', 'Nina@1234');
      expect(session.isFirstLogin).toBe(false);
    });

    it('checks every field and changes nothing on bad input', async () => {
      const before = await userCount();
      const cases: [Who, Record<string, unknown>, number, string][] = [
        [
          'super',
          { fullName: 'Bad 1', email: 'a@acme.test', roleId: w.roleIds[ROLE.user], companyId: w.companyA },
          400,
          messages.personNameLetters,
        ],
        [
          'super',
          { email: 'not-an-email', roleId: w.roleIds[ROLE.user], companyId: w.companyA },
          400,
          messages.emailInvalid,
        ],
        ['super', { email: 'a@acme.test', roleId: '', companyId: w.companyA }, 400, messages.selectUserRole],
        [
          'super',
          { email: 'a@acme.test', roleId: '00000000-0000-4000-8000-000000000000', companyId: w.companyA },
          400,
          messages.selectUserRole,
        ],
        ['super', { email: 'a@acme.test', roleId: w.roleIds[ROLE.user] }, 400, messages.selectCompany],
        [
          'super',
          { email: 'a@acme.test', roleId: w.roleIds[ROLE.subAdmin], companyId: w.companyA },
          400,
          resourceMessages.platformRoleNoCompany,
        ],
        [
          'super',
          { email: w.people.userA.email.toUpperCase(), roleId: w.roleIds[ROLE.user], companyId: w.companyA },
          409,
          resourceMessages.emailTaken,
        ],
        ['sub', { email: 'a@acme.test', roleId: w.roleIds[ROLE.superAdmin] }, 403, resourceMessages.roleNotAllowed],
        ['caA', { email: 'a@acme.test', roleId: w.roleIds[ROLE.subAdmin] }, 403, resourceMessages.roleNotAllowed],
        ['caA', { email: 'a@acme.test', roleId: w.roleIds[ROLE.user], companyId: w.companyB }, 404, messages.notFound],
        ['userA', { email: 'a@acme.test', roleId: w.roleIds[ROLE.user] }, 403, messages.forbidden],
      ];
      for (const [who, body, status, message] of cases) {
        const res = await register(who, body);
        expect([res.status, res.body.message], `${who} ${JSON.stringify(body)}`).toEqual([status, message]);
      }
      const groupB = (
        await as<Group>('super', 'POST', '/groups/create', { name: 'Globex Ops', userIds: [w.people.userB.id] })
      ).body.payload;
      const wrongGroup = await register('caA', {
        email: 'a@acme.test',
        roleId: w.roleIds[ROLE.user],
        groupIds: [groupB.id],
      });
      expect(wrongGroup.body.message).toBe(resourceMessages.groupsOfOtherCompany);
      expect(await userCount()).toBe(before);
    });

    it('lets a Customer Admin register Customer Admins and Users of their own company only; Sub Admin any but Super Admin', async () => {
      const byCa = await register('caA', { email: 'cara@acme.test', roleId: w.roleIds[ROLE.customerAdmin] });
      expect(byCa.body.payload).toMatchObject({ companyId: w.companyA, role: ROLE.customerAdmin });
      const bySub = await register('sub', { email: 'sid@rpa.test', roleId: w.roleIds[ROLE.subAdmin] });
      expect(bySub.body.payload).toMatchObject({ companyId: null, role: ROLE.subAdmin });
    });
  });

  describe('list, update, delete, reset link', () => {
    it('filters by company, group, role and status and searches name and e-mail; deleted users only on request', async () => {
      const blocked = await createUser(server, {
        email: 'blocked@acme.test',
        password: PASSWORD,
        role: ROLE.user,
        companyId: w.companyA,
        fullName: 'Blocky Person',
      });
      await server.app.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.id));
      const gone = await createUser(server, {
        email: 'gone@acme.test',
        password: PASSWORD,
        role: ROLE.user,
        companyId: w.companyA,
        fullName: 'Gone Person',
      });
      await server.app.repos.users.markDeleted(gone.id);
      const list = async (query: string) =>
        (await as<ListPayload<User>>('super', 'GET', `/user/all?limit=100&${query}`)).body.payload.rows.map(
          (u) => u.email,
        );
      const inA = await list(`companyId=${w.companyA}`);
      expect(inA).toContain(w.people.userA.email);
      expect(inA).toContain('blocked@acme.test');
      expect(inA).not.toContain('gone@acme.test');
      expect(inA).not.toContain(w.people.userB.email);
      expect(await list(`companyId=${w.companyA}&status=blocked`)).toEqual(['blocked@acme.test']);
      expect(await list(`companyId=${w.companyA}&status=deleted`)).toEqual(['gone@acme.test']);
      expect(await list(`roleId=${w.roleIds[ROLE.subAdmin]}&sort=email&order=ASC`)).toEqual(
        ['sid@rpa.test', w.people.sub.email].sort(),
      );
      expect(await list('q=BLOCKY')).toEqual(['blocked@acme.test']);
      expect(await list('q=globex')).toEqual([w.people.userB.email, w.people.caB.email]);
      const [group] = (await as<ListPayload<Group>>('super', 'GET', `/groups/by-pagination?companyId=${w.companyB}`))
        .body.payload.rows;
      expect(await list(`groupId=${group.id}`)).toEqual([w.people.userB.email]);
      expect((await as('super', 'GET', '/user/all?status=gone')).status).toBe(400);
    });

    it('updates by role: a User their own name only; no role beyond one’s own power; the only Customer Admin keeps the role', async () => {
      const own = await as('userA', 'PUT', `/user/update/${w.people.userA.id}`, { fullName: 'Uma Renamed' });
      expect([own.status, own.body.message, own.body.payload.fullName]).toEqual([
        200,
        messages.userUpdated,
        'Uma Renamed',
      ]);
      const promote = await as('userA', 'PUT', `/user/update/${w.people.userA.id}`, {
        roleId: w.roleIds[ROLE.customerAdmin],
      });
      expect([promote.status, promote.body.message]).toEqual([403, resourceMessages.ownProfileOnly]);
      expect(
        (await as('sub', 'PUT', `/user/update/${w.people.sub.id}`, { roleId: w.roleIds[ROLE.superAdmin] })).status,
      ).toBe(403);
      const toPlatform = await as('super', 'PUT', `/user/update/${w.people.userA.id}`, {
        roleId: w.roleIds[ROLE.subAdmin],
      });
      expect([toPlatform.status, toPlatform.body.message]).toEqual([400, resourceMessages.roleClassChange]);
      const demote = await as('super', 'PUT', `/user/update/${w.people.caB.id}`, { roleId: w.roleIds[ROLE.user] });
      expect([demote.status, demote.body.message]).toEqual([409, resourceMessages.onlyCustomerAdminRole]);
      const upgraded = await as('caA', 'PUT', `/user/update/${w.people.userA.id}`, { enabledEmailSchedule: true });
      expect(upgraded.body.payload).toMatchObject({ enabledEmailSchedule: true, role: ROLE.user });
    });

    it('applies a role change to the very next request of the user', async () => {
      const riser = await createUser(server, {
        email: 'riser@acme.test',
        password: PASSWORD,
        role: ROLE.user,
        companyId: w.companyA,
      });
      const token = (await login(server, 'riser@acme.test', PASSWORD)).token;
      expect((await call(server, 'GET', '/api/registrationToken/all', { token })).status).toBe(403);
      expect(
        (await as('caA', 'PUT', `/user/update/${riser.id}`, { roleId: w.roleIds[ROLE.customerAdmin] })).status,
      ).toBe(200);
      expect((await call(server, 'GET', '/api/registrationToken/all', { token })).status).toBe(200);
    });

    it('soft-deletes: the user can no longer log in; nobody deletes themselves or the only Customer Admin', async () => {
      const victim = await createUser(server, {
        email: 'victim@globex.test',
        password: PASSWORD,
        role: ROLE.user,
        companyId: w.companyB,
      });
      const victimToken = (await login(server, 'victim@globex.test', PASSWORD)).token;
      expect((await as('sub', 'DELETE', `/user/delete/${victim.id}`)).status).toBe(403);
      expect((await as('caA', 'DELETE', `/user/delete/${victim.id}`)).status).toBe(404);
      const self = await as('caB', 'DELETE', `/user/delete/${w.people.caB.id}`);
      expect([self.status, self.body.message]).toEqual([403, resourceMessages.cannotDeleteSelf]);
      const only = await as('super', 'DELETE', `/user/delete/${w.people.caB.id}`);
      expect([only.status, only.body.message]).toEqual([409, messages.onlyCustomerAdmin]);
      const done = await as('caB', 'DELETE', `/user/delete/${victim.id}`);
      expect([done.status, done.body.message]).toEqual([200, messages.userDeleted]);
      expect(
        (await call(server, 'POST', '/api/user/login', { body: { email: 'victim@globex.test', password: PASSWORD } }))
          .status,
      ).toBe(401);
      expect((await call(server, 'GET', `/api/user/details/${victim.id}`, { token: victimToken })).status).toBe(401);
      expect((await as('caB', 'GET', `/user/details/${victim.id}`)).body.payload).toMatchObject({
        isDeleted: true,
        status: 'deleted',
      });
      expect((await as('caB', 'DELETE', `/user/delete/${victim.id}`)).status).toBe(404);
      const again = await register('caB', { email: 'victim@globex.test', roleId: w.roleIds[ROLE.user] });
      expect(again.status).toBe(200);
    });

    it('mails a Reset Link that unblocks, to admins within their reach', async () => {
      const locked = await createUser(server, {
        email: 'locked@acme.test',
        password: PASSWORD,
        role: ROLE.user,
        companyId: w.companyA,
      });
      await server.app.database.db
        .update(users)
        .set({ isBlocked: true, failedLogins: 5 })
        .where(eq(users.id, locked.id));
      expect((await as('userA', 'POST', '/user/resetpassword', { id: locked.id })).status).toBe(403);
      expect((await as('caB', 'POST', '/user/resetpassword', { id: locked.id })).status).toBe(404);
      expect((await as('sub', 'POST', '/user/resetpassword', { id: w.people.super.id })).status).toBe(403);
      expect((await as('caA', 'POST', '/user/resetpassword', { id: 'x' })).status).toBe(400);
      const res = await as('caA', 'POST', '/user/resetpassword', { id: locked.id });
      expect([res.status, res.body.message]).toEqual([200, messages.linkSent]);
      expect((await as('caA', 'GET', `/user/details/${locked.id}`)).body.payload.status).toBe('active');
      const [mail] = await mailsTo(server, 'locked@acme.test');
      expect(mail.text).toContain('An administrator sent you a link');
      const trail = await server.app.database.db.select().from(auditLog).where(eq(auditLog.recordId, locked.id));
      expect(trail[0]).toMatchObject({
        action: 'update',
        resource: 'users',
        actorId: w.people.caA.id,
        changes: { resetLinkSent: true, isBlocked: false },
      });
    });
  });

  describe('groups', () => {
    let finance: Group;

    it('are made of users of one company, at least one; the company follows the users', async () => {
      const mixed = await as<Group>('super', 'POST', '/groups/create', {
        name: 'Mixed',
        userIds: [w.people.userA.id, w.people.userB.id],
      });
      expect([mixed.status, mixed.body.message]).toEqual([400, messages.singleCompanyUsers]);
      const empty = await as<Group>('super', 'POST', '/groups/create', { name: 'Empty', userIds: [] });
      expect([empty.status, empty.body.message]).toEqual([400, messages.atLeastOneUser]);
      const wrongCompany = await as<Group>('super', 'POST', '/groups/create', {
        name: 'Wrong',
        companyId: w.companyB,
        userIds: [w.people.userA.id],
      });
      expect(wrongCompany.body.message).toBe(messages.singleCompanyUsers);
      const hidden = await as<Group>('caA', 'POST', '/groups/create', { name: 'Hidden', userIds: [w.people.userB.id] });
      expect(hidden.body.message).toBe(resourceMessages.usersNotFound);
      const created = await as<Group>('super', 'POST', '/groups/create', {
        name: 'Finance',
        description: 'Money matters team',
        userIds: [w.people.caA.id],
      });
      expect(created.body.payload).toMatchObject({
        name: 'Finance',
        companyId: w.companyA,
        userIds: [w.people.caA.id],
        userCount: 1,
      });
      finance = created.body.payload;
      const dup = await as<Group>('caA', 'POST', '/groups/create', { name: 'FINANCE', userIds: [w.people.caA.id] });
      expect([dup.status, dup.body.message]).toEqual([409, resourceMessages.groupNameTaken]);
    });

    it('bulk-associates users of the group’s company and answers {status, message}', async () => {
      const res = await call<{ status: boolean; message: string; payload: { groupId: string; userIds: string[] } }>(
        server,
        'POST',
        '/api/groups/bulk-association',
        {
          token: w.people.caA.token,
          body: { groupId: finance.id, userIds: [w.people.userA.id] },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: true,
        message: resourceMessages.usersAssociated,
        payload: { groupId: finance.id },
      });
      expect(res.body.payload.userIds.sort()).toEqual([w.people.caA.id, w.people.userA.id].sort());
      const foreign = await as('super', 'POST', '/groups/bulk-association', {
        groupId: finance.id,
        userIds: [w.people.userB.id],
      });
      expect([foreign.status, foreign.body.message]).toEqual([400, messages.singleCompanyUsers]);
      expect(
        (await as('userA', 'POST', '/groups/bulk-association', { groupId: finance.id, userIds: [w.people.userA.id] }))
          .status,
      ).toBe(403);
      expect(
        (await as('caB', 'POST', '/groups/bulk-association', { groupId: finance.id, userIds: [w.people.userB.id] }))
          .status,
      ).toBe(404);
      expect(
        (await as('caA', 'POST', '/groups/bulk-association', { groupId: finance.id, userIds: [] })).body.message,
      ).toBe(messages.atLeastOneUser);
      // associatedToGroups of the login reply follows.
      expect((await login(server, w.people.userA.email, PASSWORD)).user).toMatchObject({
        associatedToGroups: [finance.id],
      });
    });

    it('shows a plain User only the groups they belong to', async () => {
      const other = (await as<Group>('caA', 'POST', '/groups/create', { name: 'Others', userIds: [w.people.caA.id] }))
        .body.payload;
      const mine = await as<ListPayload<Group>>('userA', 'GET', '/groups/by-pagination');
      expect(mine.body.payload.rows.map((g) => g.id)).toEqual([finance.id]);
      const names = await as<{ id: string; name: string }[]>('userA', 'GET', '/groups/names');
      expect(names.body.payload).toEqual([{ id: finance.id, name: 'Finance' }]);
      expect((await as('userA', 'GET', `/groups/details/${finance.id}`)).status).toBe(200);
      expect((await as('userA', 'GET', `/groups/details/${other.id}`)).status).toBe(404);
      expect((await as('userA', 'PUT', `/groups/update/${finance.id}`, { name: 'Mine now' })).status).toBe(403);
    });

    it('updates and deletes by the permission table', async () => {
      const upd = await as<Group>('sub', 'PUT', `/groups/update/${finance.id}`, {
        name: 'Finance Team',
        userIds: [w.people.userA.id],
      });
      expect(upd.body.payload).toMatchObject({ name: 'Finance Team', userIds: [w.people.userA.id] });
      const foreign = await as<Group>('sub', 'PUT', `/groups/update/${finance.id}`, { userIds: [w.people.userB.id] });
      expect(foreign.body.message).toBe(messages.singleCompanyUsers);
      expect((await as('sub', 'DELETE', `/groups/delete/${finance.id}`)).status).toBe(403);
      expect((await as('caB', 'DELETE', `/groups/delete/${finance.id}`)).status).toBe(404);
      const del = await as('caA', 'DELETE', `/groups/delete/${finance.id}`);
      expect([del.status, del.body.message]).toEqual([200, resourceMessages.groupDeleted]);
      expect((await login(server, w.people.userA.email, PASSWORD)).user).toMatchObject({ associatedToGroups: [] });
    });
  });
});
