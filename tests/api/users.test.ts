import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ROLE } from '../../src/domain';
import { groups, userGroups } from '../../server/db/schema';
import { createCompany, createUser } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, startServer, type TestServer } from './helpers';

interface Details {
  message: string;
  payload: Record<string, unknown> & { id: string; fullName: string; associatedToGroups: string[] };
}

describe('user details and profile update', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let acme: string;
  let groupId: string;

  beforeAll(async () => {
    server = await startServer();
    acme = await createCompany(server, 'Acme');
    const globex = await createCompany(server, 'Globex');
    const people = {
      sub: { email: 'sub@rpa.test', role: ROLE.subAdmin, companyId: null },
      acmeAdmin: { email: 'admin@acme.test', role: ROLE.customerAdmin, companyId: acme },
      alice: { email: 'alice@acme.test', role: ROLE.user, companyId: acme },
      bob: { email: 'bob@acme.test', role: ROLE.user, companyId: acme },
      globexAdmin: { email: 'admin@globex.test', role: ROLE.customerAdmin, companyId: globex },
    };
    for (const [key, person] of Object.entries(people)) {
      const user = await createUser(server, { ...person, password: 'Pass@1234', fullName: `Person ${key}` });
      ids[key] = user.id;
      tokens[key] = (await login(server, person.email, 'Pass@1234')).token;
    }
    const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    ids.super = admin.user.id;
    tokens.super = admin.token;
    const [group] = await server.app.database.db
      .insert(groups)
      .values({ name: 'Finance', companyId: acme })
      .returning({ id: groups.id });
    groupId = group.id;
    await server.app.database.db.insert(userGroups).values({ userId: ids.alice, groupId });
  });
  afterAll(() => server?.close());

  const details = (who: string, id: string) =>
    call<Details>(server, 'GET', `/api/user/details/${id}`, { token: tokens[who] });
  const update = (who: string, id: string, body: unknown) =>
    call<Details>(server, 'PUT', `/api/user/update/${id}`, { token: tokens[who], body });

  it('shows a user their own record with company and groups', async () => {
    const res = await details('alice', ids.alice);
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      id: ids.alice,
      email: 'alice@acme.test',
      role: ROLE.user,
      companyId: acme,
      companyName: 'Acme',
      fullName: 'Person alice',
      associatedToGroups: [groupId],
      isDeleted: false,
      isBlocked: false,
      isFirstLogin: false,
    });
    expect(res.body.payload).not.toHaveProperty('passwordHash');
    expect(Date.parse(String(res.body.payload.createdAt))).not.toBeNaN();
  });

  it('applies the permission table: 404 for records one may not see, allow for admins', async () => {
    expect((await details('alice', ids.bob)).status).toBe(404);
    expect((await details('acmeAdmin', ids.bob)).status).toBe(200);
    expect((await details('globexAdmin', ids.bob)).status).toBe(404);
    expect((await details('acmeAdmin', ids.super)).status).toBe(404);
    expect((await details('sub', ids.bob)).status).toBe(200);
    expect((await details('super', ids.globexAdmin)).status).toBe(200);
    const hidden = await details('alice', ids.bob);
    expect(hidden.body).toEqual({ message: messages.notFound, code: 'NOT_FOUND' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await details('super', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await details('super', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'id must match format "uuid"' });
  });

  it('updates the own full name', async () => {
    const res = await update('bob', ids.bob, { fullName: 'Bob Builder' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.userUpdated);
    expect(res.body.payload.fullName).toBe('Bob Builder');
    expect((await details('bob', ids.bob)).body.payload.fullName).toBe('Bob Builder');
  });

  it('checks the person-name rule', async () => {
    for (const [fullName, message] of [
      ['', messages.personNameRequired],
      ['Bob 2', messages.personNameLetters],
      ['Bob  Builder', messages.consecutiveSpaces],
      ['B', messages.personNameLength],
      ['B'.repeat(33), messages.personNameLength],
    ]) {
      const res = await update('bob', ids.bob, { fullName });
      expect(res.status, fullName).toBe(400);
      expect(res.body).toMatchObject({ message, errors: [{ field: 'fullName', message }] });
    }
  });

  it('lets no one update records outside their scope', async () => {
    expect((await update('alice', ids.bob, { fullName: 'Not Bob' })).status).toBe(404);
    expect((await update('globexAdmin', ids.bob, { fullName: 'Not Bob' })).status).toBe(404);
    const subOnSuper = await update('sub', ids.super, { fullName: 'Not Super' });
    expect(subOnSuper.status).toBe(403);
    expect(subOnSuper.body).toEqual({ message: messages.forbidden, code: 'FORBIDDEN' });
    expect((await details('super', ids.super)).body.payload.fullName).toBe('Super Admin');
  });

  it('needs a login', async () => {
    const res = await call(server, 'GET', `/api/user/details/${ids.alice}`);
    expect(res.status).toBe(401);
  });
});
