import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMailbox, type MailboxSettings } from '../../server/mailbox/check';
import { dovecotMissing, startDovecot, type MailServer } from './dovecot';

/*
 * The connection check logs in for real: a private dovecot on loopback for IMAP, an smtp-server
 * with its own login for SMTP. Each failure shows the server's own reason or the network's.
 */

const missing = dovecotMissing();
// On CI the IMAP server must be there: its absence fails instead of skipping.
const skip = missing !== undefined && process.env.CI !== 'true';

const SMTP_USER = 'robot@mail.test';
const SMTP_PASS = 'app-secret-1';

describe.skipIf(skip)('checkMailbox against dovecot and an SMTP server on loopback', () => {
  let dovecot: MailServer;
  let smtp: SMTPServer;
  let smtpPort = 0;

  beforeAll(async () => {
    if (missing) throw new Error(missing);
    dovecot = await startDovecot(SMTP_USER, SMTP_PASS);
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await dovecot?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const settings = (extra: Partial<MailboxSettings> = {}): MailboxSettings => ({
    email: SMTP_USER,
    secret: SMTP_PASS,
    imap: { host: '127.0.0.1', port: dovecot.port, secure: false },
    smtp: { host: '127.0.0.1', port: smtpPort, secure: false },
    ...extra,
  });

  it('succeeds with the right secret', async () => {
    const result = await checkMailbox(settings());
    expect(result.imap).toEqual({ ok: true, message: expect.stringMatching(/^IMAP login succeeded/) });
    expect(result.smtp).toEqual({ ok: true, message: 'SMTP login succeeded.' });
    expect(result).toMatchObject({ ok: true, message: 'Connection successful! IMAP and SMTP logins work.' });
  });

  it('a wrong secret: each server says why, in its own words', async () => {
    const result = await checkMailbox(settings({ secret: 'wrong-secret' }));
    expect(result.ok).toBe(false);
    expect(result.imap.message).toMatch(/Authentication failed/);
    expect(result.smtp.message).toMatch(/535.*Invalid username or password/);
    expect(result.message).toMatch(/^IMAP: .*Authentication failed.* SMTP: 535/);
    expect(result.message).not.toContain('wrong-secret');
  });

  it('an unknown host', async () => {
    const host = 'no-such-host.invalid';
    const result = await checkMailbox(
      settings({ imap: { host, port: 993, secure: true }, smtp: { host, port: 465, secure: true } }),
    );
    expect(result.ok).toBe(false);
    expect(result.imap.message).toBe(`Unknown host: ${host} (ENOTFOUND).`);
    expect(result.smtp.message).toMatch(/no-such-host\.invalid/);
  });

  it('a refused port', async () => {
    const closed = { host: '127.0.0.1', port: 1, secure: false };
    const result = await checkMailbox(settings({ imap: closed, smtp: closed }));
    expect(result.imap.message).toBe('Connection refused by 127.0.0.1:1 (ECONNREFUSED).');
    expect(result.smtp.message).toBe('Connection refused by 127.0.0.1:1 (ECONNREFUSED).');
  });

  it('TLS asked of a server that speaks plain text', async () => {
    const result = await checkMailbox(
      settings({
        imap: { host: '127.0.0.1', port: dovecot.port, secure: true },
        smtp: { host: '127.0.0.1', port: smtpPort, secure: true },
      }),
    );
    expect(result.ok).toBe(false);
    expect(result.imap.message).toMatch(/^TLS failed with 127\.0\.0\.1:\d+/);
    expect(result.smtp.message).toMatch(/^TLS failed with 127\.0\.0\.1:\d+/);
  });

  it('a server that never answers: failed within the deadline', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const result = await checkMailbox(
      settings({ imap: { host: '127.0.0.1', port, secure: false }, smtp: { host: '127.0.0.1', port, secure: false } }),
      2000,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.ok).toBe(false);
    expect(result.imap.message).toMatch(/127\.0\.0\.1/);
    silent.close();
  });
});
