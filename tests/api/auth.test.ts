import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS, messages, ROLE } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, startServer, type LoginBody, type TestServer } from './helpers';
import { mailsTo, resetTokenOf } from './mail';

const SECRET = 'test-secret-for-the-auth-suite-0123456789';

/** A HS256 JWT made by hand, to forge or back-date tokens the server must refuse. */
function jwt(claims: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('login and authentication', () => {
  let server: TestServer;
  let companyId: string;

  beforeAll(async () => {
    server = await startServer({ env: { JWT_SECRET: SECRET } });
    companyId = await createCompany(server, 'Acme');
  });
  afterAll(() => server?.close());

  it('logs the seeded Super Admin in with its session fields', async () => {
    const res = await call<LoginBody>(server, 'POST', '/api/user/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    const { token, isFirstLogin, user } = res.body.payload;
    expect(token.split('.')).toHaveLength(3);
    expect(isFirstLogin).toBe(false);
    expect(user).toMatchObject({
      role: ROLE.superAdmin,
      email: ADMIN_EMAIL,
      companyId: null,
      companyName: null,
      associatedToGroups: [],
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        'associatedToGroups',
        'companyId',
        'companyName',
        'email',
        'enabledEmailSchedule',
        'fullName',
        'id',
        'role',
        'roleId',
      ].sort(),
    );
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: user.id, role: ROLE.superAdmin, companyId: null });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(8 * 3600);
  });

  it('accepts the e-mail in any letter case', async () => {
    const payload = await login(server, ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(payload.user.email).toBe(ADMIN_EMAIL);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await call(server, 'POST', '/api/user/login', {
      body: { email: ADMIN_EMAIL, password: 'Wrong@123' },
    });
    const unknown = await call(server, 'POST', '/api/user/login', {
      body: { email: 'nobody@rpa.test', password: 'Wrong@123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
    await login(server, ADMIN_EMAIL, ADMIN_PASSWORD); // resets the admin's failure counter
  });

  it('answers the spec messages for an empty e-mail or password', async () => {
    const noEmail = await call(server, 'POST', '/api/user/login', { body: { email: '', password: 'x' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe(messages.emailRequired);
    const noPassword = await call(server, 'POST', '/api/user/login', { body: { email: ADMIN_EMAIL, password: '' } });
    expect(noPassword.body.message).toBe(messages.passwordRequired);
  });

  it('refuses deleted users with the same answer as a wrong password', async () => {
    const user = await createUser(server, {
      email: 'gone@rpa.test',
      password: 'Gone@1234',
      role: ROLE.user,
      companyId,
    });
    await server.app.repos.users.markDeleted(user.id);
    const res = await call(server, 'POST', '/api/user/login', {
      body: { email: 'gone@rpa.test', password: 'Gone@1234' },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.invalidCredentials);
  });

  it('blocks after 5 failures, even with the right password, until the mailed reset link is used', async () => {
    const email = 'locked@rpa.test';
    await createUser(server, { email, password: 'Right@123', role: ROLE.user, companyId });
    const refused = { message: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' };
    // Failures below the limit do not block, and a success resets the count.
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i += 1) {
      expect((await call(server, 'POST', '/api/user/login', { body: { email, password: 'Wrong@123' } })).status).toBe(
        401,
      );
    }
    await login(server, email, 'Right@123');
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) {
      const res = await call(server, 'POST', '/api/user/login', { body: { email, password: 'Wrong@123' } });
      expect([res.status, res.body]).toEqual([401, refused]);
    }
    // Blocked now: the right password is refused, with the answer an unknown address gets.
    const right = await call(server, 'POST', '/api/user/login', { body: { email, password: 'Right@123' } });
    expect([right.status, right.body]).toEqual([401, refused]);
    expect((await server.app.repos.users.findActiveByEmail(email))?.isBlocked).toBe(true);

    const [mail] = await mailsTo(server, email);
    expect(mail.subject).toMatch(/blocked/i);
    const reset = await call(server, 'POST', '/api/account/reset-password', {
      token: resetTokenOf(mail, server.config.publicUrl),
      body: { newPassword: 'Fresh@123', confirmNewPassword: 'Fresh@123' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(messages.passwordReset);
    const after = await login(server, email, 'Fresh@123');
    expect(after.user.email).toBe(email);
    // The counter starts again from zero.
    expect((await call(server, 'POST', '/api/user/login', { body: { email, password: 'Wrong@123' } })).status).toBe(
      401,
    );
  });

  it('answers a blocked address exactly as an unknown one, so a guesser cannot tell which exist', async () => {
    const email = 'guessed@rpa.test';
    await createUser(server, { email, password: 'Right@123', role: ROLE.user, companyId });
    const attempt = async (address: string, password: string) => {
      const res = await call(server, 'POST', '/api/user/login', { body: { email: address, password } });
      return [res.status, res.body];
    };
    for (let i = 0; i < MAX_FAILED_LOGINS + 2; i += 1) {
      expect(await attempt(email, `Guess@${i}00`)).toEqual(await attempt('never-registered@rpa.test', `Guess@${i}00`));
    }
    expect(await attempt(email, 'Right@123')).toEqual(await attempt('never-registered@rpa.test', 'Right@123'));
    expect((await server.app.repos.users.findActiveByEmail(email))?.isBlocked).toBe(true);

    // Its owner can still get a reset link by forgot-password, and using it lets them back in.
    const before = new Set((await mailsTo(server, email)).map((m) => m.file));
    const forgot = await call(server, 'POST', '/api/account/forgot-password', { body: { email } });
    expect([forgot.status, forgot.body.message]).toEqual([200, messages.linkSent]);
    const fresh = (await mailsTo(server, email)).filter((m) => !before.has(m.file));
    expect(fresh).toHaveLength(1);
    const [newest] = fresh;
    const reset = await call(server, 'POST', '/api/account/reset-password', {
      token: resetTokenOf(newest, server.config.publicUrl),
      body: { newPassword: 'Again@123', confirmNewPassword: 'Again@123' },
    });
    expect(reset.status).toBe(200);
    expect((await login(server, email, 'Again@123')).user.email).toBe(email);
  });

  describe('protected calls', () => {
    let token: string;
    let adminId: string;
    beforeAll(async () => {
      const payload = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      token = payload.token;
      adminId = payload.user.id;
    });
    const unauthorized = { message: messages.unauthorized, code: 'UNAUTHORIZED' };

    it('accepts "Token <jwt>" and "Bearer <jwt>"', async () => {
      expect((await call(server, 'GET', '/api/role/all', { token })).status).toBe(200);
      const bearer = await call(server, 'GET', '/api/role/all', { headers: { authorization: `Bearer ${token}` } });
      expect(bearer.status).toBe(200);
    });

    it('refuses a missing or malformed header', async () => {
      const variants: Record<string, string>[] = [
        {},
        { authorization: token },
        { authorization: 'Token' },
        { authorization: 'Basic abc' },
      ];
      for (const headers of variants) {
        const res = await call(server, 'GET', '/api/role/all', { headers });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(unauthorized);
      }
    });

    it('refuses a token signed with another secret', async () => {
      const now = Math.floor(Date.now() / 1000);
      const forged = jwt(
        { sub: adminId, role: ROLE.superAdmin, companyId: null, iat: now, exp: now + 3600 },
        'another-secret-0123456789abcdef',
      );
      const res = await call(server, 'GET', '/api/role/all', { token: forged });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
      // The same claims signed with the server's secret pass: the signature was the only fault.
      const genuine = jwt({ sub: adminId, role: ROLE.superAdmin, companyId: null, iat: now, exp: now + 3600 }, SECRET);
      expect((await call(server, 'GET', '/api/role/all', { token: genuine })).status).toBe(200);
    });

    it('refuses an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = jwt(
        { sub: adminId, role: ROLE.superAdmin, companyId: null, iat: now - 7200, exp: now - 3600 },
        SECRET,
      );
      const res = await call(server, 'GET', '/api/role/all', { token: expired });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    });

    it('refuses an unsigned token', async () => {
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const none = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: adminId, role: ROLE.superAdmin, companyId: null })}.`;
      expect((await call(server, 'GET', '/api/role/all', { token: none })).status).toBe(401);
    });

    it('refuses the token of a user deleted since it was issued', async () => {
      await createUser(server, { email: 'soon-gone@rpa.test', password: 'Gone@1234', role: ROLE.user, companyId });
      const payload = await login(server, 'soon-gone@rpa.test', 'Gone@1234');
      expect((await call(server, 'GET', '/api/role/all', { token: payload.token })).status).toBe(200);
      await server.app.repos.users.markDeleted(payload.user.id);
      const res = await call(server, 'GET', '/api/role/all', { token: payload.token });
      expect(res.status).toBe(401);
    });

    it('checks a new token once for the calls that arrive together', async () => {
      const users = server.app.repos.users;
      const findById = users.findById.bind(users);
      let lookups = 0;
      users.findById = (id) => {
        lookups += 1;
        return findById(id);
      };
      try {
        const now = Math.floor(Date.now() / 1000);
        const fresh = jwt({ sub: adminId, role: ROLE.superAdmin, companyId: null, iat: now, exp: now + 3599 }, SECRET);
        // Started together, as the calls of a busy client are when its cached check expires.
        const logins = await Promise.all(Array.from({ length: 10 }, () => server.app.verifyLoginToken(fresh)));
        expect(logins.map((l) => l?.actor.id)).toEqual(Array(10).fill(adminId));
        expect(lookups).toBe(1);
        // A call made after a change to a user (here: just its signal) does not join a check begun before it.
        const other = jwt({ sub: adminId, role: ROLE.superAdmin, companyId: null, iat: now, exp: now + 3598 }, SECRET);
        const before = server.app.verifyLoginToken(other);
        server.app.forgetLogin(adminId);
        await Promise.all([before, server.app.verifyLoginToken(other)]);
        expect(lookups).toBe(3);
        expect((await call(server, 'GET', '/api/role/all', { token: fresh })).status).toBe(200);
      } finally {
        users.findById = findById;
      }
    });

    it('lists the four roles', async () => {
      const res = await call<{ payload: { count: number; rows: { id: string; name: string }[] } }>(
        server,
        'GET',
        '/api/role/all',
        { token },
      );
      expect(res.body.payload.count).toBe(4);
      expect(res.body.payload.rows.map((r) => r.name)).toEqual([
        ROLE.superAdmin,
        ROLE.subAdmin,
        ROLE.customerAdmin,
        ROLE.user,
      ]);
    });
  });
});
