import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type MailServer } from './dovecot';
import { startServer, type TestServer } from './helpers';
import { buildMailScene, gmailBody, type MailScene } from './mailWorld';

/*
 * Who may use e-mail configurations beyond the permission table (company people need e-mail
 * scheduling on their account; a Sub Admin leaves a Super Admin's configurations alone), and
 * the connection check over HTTP against a private dovecot and an SMTP server on loopback.
 */

const missing = dovecotMissing();
const skipMail = missing !== undefined && process.env.CI !== 'true';
const USER = 'robot@mail.test';
const PASS = 'app-secret-1';

describe('e-mail configurations: access and the connection check', () => {
  let server: TestServer;
  let s: MailScene;

  beforeAll(async () => {
    server = await startServer();
    s = await buildMailScene(server, 'ma');
  }, 180_000);
  afterAll(() => server?.close());

  it('a User without e-mail scheduling gets 403 on every route, even with a bad body', async () => {
    const made = await s.api(
      'caB',
      'POST',
      '/emailSchedule/create',
      gmailBody(s, { botId: s.bots.caB, agentId: s.agents.B }),
    );
    expect(made.status, made.text).toBe(200);
    const id = String(made.body.payload.id);
    const routes: [string, string, unknown?][] = [
      ['GET', '/emailSchedule/all'],
      ['GET', '/emailSchedule/names'],
      ['GET', '/emailSchedule/all/names'],
      ['GET', `/emailSchedule/details/${id}`],
      ['POST', '/emailSchedule/create', {}],
      ['PUT', `/emailSchedule/update/${id}`, { status: 'inactive' }],
      ['DELETE', `/emailSchedule/delete/${id}`],
      ['POST', '/emailSchedule/check-connection', { id }],
    ];
    for (const [method, url, body] of routes) {
      const res = await s.api('userB', method, url, body);
      expect([method, url, res.status, res.body.message]).toEqual([
        method,
        url,
        403,
        'E-mail scheduling is not enabled for your account, contact admin!',
      ]);
    }
    // Once enabled, the same User reads their company's configurations.
    const on = await s.api('super', 'PUT', `/user/update/${s.w.people.userB.id}`, { enabledEmailSchedule: true });
    expect(on.status, on.text).toBe(200);
    expect((await s.api('userB', 'GET', '/emailSchedule/all')).status).toBe(200);
  });

  it('a Sub Admin updates a Customer Admin’s configuration, not a Super Admin’s, and deletes none', async () => {
    const byCa = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s));
    const bySuper = await s.api('super', 'POST', '/emailSchedule/create', gmailBody(s, { companyId: s.w.companyA }));
    expect(bySuper.status, bySuper.text).toBe(200);
    const ok = await s.api('sub', 'PUT', `/emailSchedule/update/${String(byCa.body.payload.id)}`, {
      status: 'inactive',
    });
    expect(ok.status, ok.text).toBe(200);
    const refused = await s.api('sub', 'PUT', `/emailSchedule/update/${String(bySuper.body.payload.id)}`, {
      status: 'inactive',
    });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'A Sub Admin can not update an email configuration created by a Super Admin!',
    ]);
    const gone = await s.api('sub', 'DELETE', `/emailSchedule/delete/${String(byCa.body.payload.id)}`);
    expect(gone.status).toBe(403);
    // The Super Admin's own update still works.
    const own = await s.api('super', 'PUT', `/emailSchedule/update/${String(bySuper.body.payload.id)}`, {
      status: 'inactive',
    });
    expect(own.status, own.text).toBe(200);
  });

  it('the host list: every preset with its servers and the key of its instructions', async () => {
    const res = await s.api<{ id: string; imap: { host: string } }[]>('userA', 'GET', '/emailSchedule/all/names');
    expect(res.status, res.text).toBe(200);
    expect(res.body.payload.map((h) => h.id)).toEqual(['gmail', 'outlook', 'yahoo', 'custom']);
    expect(res.body.payload[0]).toMatchObject({
      label: 'Gmail',
      imap: { host: 'imap.gmail.com', port: 993, secure: true },
      smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
      instructionsKey: 'resources.emailConfigurations.instructions.gmail',
    });
  });

  it('check-connection: the form’s messages when a setting is missing', async () => {
    const res = await s.api('caA', 'POST', '/emailSchedule/check-connection', {});
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'host', message: 'Please select host!' },
      { field: 'email', message: 'Please input Email!' },
      { field: 'secret', message: 'Please input secret!' },
    ]);
    const other = await s.api('caB', 'POST', '/emailSchedule/check-connection', {
      id: String((await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s))).body.payload.id),
    });
    expect(other.status).toBe(404);
  });

  describe.skipIf(skipMail)('against dovecot and an SMTP server on loopback', () => {
    let dovecot: MailServer;
    let smtp: SMTPServer;
    let smtpPort = 0;

    beforeAll(async () => {
      if (missing) throw new Error(missing);
      dovecot = await startDovecot(USER, PASS);
      smtp = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === USER && auth.password === PASS) callback(null, { user: auth.username });
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

    const local = (extra: Record<string, unknown> = {}) => ({
      host: 'custom',
      email: USER,
      secret: PASS,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapSecure: false,
      smtpHost: '127.0.0.1',
      smtpPort,
      smtpSecure: false,
      ...extra,
    });
    interface Checked {
      message: string;
      data: { ok: boolean; imap: { ok: boolean; message: string }; smtp: { ok: boolean; message: string } };
    }
    const check = async (body: unknown) => {
      const res = await s.api('caA', 'POST', '/emailSchedule/check-connection', body);
      expect(res.status, res.text).toBe(200);
      return res.body as unknown as Checked;
    };

    it('succeeds with the form’s settings', async () => {
      const res = await check(local());
      expect(res.message).toBe('Connection successful! IMAP and SMTP logins work.');
      expect(res.data).toMatchObject({ ok: true, imap: { ok: true }, smtp: { ok: true } });
    });

    it('a wrong secret: the servers’ own reasons', async () => {
      const res = await check(local({ secret: 'not-the-password' }));
      expect(res.data.ok).toBe(false);
      expect(res.data.imap.message).toMatch(/Authentication failed/);
      expect(res.data.smtp.message).toMatch(/^535 .*Invalid username or password/);
      expect(res.message).toMatch(/^IMAP: .*Authentication failed/);
      expect(JSON.stringify(res)).not.toContain('not-the-password');
    });

    it('unknown host and refused port', async () => {
      const unknown = await check(local({ imapHost: 'nowhere.invalid', smtpHost: 'nowhere.invalid' }));
      expect(unknown.data.imap.message).toBe('Unknown host: nowhere.invalid (ENOTFOUND).');
      const refused = await check(local({ imapPort: 1, smtpPort: 1 }));
      expect(refused.data.imap.message).toBe('Connection refused by 127.0.0.1:1 (ECONNREFUSED).');
      expect(refused.data.smtp.message).toBe('Connection refused by 127.0.0.1:1 (ECONNREFUSED).');
    });

    it('a stored configuration is checked with its stored secret, or the one the form types', async () => {
      const made = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s, local()));
      expect(made.status, made.text).toBe(200);
      const id = String(made.body.payload.id);
      expect((await check({ id })).data.ok).toBe(true);
      expect((await check({ id, secret: 'typed-wrong' })).data.imap.message).toMatch(/Authentication failed/);
    });
  });
});
