import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, ROLE } from '../../src/domain';
import { hashResetToken } from '../../server/auth/tokens';
import { passwordResets } from '../../server/db/schema';
import { createCompany, createUser } from './fixtures';
import { call, login, startServer, type TestServer } from './helpers';
import { mailsTo, resetTokenOf } from './mail';

describe('forgot and reset password', () => {
  let server: TestServer;
  let companyId: string;
  beforeAll(async () => {
    server = await startServer();
    companyId = await createCompany(server, 'Acme');
  });
  afterAll(() => server?.close());

  const forgot = (email: unknown) => call(server, 'POST', '/api/account/forgot-password', { body: { email } });
  const reset = (token: string | undefined, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/account/reset-password', { token, body });

  async function mailedToken(email: string): Promise<string> {
    const res = await forgot(email);
    expect(res.status).toBe(200);
    const mails = await mailsTo(server, email);
    return resetTokenOf(mails[mails.length - 1], server.config.publicUrl);
  }

  it('mails a link, which sets a new password once; the old password stops working', async () => {
    const email = 'forgetful@rpa.test';
    await createUser(server, { email, password: 'Old@1234', role: ROLE.user, companyId });
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.linkSent, payload: null });

    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toMatch(/reset your password/i);
    expect(mail.text).toContain(`${server.config.publicUrl}/account/reset-password?token=`);
    expect(mail.html).toContain('/account/reset-password?token=');
    const token = resetTokenOf(mail, server.config.publicUrl);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Only the hash is stored.
    const rows = await server.app.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);

    const done = await reset(token, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: messages.passwordReset, payload: null });
    await login(server, email, 'New@12345');
    const old = await call(server, 'POST', '/api/user/login', { body: { email, password: 'Old@1234' } });
    expect(old.status).toBe(401);

    const again = await reset(token, { newPassword: 'Other@123', confirmNewPassword: 'Other@123' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: messages.resetLinkInvalid, code: 'RESET_LINK_INVALID' });
    await login(server, email, 'New@12345');
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await forgot('nobody@rpa.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.linkSent, payload: null });
    expect(await mailsTo(server, 'nobody@rpa.test')).toHaveLength(0);
  });

  it('rejects a malformed or missing e-mail with the spec messages', async () => {
    const bad = await forgot('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: messages.emailInvalidShort,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'email', message: messages.emailInvalidShort }],
    });
    expect((await forgot('')).body.message).toBe(messages.emailRequired);
  });

  it('refuses an unknown or expired token, and an older link once a newer one was used', async () => {
    const unknown = await reset('A'.repeat(43), { newPassword: 'New@12345', confirmNewPassword: 'New@12345' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(messages.resetLinkInvalid);

    const email = 'expiring@rpa.test';
    await createUser(server, { email, password: 'Old@1234', role: ROLE.user, companyId });
    const token = await mailedToken(email);
    await server.app.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const expired = await reset(token, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(messages.resetLinkInvalid);

    const first = await mailedToken(email);
    const second = await mailedToken(email);
    expect((await reset(second, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' })).status).toBe(200);
    const older = await reset(first, { newPassword: 'Other@123', confirmNewPassword: 'Other@123' });
    expect(older.status).toBe(400);
    await login(server, email, 'New@12345');
  });

  it('answers every password rule with its spec message and keeps the link usable', async () => {
    const email = 'rules@rpa.test';
    await createUser(server, { email, password: 'Old@1234', role: ROLE.user, companyId });
    const token = await mailedToken(email);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ newPassword: '', confirmNewPassword: '' }, 'newPassword', messages.passwordRequired],
      [{ confirmNewPassword: 'Abc@1234' }, 'newPassword', messages.passwordRequired],
      [{ newPassword: 'Abc @1234', confirmNewPassword: 'Abc @1234' }, 'newPassword', messages.passwordNoSpaces],
      [{ newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' }, 'newPassword', messages.passwordComplexity],
      [{ newPassword: 'ABC@1234', confirmNewPassword: 'ABC@1234' }, 'newPassword', messages.passwordComplexity],
      [{ newPassword: 'Abcdefg1', confirmNewPassword: 'Abcdefg1' }, 'newPassword', messages.passwordComplexity],
      [{ newPassword: 'Ab@1', confirmNewPassword: 'Ab@1' }, 'newPassword', messages.passwordMin],
      [{ newPassword: 'Abc@12345678', confirmNewPassword: 'Abc@12345678' }, 'newPassword', 'ok'],
      [{ newPassword: 'Abc@123456789', confirmNewPassword: 'Abc@123456789' }, 'newPassword', messages.passwordMax],
      [
        { newPassword: 'Abc@1234', confirmNewPassword: 'Abc@1235' },
        'confirmNewPassword',
        messages.passwordsNotMatching,
      ],
      [{ newPassword: 'Abc@1234', confirmNewPassword: '' }, 'confirmNewPassword', messages.passwordRequired],
    ];
    for (const [body, field, message] of cases) {
      if (message === 'ok') continue; // 12 characters is allowed; checked below with the real reset
      const res = await reset(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    // All failing fields are listed, the first one's text is the message.
    const both = await reset(token, { newPassword: 'short', confirmNewPassword: 'other' });
    expect(both.body.errors).toEqual([
      { field: 'newPassword', message: messages.passwordComplexity },
      { field: 'confirmNewPassword', message: messages.passwordsNotMatching },
    ]);
    expect((await reset(token, { newPassword: 'Abc@12345678', confirmNewPassword: 'Abc@12345678' })).status).toBe(200);
    await login(server, email, 'Abc@12345678');
  });

  it('when logged in, requires and checks the old password', async () => {
    const email = 'changer@rpa.test';
    await createUser(server, { email, password: 'Old@1234', role: ROLE.user, companyId });
    const { token } = await login(server, email, 'Old@1234');
    const missing = await reset(token, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.oldPasswordRequired);
    expect(missing.body.errors).toContainEqual({ field: 'oldPassword', message: messages.oldPasswordRequired });
    const wrong = await reset(token, {
      oldPassword: 'Wrong@123',
      newPassword: 'New@12345',
      confirmNewPassword: 'New@12345',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: messages.oldPasswordWrong,
      errors: [{ field: 'oldPassword', message: messages.oldPasswordWrong }],
    });
    await login(server, email, 'Old@1234');
    const ok = await reset(token, {
      oldPassword: 'Old@1234',
      newPassword: 'New@12345',
      confirmNewPassword: 'New@12345',
    });
    expect(ok.status).toBe(200);
    await login(server, email, 'New@12345');
    expect((await call(server, 'POST', '/api/user/login', { body: { email, password: 'Old@1234' } })).status).toBe(401);
  });

  it('on first login, needs no old password and ends the first-login state', async () => {
    const email = 'newcomer@rpa.test';
    await createUser(server, { email, password: 'First@123', role: ROLE.user, companyId, isFirstLogin: true });
    const first = await login(server, email, 'First@123');
    expect(first.isFirstLogin).toBe(true);
    const ok = await reset(first.token, { newPassword: 'Mine@1234', confirmNewPassword: 'Mine@1234' });
    expect(ok.status).toBe(200);
    const next = await login(server, email, 'Mine@1234');
    expect(next.isFirstLogin).toBe(false);
  });

  it('needs a token at all, and refuses a forged login token', async () => {
    const none = await reset(undefined, { newPassword: 'New@12345', confirmNewPassword: 'New@12345' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: messages.unauthorized, code: 'UNAUTHORIZED' });
    const forged = await reset('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', {
      newPassword: 'New@12345',
      confirmNewPassword: 'New@12345',
    });
    expect(forged.status).toBe(401);
  });
});
