// Mail-triggered runs: arrival → process row with IDLE, and what 100 watched mailboxes cost one
// node. The measuring run (mail-measure.mjs) needs tsx for the tests' dovecot helper: started
// here as a child. Needs /usr/sbin/dovecot (apt-get install dovecot-imapd) and PostgreSQL
// (BENCH_DATABASE_URL). Standalone: `node scripts/bench/mail.mjs`; `npm run bench -- mail`.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { ensureBuilt } from '../lib/build.mjs';
import { benchSection, root } from './proc.mjs';
import { percentile } from './runtime-kit.mjs';

const TARGETS = { p99Ms: 2000, memoryMiB: 50 };

async function measure(log) {
  await ensureBuilt({ log: () => undefined });
  const load = loadavg()[0];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/mail-measure.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`mail-measure exited ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1));
  log(`measured: ${JSON.stringify({ ...result, latencies: undefined })}`);
  return { ...result, load };
}

const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render(r) {
  const p50 = percentile(r.latencies, 50);
  const p99 = percentile(r.latencies, 99);
  const max = Math.max(...r.latencies);
  const delta = r.liveAfter - r.liveBefore;
  const rows = [
    `| arrival → process row, p99 (${r.mails} mails, IDLE) | ${num(p99)} ms | ≤ ${TARGETS.p99Ms} ms | ${verdict(p99 <= TARGETS.p99Ms)} |`,
    `| arrival → process row, p50 / max | ${num(p50)} ms / ${num(max)} ms | (information) | — |`,
    `| mails run twice | ${r.dup} | 0 | ${verdict(r.dup === 0)} |`,
    `| memory of ${r.mailboxes} watched mailboxes (live memory after a full collection) | ${num(delta, 1)} MiB (${num(r.liveBefore, 1)} → ${num(r.liveAfter, 1)} MiB) | ≤ ${TARGETS.memoryMiB} MB | ${verdict(delta <= TARGETS.memoryMiB)} |`,
    `| the server's RSS without and with them | ${num(r.before, 1)} → ${num(r.after, 1)} MiB | (information) | — |`,
    `| IMAP sessions dovecot held for one of the mailboxes | ${r.sessions} | 1 | ${verdict(r.sessions === 1)} |`,
  ];
  const missed = [p99 <= TARGETS.p99Ms, r.dup === 0, delta <= TARGETS.memoryMiB, r.sessions === 1].filter(
    (ok) => !ok,
  ).length;
  const markdown = `The built server with the flags of \`npm start\` on a throwaway PostgreSQL database, and a private dovecot on loopback (tests/api/dovecot.ts) with ${r.mailboxes} users. The server's live memory (started with \`--inspect\`; through the inspector, two full garbage collections, then the JS heap in use plus the memory V8 holds outside it: scripts/bench/live-memory.mjs) with no e-mail configuration, then with one active configuration per mailbox, all watching (each its own IMAP session in IDLE), 20 s after the last change; their RSS too (median of five readings a second apart), for information: RSS also counts garbage not yet collected and the young generation's reserved pages, which move by tens of MiB between two readings on their own. Then ${r.mails} matching mails delivered into one of those mailboxes 100 ms apart (a file renamed into the Maildir's new/, as a delivery agent does); each one's latency is its process row's created_at minus that instant. 1-min load average ${r.load.toFixed(2)} at the start, on 2 cores.

| measure | value | target | |
|---|---|---|---|
${rows.join('\n')}`;
  return { markdown, missed };
}

export const mailSection = benchSection({ id: 'mail', title: 'Mail-triggered runs', measure, render }, import.meta.url);
