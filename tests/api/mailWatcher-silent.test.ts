import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, setUpCompany } from './agentWorld';
import { dovecotMissing, startDovecot, type MailServer } from './dovecot';
import { startServer, type TestServer } from './helpers';
import { createMailConfiguration, emailProcessCount, healthOf, mailRunsOf, rawMail } from './mailWatchWorld';
import { eventually } from './protocolAgent';
import { newAgent } from './schedulerWorld';

const run = promisify(execFile);
const missing = dovecotMissing();
if (missing && process.env.CI === 'true') throw new Error(missing);

/** The pids of the imap processes serving the user (doveadm who -1: one line per session). */
async function imapPids(dovecot: MailServer): Promise<number[]> {
  const { stdout } = await run('/usr/bin/doveadm', ['-c', path.join(dovecot.dir, 'dovecot.conf'), 'who', '-1'], {
    timeout: 10_000,
  });
  return stdout
    .split('\n')
    .slice(1)
    .filter((line) => line.trim().startsWith(`${dovecot.user} `) && /\bimap\b/.test(line))
    .flatMap((line) =>
      line
        .trim()
        .split(/\s+/)
        .filter((t) => /^\d+$/.test(t))
        .map(Number),
    );
}

/**
 * A connection that goes silent (the server's process frozen: no answer, no close) is noticed
 * by the session's own check and replaced, and the mail that arrives meanwhile runs once. The
 * check runs every 2 s here (MAIL_WATCHER_CHECK_SECONDS) instead of every minute.
 */
describe.skipIf(missing !== undefined)('the mail watcher and a silent connection', () => {
  let dovecot: MailServer;
  let server: TestServer;
  let frozen: number[] = [];

  beforeAll(async () => {
    dovecot = await startDovecot('silent@mail.test');
    server = await startServer({ env: { MAIL_WATCHER: 'on', MAIL_WATCHER_CHECK_SECONDS: '2' } });
  }, 60_000);

  afterAll(async () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    await server?.close();
    await dovecot?.close();
  });

  it('drops a connection that stops answering, reconnects, and runs the mail that came meanwhile once', async () => {
    const api = await asAdmin(server);
    const { companyId, bots } = await setUpCompany(api, 'Silent Ltd');
    const { agentId } = await newAgent(server, api, companyId, 'SILENT-1');
    const id = await createMailConfiguration(api, { companyId, botId: bots.js, agentId, dovecot, smtpPort: 9 });
    await eventually(
      async () => ((await healthOf(server, id)).watchState === 'watching' ? true : undefined),
      'watching',
    );
    const [pid] = await eventually(async () => {
      const pids = await imapPids(dovecot);
      return pids.length === 1 ? pids : undefined;
    }, 'the session’s imap process');
    // Frozen: its socket stays open, nothing answers.
    process.kill(pid, 'SIGSTOP');
    frozen = [pid];
    await dovecot.deliver(
      rawMail({ from: 'a@customer.test', to: dovecot.user, subject: 'Invoice while silent', body: 'x' }),
    );
    const runs = await eventually(
      async () => {
        const list = await mailRunsOf(server, id);
        return list.length >= 1 ? list : undefined;
      },
      'the mail run through a new connection',
      20_000,
    );
    expect(runs.map((r) => r.subject)).toEqual(['Invoice while silent']);
    // The new connection takes the mail that came meanwhile first, and only then reports that it
    // is watching again: the run can be there a moment before the state says so.
    await eventually(
      async () => ((await healthOf(server, id)).watchState === 'watching' ? true : undefined),
      'watching again',
    );
    // The new session is another process; the frozen one ends once it can see its client left.
    process.kill(pid, 'SIGCONT');
    frozen = [];
    await eventually(async () => {
      const pids = await imapPids(dovecot);
      return pids.length === 1 && pids[0] !== pid ? true : undefined;
    }, 'one session, the new one');
    expect(await emailProcessCount(server, companyId)).toBe(1);
  }, 60_000);
});
