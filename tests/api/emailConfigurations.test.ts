import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { buildMailScene, gmailBody, type MailScene } from './mailWorld';

/*
 * E-mail configurations over HTTP: what a create stores (the preset's servers, the secret
 * encrypted), every message of a refused body (nothing written), and the secret in no answer,
 * audit row or log line — the server logs at trace level here, every line captured.
 */

const SECRET = 'zq-very-secret-app-password';
const SECRET_2 = 'zq-second-app-password';

describe('e-mail configurations', () => {
  let server: TestServer;
  let s: MailScene;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'trace' } });
    // Every log line of the app (its child loggers share the stream) is kept here, none printed.
    const stream = (server.app.log as unknown as Record<symbol, { write: (line: string) => boolean }>)[
      pino.symbols.streamSym
    ];
    stream.write = (line: string) => {
      logLines.push(line);
      return true;
    };
    s = await buildMailScene(server, 'ec');
  }, 180_000);
  afterAll(() => server?.close());

  const counts = async () => {
    const [row] = await server.app.database.queryRows(
      `select (select count(*) from email_configurations)::int as "configurations",
              (select count(*) from audit_log where resource = 'emailConfigurations')::int as "audits"`,
      [],
    );
    return row;
  };
  const stored = async (id: string) =>
    (await server.app.database.queryRows('select * from email_configurations where id = $1', [id]))[0];

  it('a Customer Admin creates one of their company: the preset servers stored, the secret encrypted', async () => {
    const res = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s, { secret: SECRET }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Email configuration created successfully!');
    expect(res.body.payload).toMatchObject({
      host: 'gmail',
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      imapSecure: true,
      smtpHost: 'smtp.gmail.com',
      smtpPort: 465,
      companyId: s.w.companyA,
      botName: 'Carla nightly',
      agentName: 'Acme runner',
      recipients: ['ops@acme.test'],
      status: 'active',
      watchState: 'stopped',
      watchError: null,
      lastCheckedAt: null,
    });
    expect(Object.keys(res.body.payload)).not.toContain('secret');
    expect(Object.keys(res.body.payload)).not.toContain('secretEncrypted');
    const row = await stored(String(res.body.payload.id));
    expect(row.secret_encrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it('a custom host keeps the servers typed; an update without a secret keeps the stored one', async () => {
    const body = gmailBody(s, {
      host: 'custom',
      imapHost: 'imap.acme.test',
      imapPort: 143,
      imapSecure: false,
      smtpHost: 'smtp.acme.test',
      smtpPort: 587,
      smtpSecure: false,
      secret: SECRET,
    });
    const made = await s.api('caA', 'POST', '/emailSchedule/create', body);
    expect(made.status, made.text).toBe(200);
    const id = String(made.body.payload.id);
    expect(made.body.payload).toMatchObject({ imapHost: 'imap.acme.test', imapPort: 143, smtpPort: 587 });
    const before = await stored(id);
    const renamed = await s.api('caA', 'PUT', `/emailSchedule/update/${id}`, { subjectLine: 'Handled', secret: '' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.message).toBe('Email configuration updated successfully!');
    expect((await stored(id)).secret_encrypted).toBe(before.secret_encrypted);
    const rekeyed = await s.api('caA', 'PUT', `/emailSchedule/update/${id}`, { secret: SECRET_2 });
    expect(rekeyed.status, rekeyed.text).toBe(200);
    expect((await stored(id)).secret_encrypted).not.toBe(before.secret_encrypted);
    // Back to a preset: its servers replace the typed ones.
    const gmail = await s.api('caA', 'PUT', `/emailSchedule/update/${id}`, { host: 'gmail' });
    expect(gmail.body.payload).toMatchObject({ imapHost: 'imap.gmail.com', smtpHost: 'smtp.gmail.com' });
  });

  const errorsOf = async (who: 'caA' | 'super', body: unknown, method = 'POST', url = '/emailSchedule/create') => {
    const before = await counts();
    const res = await s.api(who, method, url, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(res.body.errors?.[0]?.message);
    expect(await counts()).toEqual(before);
    return res.body.errors;
  };

  it('an empty body: every message of the form, nothing written', async () => {
    expect(await errorsOf('caA', {})).toEqual([
      { field: 'host', message: 'Please select host!' },
      { field: 'email', message: 'Please input Email!' },
      { field: 'secret', message: 'Please input secret!' },
      { field: 'botId', message: 'Please select configuration!' },
      { field: 'agentId', message: 'Please select configuration!' },
      { field: 'operation', message: 'Please select operation!' },
      { field: 'criteria', message: 'Please select criteria!' },
      { field: 'criteriaValue', message: 'Please input criteria value!' },
      { field: 'subjectLine', message: 'Please input subject line!' },
      { field: 'text', message: 'Please input subject text!' },
    ]);
  });

  it.each([
    ['host', { host: '' }, 'Please select host!'],
    ['secret', { secret: '' }, 'Please input secret!'],
    ['botId', { botId: '' }, 'Please select configuration!'],
    ['operation', { operation: '' }, 'Please select operation!'],
    ['criteria', { criteria: '' }, 'Please select criteria!'],
    ['criteriaValue', { criteriaValue: '   ' }, 'Please input criteria value!'],
    ['subjectLine', { subjectLine: '' }, 'Please input subject line!'],
    ['text', { text: '' }, 'Please input subject text!'],
    ['email', { email: 'not-an-address' }, 'Please enter valid email address!'],
    [
      'recipients',
      { recipients: Array.from({ length: 11 }, (_, i) => `r${i}@acme.test`) },
      'Only 10 recipients are allowed!',
    ],
    ['recipients', { recipients: ['ops@acme.test', 'nobody'] }, 'Please enter valid email address!'],
  ])('%s: %j → %s', async (field, change, message) => {
    expect(await errorsOf('caA', gmailBody(s, change))).toEqual([{ field, message }]);
  });

  it('a custom host needs its servers', async () => {
    const errors = await errorsOf('caA', gmailBody(s, { host: 'custom' }));
    expect(errors).toEqual([
      { field: 'imapHost', message: 'Please input the IMAP and SMTP host names and ports of the custom host!' },
    ]);
  });

  it('the bot and the agent must be of the configuration’s company', async () => {
    expect(await errorsOf('super', gmailBody(s, { companyId: s.w.companyA, botId: s.bots.caB }))).toEqual([
      { field: 'botId', message: "The bot must belong to the configuration's company!" },
    ]);
    expect(await errorsOf('super', gmailBody(s, { companyId: s.w.companyA, agentId: s.agents.B }))).toEqual([
      { field: 'agentId', message: "The agent must belong to the configuration's company!" },
    ]);
    // A plain User schedules the bots they see only: the Customer Admin's bot is not theirs.
    const res = await s.api('userA', 'POST', '/emailSchedule/create', gmailBody(s));
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'botId', message: "The bot must belong to the configuration's company!" },
    ]);
    const own = await s.api('userA', 'POST', '/emailSchedule/create', gmailBody(s, { botId: s.bots.userA }));
    expect(own.status, own.text).toBe(200);
  });

  it('the update of a configuration: the same messages, nothing written', async () => {
    const made = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s));
    const url = `/emailSchedule/update/${String(made.body.payload.id)}`;
    expect(await errorsOf('caA', { subjectLine: '' }, 'PUT', url)).toEqual([
      { field: 'subjectLine', message: 'Please input subject line!' },
    ]);
    expect(await errorsOf('caA', { watchState: 'watching' }, 'PUT', url)).toEqual([
      { field: 'watchState', message: 'watchState cannot be changed' },
    ]);
  });

  it('the secret is in no answer of any route, no audit row and no log line', async () => {
    const made = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s, { secret: SECRET }));
    const id = String(made.body.payload.id);
    await s.api('caA', 'PUT', `/emailSchedule/update/${id}`, { secret: SECRET_2, status: 'inactive' });
    const answers = [
      made.text,
      (await s.api('caA', 'GET', '/emailSchedule/all')).text,
      (await s.api('super', 'GET', '/emailSchedule/all?limit=100')).text,
      (await s.api('caA', 'GET', '/emailSchedule/names')).text,
      (await s.api('caA', 'GET', `/emailSchedule/details/${id}`)).text,
      (await s.api('caA', 'GET', '/emailSchedule/all/names')).text,
      (await s.api('caA', 'POST', '/emailSchedule/check-connection', { id })).text,
      (await s.api('caA', 'DELETE', `/emailSchedule/delete/${id}`)).text,
      (await s.api('super', 'GET', '/audit/all?resource=emailConfigurations&limit=100')).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(SECRET_2);
      expect(text).not.toMatch(/"secret(Encrypted)?"/);
    }
    const audits = await server.app.database.queryRows(
      `select changes::text as changes from audit_log where resource = 'emailConfigurations'`,
      [],
    );
    expect(audits.length).toBeGreaterThan(3);
    for (const row of audits) expect(String(row.changes)).not.toMatch(/zq-|secret/i);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((line) => line.includes('zq-'))).toEqual([]);
  });
});
