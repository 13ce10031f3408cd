import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { CONTROLROOM_ROOM, PROCESS_STATUS, type LiveNotification } from '../../src/domain';
import { forgetOldClaims } from '../../server/mailbox/watcher/sql';
import { asAdmin, setUpCompany, type Api } from './agentWorld';
import { dovecotMissing, startDovecot, type MailServer } from './dovecot';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from './helpers';
import {
  completeEveryRun,
  createMailConfiguration,
  emailProcessCount,
  healthOf,
  mailRunsOf,
  rawMail,
  startSmtpReceiver,
  type SmtpReceiver,
} from './mailWatchWorld';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { newAgent } from './schedulerWorld';

const missing = dovecotMissing();
if (missing && process.env.CI === 'true') throw new Error(missing);

/**
 * The mail watcher against a real IMAP server (dovecot on loopback) and a real SMTP receiver:
 * matching mails run the configured bot once each, others run nothing, the reply reaches the
 * sender and the recipients, and the watcher lives through the server going away.
 */
describe.skipIf(missing !== undefined)('the mail watcher', () => {
  let dovecot: MailServer;
  let smtp: SmtpReceiver;
  let server: TestServer;
  let api: Api;
  let agent: ProtocolAgent;
  let companyId: string;
  let configurationId: string;
  let botId: string;
  const sender = 'Jane Sender <jane@customer.test>';
  const deliver = (subject: string, body = 'Please see the attached invoice.') =>
    dovecot.deliver(rawMail({ from: sender, to: dovecot.user, subject, body }));
  const runs = () => mailRunsOf(server, configurationId);
  const runsReach = (count: number, timeoutMs = 15_000) =>
    eventually(
      async () => {
        const list = await runs();
        return list.length >= count ? list : undefined;
      },
      `${count} mail runs`,
      timeoutMs,
    );
  const state = (wanted: string, timeoutMs = 15_000) =>
    eventually(
      async () => {
        const health = await healthOf(server, configurationId);
        return health.watchState === wanted ? health : undefined;
      },
      `the configuration ${wanted}`,
      timeoutMs,
    );

  beforeAll(async () => {
    dovecot = await startDovecot('robot@mail.test');
    smtp = await startSmtpReceiver();
    server = await startServer({ env: { MAIL_WATCHER: 'on' } });
    api = await asAdmin(server);
    const company = await setUpCompany(api, 'Mailroom Ltd');
    companyId = company.companyId;
    botId = company.bots.js;
    const { agentId, secret } = await newAgent(server, api, companyId, 'MAILROOM-1');
    agent = await connectAgent(server.baseUrl, agentId, secret);
    completeEveryRun(agent);
    agent.ready();
    // A mail already in the mailbox before the configuration exists is not new.
    await deliver('Invoice from last year');
    configurationId = await createMailConfiguration(api, {
      companyId,
      botId,
      agentId,
      dovecot,
      smtpPort: smtp.port,
    });
    await state('watching');
  }, 60_000);

  afterAll(async () => {
    agent?.close();
    await server?.close();
    await smtp?.close();
    await dovecot?.close();
  });

  it('runs the bot once for a matching mail, with the mail as parameters, and replies with the outcome', async () => {
    await deliver('Invoice 2024-117', 'Hello,\nplease pay invoice 2024-117.\nJane');
    const [run] = await runsReach(1);
    expect(run.source).toBe('email');
    const values = Object.fromEntries(run.parameters.map((p) => [p.name, p.value]));
    expect(values.from).toBe('Jane Sender <jane@customer.test>');
    expect(values.subject).toBe('Invoice 2024-117');
    expect(values.body).toBe('Hello,\nplease pay invoice 2024-117.\nJane');
    expect(Date.now() - Date.parse(values.receivedAt)).toBeLessThan(60_000);
    const reply = await eventually(
      () => smtp.received.find((m) => m.envelopeTo.includes('jane@customer.test')),
      'the reply',
    );
    expect(reply.envelopeTo.sort()).toEqual(['accounting@rpa.test', 'jane@customer.test']);
    expect(reply.user).toBe(dovecot.user);
    expect(reply.subject).toBe('Your invoice was handled');
    expect(reply.text).toContain('Thank you, the robot took care of it.');
    expect(reply.text).toContain('Status: Executed');
    expect(reply.text).toMatch(/Duration: \d+ s/);
    expect(reply.text).toContain('handling "Invoice 2024-117"');
    expect(reply.text).toContain('all done');
    expect((await runs()).map((r) => r.status)).toEqual([PROCESS_STATUS.executed]);
    // The old mail that was there before the configuration ran nothing.
    expect(await emailProcessCount(server, companyId)).toBe(1);
  }, 30_000);

  it('runs nothing for a mail that does not match', async () => {
    const before = await emailProcessCount(server, companyId);
    await deliver('Lunch on Friday?', 'No invoices here.');
    // Then a matching one: once it has run, the mail before it has been seen too.
    await deliver('invoice 2024-118');
    await runsReach(2);
    expect((await runs()).map((r) => r.subject)).toEqual(['Invoice 2024-117', 'invoice 2024-118']);
    expect(await emailProcessCount(server, companyId)).toBe(before + 1);
  }, 30_000);

  it('runs each of several mails arriving in the same second exactly once', async () => {
    const before = (await runs()).length;
    await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(`Invoice batch ${i}`)));
    await runsReach(before + 8);
    await server.app.runtime.dispatcher.idle();
    const list = await runs();
    expect(list).toHaveLength(before + 8);
    expect(new Set(list.map((r) => r.subject)).size).toBe(before + 8);
    expect(await emailProcessCount(server, companyId)).toBe(before + 8);
    expect(await dovecot.connections()).toBe(1);
  }, 30_000);

  it('recovers after the IMAP server stops and starts: retrying, then watching, the mail sent meanwhile run once', async () => {
    const before = (await runs()).length;
    await dovecot.stop();
    const failed = await state('retrying');
    expect(failed.watchError).toBeTruthy();
    await deliver('Invoice sent during the outage');
    await dovecot.start();
    const back = await state('watching', 30_000);
    expect(back.watchError).toBeNull();
    const list = await runsReach(before + 1, 30_000);
    expect(list.at(-1)?.subject).toBe('Invoice sent during the outage');
    // A few reconnections later, still one session for the mailbox.
    await eventually(async () => ((await dovecot.connections()) === 1 ? true : undefined), 'one IMAP session');
    expect(await emailProcessCount(server, companyId)).toBe(before + 1);
  }, 60_000);

  it('forgets claims past the retention but where it resumes, and runs a new mail once after', async () => {
    const processes = await emailProcessCount(server, companyId);
    const claims = async () =>
      (await server.app.database.queryRows(
        `select uid::int as "uid" from email_messages where configuration_id = $1 order by uid`,
        [configurationId],
      )) as unknown as { uid: number }[];
    const all = await claims();
    await server.app.database.queryRows(
      `update email_messages set created_at = now() - interval '400 days' where configuration_id = $1`,
      [configurationId],
    );
    while ((await forgetOldClaims(server.app.database, 90)) > 0);
    expect(await claims()).toEqual([all.at(-1)]);
    // The runs stay: only the claims of mails that will not be read again went.
    expect(await emailProcessCount(server, companyId)).toBe(processes);
    const kept = (await runs()).length;
    await deliver('Invoice after the clean-up');
    const list = await runsReach(kept + 1);
    expect(list.at(-1)?.subject).toBe('Invoice after the clean-up');
    expect(await emailProcessCount(server, companyId)).toBe(processes + 1);
  }, 30_000);

  it('shows failing with the server’s reason for a wrong password, and tells the browsers live', async () => {
    const { agentId } = await newAgent(server, api, companyId, 'MAILROOM-2');
    // A Super Admin's browser, in the control room: the list refreshes on these events.
    const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const browser = connect(server.baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
    const changed: string[] = [];
    browser.on('message', (n: LiveNotification) => {
      if (n.type === 'emailConfigurationChanged') changed.push(n.data.id);
    });
    const joined = (await browser.emitWithAck('join-room', {
      token: admin.token,
      roomId: CONTROLROOM_ROOM,
      userId: admin.user.id,
    })) as { ok: boolean };
    expect(joined.ok).toBe(true);
    const id = await createMailConfiguration(api, {
      companyId,
      botId,
      agentId,
      dovecot,
      smtpPort: smtp.port,
      secret: 'not-the-password',
    });
    const health = await eventually(
      async () => {
        const h = await healthOf(server, id);
        return h.watchState === 'failing' ? h : undefined;
      },
      'the wrong secret failing',
      20_000,
    );
    expect(health.watchError).toMatch(/authentication failed/i);
    expect(health.lastCheckedAt).toBeNull();
    await eventually(() => (changed.includes(id) ? true : undefined), 'the live notice of its health');
    browser.disconnect();
  }, 40_000);
});
