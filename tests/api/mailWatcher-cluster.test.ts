import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, setUpCompany } from './agentWorld';
import { dovecotMissing, startDovecot, type MailServer } from './dovecot';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
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
const clustered = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

/**
 * Two server nodes on one PostgreSQL database and one Redis both watch the same mailbox, each
 * with its own IMAP session: every matching mail runs its bot once, and is answered once.
 */
describe.skipIf(missing !== undefined || !clustered)('the mail watcher on two nodes (PostgreSQL + Redis)', () => {
  let database: TestDatabase;
  let nodeA: TestServer;
  let nodeB: TestServer;
  let dovecot: MailServer;
  let smtp: SmtpReceiver;
  let agent: ProtocolAgent;
  let companyId: string;
  let configurationId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dovecot = await startDovecot('robot@mail.test');
    smtp = await startSmtpReceiver();
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      JWT_SECRET: 'shared-secret-of-both-nodes-0123456789',
      MAIL_WATCHER: 'on',
    };
    const redisKey = `rpa-test-${randomBytes(4).toString('hex')}`;
    nodeA = await startServer({ database, env, redisKey });
    nodeB = await startServer({ database, env, redisKey });
    const api = await asAdmin(nodeB);
    const company = await setUpCompany(api, 'Two Mailrooms Ltd');
    companyId = company.companyId;
    const { agentId, secret } = await newAgent(nodeA, api, companyId, 'MAIL-CLUSTER-1');
    agent = await connectAgent(nodeA.baseUrl, agentId, secret);
    completeEveryRun(agent);
    agent.ready();
    // Made on node B: node A hears of it through Redis.
    configurationId = await createMailConfiguration(api, {
      companyId,
      botId: company.bots.js,
      agentId,
      dovecot,
      smtpPort: smtp.port,
    });
    await eventually(
      async () => ((await dovecot.connections()) === 2 ? true : undefined),
      'a session per node',
      20_000,
    );
    await eventually(
      async () => ((await healthOf(nodeA, configurationId)).watchState === 'watching' ? true : undefined),
      'watching',
    );
  }, 120_000);

  afterAll(async () => {
    agent?.close();
    await nodeA?.close().catch(() => undefined);
    await nodeB?.close().catch(() => undefined);
    await smtp?.close();
    await dovecot?.close();
    await database?.drop();
  });

  it('runs each of 12 mails arriving in the same second exactly once, and answers each once', async () => {
    const subjects = Array.from({ length: 12 }, (_, i) => `Invoice ${i + 1} of the burst`);
    await Promise.all(
      subjects.map((subject, i) =>
        dovecot.deliver(rawMail({ from: `client${i}@customer.test`, to: 'robot@mail.test', subject, body: 'Pay me' })),
      ),
    );
    await eventually(
      async () => ((await mailRunsOf(nodeA, configurationId)).length >= 12 ? true : undefined),
      '12 runs',
      30_000,
    );
    await eventually(() => (smtp.received.length >= 12 ? true : undefined), '12 replies', 30_000);
    await Promise.all([nodeA.app.runtime.dispatcher.idle(), nodeB.app.runtime.dispatcher.idle()]);
    const runs = await mailRunsOf(nodeA, configurationId);
    expect(runs.map((r) => r.subject).sort()).toEqual([...subjects].sort());
    expect(await emailProcessCount(nodeA, companyId)).toBe(12);
    // Each sender is answered once: no node replies to a run the other took.
    const answered = smtp.received.flatMap((m) => m.envelopeTo.filter((to) => to.startsWith('client')));
    expect(answered.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `client${i}@customer.test`).sort());
    // One session per node, however the burst went.
    expect(await dovecot.connections()).toBe(2);
  }, 60_000);

  it('resumes after every node stopped: the mails that came meanwhile run once, the earlier ones not again', async () => {
    const before = (await mailRunsOf(nodeA, configurationId)).length;
    await nodeB.close();
    await nodeA.close();
    await eventually(async () => ((await dovecot.connections()) === 0 ? true : undefined), 'no session left');
    const subjects = ['Invoice while down 1', 'Invoice while down 2', 'Invoice while down 3'];
    for (const subject of subjects)
      await dovecot.deliver(rawMail({ from: 'late@customer.test', to: 'robot@mail.test', subject, body: 'Pay me' }));
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      JWT_SECRET: 'shared-secret-of-both-nodes-0123456789',
      MAIL_WATCHER: 'on',
    };
    nodeA = await startServer({ database, env, redisKey: `rpa-test-${randomBytes(4).toString('hex')}` });
    const runs = await eventually(
      async () => {
        const list = await mailRunsOf(nodeA, configurationId);
        return list.length >= before + 3 ? list : undefined;
      },
      'the three mails run',
      30_000,
    );
    await nodeA.app.runtime.dispatcher.idle();
    expect(runs.slice(before).map((r) => r.subject)).toEqual(subjects);
    expect(await emailProcessCount(nodeA, companyId)).toBe(before + 3);
  }, 60_000);
});
