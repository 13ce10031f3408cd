import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ROLE } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import { call, login, startServer, type TestServer } from './helpers';
import { parseMail, resetTokenOf, type ParsedMail } from './mail';

interface Received extends ParsedMail {
  envelopeTo: string[];
}

describe('mail through a real SMTP server', () => {
  let smtp: SMTPServer;
  let server: TestServer;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            ...parseMail(Buffer.concat(chunks).toString('utf8')),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Control Room <robot@rpa.test>' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset link over SMTP, and the link works', async () => {
    const company = await createCompany(server, 'Acme');
    await createUser(server, {
      email: 'smtp-user@rpa.test',
      password: 'Old@1234',
      role: ROLE.user,
      companyId: company,
    });
    const res = await call(server, 'POST', '/api/account/forgot-password', { body: { email: 'smtp-user@rpa.test' } });
    expect(res.body.message).toBe(messages.linkSent);
    await server.app.mailer.drain();

    const mail = received.find((m) => m.envelopeTo.includes('smtp-user@rpa.test'));
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.subject).toMatch(/reset your password/i);
    expect(mail.html).toContain('Reset password');
    const reset = await call(server, 'POST', '/api/account/reset-password', {
      token: resetTokenOf(mail, server.config.publicUrl),
      body: { newPassword: 'New@12345', confirmNewPassword: 'New@12345' },
    });
    expect(reset.status).toBe(200);
    await login(server, 'smtp-user@rpa.test', 'New@12345');
    // With SMTP configured nothing goes to the outbox folder.
    expect(existsSync(server.outboxDir)).toBe(false);
  });
});

describe('an unreachable SMTP server', () => {
  let server: TestServer;
  beforeAll(async () => {
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => server?.close());

  it('does not change the answer of forgot-password (the failure is logged)', async () => {
    await createUser(server, { email: 'unlucky@rpa.test', password: 'Old@1234', role: ROLE.superAdmin });
    const res = await call(server, 'POST', '/api/account/forgot-password', { body: { email: 'unlucky@rpa.test' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.linkSent);
    await server.app.mailer.drain();
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });
});
