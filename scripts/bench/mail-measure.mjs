// The mail bench's measuring run (scripts/bench/mail.mjs starts it with `node --import tsx`: it
// uses the tests' loopback dovecot, tests/api/dovecot.ts). The built server as `npm start` runs
// it, on a throwaway PostgreSQL database; a private dovecot with MAILBOXES users. First the
// server's RSS with no configuration, then with one active configuration per mailbox, all
// watching (the difference is what watching them costs); then MAILS matching mails delivered one
// after another into one of them, each one's arrival → its process row (the row's own
// created_at, the database's clock on this machine). Prints one JSON line: the figures.
import { setTimeout as sleep } from 'node:timers/promises';
import { inspectorUrl, liveMemoryOf } from './live-memory.mjs';
import { memoryOf } from './proc.mjs';
import { login, now, openDatabase, seedFixtures, startApp, until } from './runtime-kit.mjs';

const MAILBOXES = Number(process.env.BENCH_MAIL_BOXES ?? 100);
const MAILS = Number(process.env.BENCH_MAIL_COUNT ?? 200);
/** Between two deliveries: a steady stream, each mail its own IDLE wake-up. */
const GAP_MS = 100;
/** After a change of load, before RSS is read: the start's and the sessions' allocations settle. */
const SETTLE_MS = 20_000;

const { startDovecot } = await import('../../tests/api/dovecot.ts');
const log = (line) => process.stderr.write(`  ${line}\n`);

/** The median of a few readings of the server's RSS, a second apart (MiB). */
async function rssOf(pid) {
  const readings = [];
  for (let i = 0; i < 5; i += 1) {
    readings.push(memoryOf(pid)?.rss ?? NaN);
    await sleep(1000);
  }
  return readings.sort((a, b) => a - b)[2];
}

const dovecot = await startDovecot('box0@bench.test', 'bench-secret-0');
const database = await openDatabase('postgres');
let app = null;
try {
  for (let i = 1; i < MAILBOXES; i += 1) await dovecot.addUser(`box${i}@bench.test`, `bench-secret-${i}`);
  // The server migrates the database as it starts; the fixtures are written once it has.
  // The inspector lets the bench collect the server's garbage before reading its live memory.
  app = await startApp(database, {}, { nodeArgs: ['--inspect=127.0.0.1:0'] });
  const inspector = inspectorUrl(app.output());
  if (!inspector) throw new Error(`no inspector address in the server's output:\n${app.output()}`);
  const fixtures = await seedFixtures(database, 1);
  const token = await login(app.url);
  const api = async (path, body) => {
    const res = await fetch(`${app.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).payload;
  };
  await sleep(SETTLE_MS);
  const before = await rssOf(app.pid);
  const liveBefore = await liveMemoryOf(inspector);
  log(`with no configuration: RSS ${before.toFixed(1)} MiB, live ${liveBefore.toFixed(1)} MiB`);
  for (let i = 0; i < MAILBOXES; i += 1)
    await api('/emailSchedule/create', {
      companyId: fixtures.companyId,
      host: 'custom',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpSecure: false,
      email: `box${i}@bench.test`,
      secret: `bench-secret-${i}`,
      botId: fixtures.botId,
      agentId: fixtures.agents[0].id,
      operation: 'startsWith',
      criteria: 'subject',
      criteriaValue: 'bench',
      subjectLine: 'Handled',
      text: 'Handled by the bench',
      recipients: [],
      status: 'active',
    });
  await until(async () => {
    const [{ n }] = await database.query(
      `select count(*)::int as n from email_configurations where watch_state = 'watching'`,
    );
    return n === MAILBOXES;
  }, `${MAILBOXES} mailboxes watching`);
  // box0's sessions as dovecot counts them: the watcher holds one per mailbox.
  const sessions = await dovecot.connections().catch(() => NaN);
  await sleep(SETTLE_MS);
  const after = await rssOf(app.pid);
  const liveAfter = await liveMemoryOf(inspector);
  log(`with ${MAILBOXES} mailboxes watched: RSS ${after.toFixed(1)} MiB, live ${liveAfter.toFixed(1)} MiB`);

  // One mailbox of the hundred receives the stream: the others stay watched meanwhile.
  const sent = new Map();
  for (let i = 0; i < MAILS; i += 1) {
    const subject = `bench mail ${i}`;
    const raw = [
      'From: Bench <sender@bench.test>',
      'To: box0@bench.test',
      `Subject: ${subject}`,
      `Message-ID: <bench-${i}-${Date.now()}@bench.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Mail ${i} of the bench`,
      '',
    ].join('\n');
    await dovecot.deliver(raw);
    // The mail is in the mailbox once its file is renamed into new/: its arrival.
    sent.set(subject, now());
    await sleep(GAP_MS);
  }
  const rows = await until(async () => {
    const found = await database.query(
      `select m.subject, (extract(epoch from p.created_at) * 1000)::float8 as "createdMs"
       from email_messages m join processes p on p.id = m.process_id where m.subject like 'bench mail %'`,
    );
    return found.length >= MAILS ? found : null;
  }, `${MAILS} runs`);
  const [{ dup }] = await database.query(
    `select count(*)::int - count(distinct m.subject)::int as dup
     from email_messages m join processes p on p.id = m.process_id where m.subject like 'bench mail %'`,
  );
  const latencies = rows.map((r) => r.createdMs - sent.get(r.subject));
  console.log(
    JSON.stringify({
      mailboxes: MAILBOXES,
      mails: MAILS,
      sessions,
      before,
      after,
      liveBefore,
      liveAfter,
      latencies,
      dup,
    }),
  );
} finally {
  await app?.stop();
  await database.drop();
  await dovecot.close();
}
