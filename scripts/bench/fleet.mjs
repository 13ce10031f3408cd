// A fleet of connected agents on one node, each at a robot's published load (per minute: 40 log
// lines, 12 status reports, 6 reads of its bot's file; socket.io's pings are its heartbeats),
// for one minute: the round trip of every message, and the server's resident memory. Agents are
// real socket.io clients in 4 worker processes, on a throwaway PostgreSQL database.
// BENCH_FLEET=10000,5000 sets the fleet sizes tried in turn (default 10000,2000).
// Standalone: `node scripts/bench/fleet.mjs`; `npm run bench -- fleet` writes its section.
import { cpus, loadavg } from 'node:os';
import { clearInterval, setInterval } from 'node:timers';
import { benchSection, memoryOf } from './proc.mjs';
import { cpuMs } from './runtime-kit.mjs';
import {
  now,
  openDatabase,
  percentile,
  queueSql,
  seedFixtures,
  startApp,
  startWorkers,
  until,
} from './runtime-kit.mjs';

/** `5000:async`: that fleet on a database with synchronous_commit = off (for information). */
const RUNS = (process.env.BENCH_FLEET ?? '10000,2000').split(',').map((entry) => {
  const [size, mode] = entry.split(':');
  return { size: Number(size), asyncCommit: mode === 'async' };
});
const TARGET_SIZE = 10_000;
const WORKERS = 4;
const LOAD_MS = Number(process.env.BENCH_FLEET_MS ?? 60_000);
const TARGETS = { p99: 50, rssMiB: 1024 };

async function measureFleet({ size, asyncCommit }, log) {
  const database = await openDatabase('postgres', { asyncCommit });
  const app = await startApp(database);
  let workers = null;
  try {
    const fixtures = await seedFixtures(database, size);
    await database.query(
      queueSql(
        fixtures,
        fixtures.agents.map((a) => a.id),
        1,
      ),
    );
    let started = 0;
    const connectStart = now();
    workers = await startWorkers(app.url, fixtures.agents, WORKERS, { mode: 'hold', concurrency: 25 }, (m) => {
      if (m.event === 'start') started += 1;
    });
    const connectSeconds = (now() - connectStart) / 1000;
    log(`fleet ${size}: connected in ${connectSeconds.toFixed(1)} s`);
    await until(() => started >= size, `${size} agents to hold a process`, 300_000);
    const [{ connected }] = await database.query('select count(*)::int as connected from agents where status = 1');
    const rssBefore = memoryOf(app.pid)?.rss ?? NaN;
    let rssMax = rssBefore;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, memoryOf(app.pid)?.rss ?? NaN);
    }, 1000);
    const cpuBefore = cpuMs(app.pid);
    const loadStart = now();
    const replies = await workers.all({ type: 'fleet', ms: LOAD_MS });
    const seconds = (now() - loadStart) / 1000;
    clearInterval(sampler);
    const latencies = replies.flatMap((r) => r.latencies);
    const kindP99 = Object.fromEntries(
      ['log', 'status', 'read'].map((k) => [
        k,
        percentile(
          replies.flatMap((r) => r.byKind[k]),
          99,
        ),
      ]),
    );
    const serverCpu = (cpuMs(app.pid) - cpuBefore) / 1000 / seconds;
    const failures = replies.reduce((sum, r) => sum + r.failures, 0);
    const why = {};
    for (const r of replies) for (const [k, n] of Object.entries(r.why)) why[k] = (why[k] ?? 0) + n;
    const result = {
      size,
      asyncCommit,
      connected,
      connectSeconds,
      messages: latencies.length,
      rate: latencies.length / seconds,
      failures,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rssBefore,
      rssMax,
      kindP99,
      why,
      serverCpu,
      load: loadavg()[0],
    };
    log(`fleet ${size}: ${JSON.stringify(result)}`);
    if (failures > 0) log(`fleet ${size}: the server's last output:\n${app.output().slice(-1500)}`);
    return result;
  } finally {
    await workers?.stop();
    await app.stop();
    await database.drop();
  }
}

const num = (v) => Math.round(v).toLocaleString('en');
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render({ results, load }) {
  let missed = 0;
  const rows = [];
  for (const r of results) {
    const counted = r.size >= TARGET_SIZE && !r.asyncCommit;
    const p99Ok = r.p99 <= TARGETS.p99 && r.failures === 0;
    const rssOk = r.rssMax <= TARGETS.rssMiB;
    if (counted) missed += (p99Ok ? 0 : 1) + (rssOk ? 0 : 1);
    const why = r.asyncCommit ? '— (synchronous_commit = off: information)' : '— (not the target fleet)';
    const result = (ok) => (counted ? verdict(ok) : why);
    const kinds = `log ${r.kindP99.log.toFixed(0)}, status ${r.kindP99.status.toFixed(0)}, read ${r.kindP99.read.toFixed(0)}`;
    rows.push(
      `| ${num(r.size)}${r.asyncCommit ? ', synchronous_commit = off' : ''} (${num(r.connected)} connected, in ${r.connectSeconds.toFixed(0)} s) | ${num(r.rate)} msg/s, ${num(r.failures)} failed | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms (${kinds}) | ≤ ${TARGETS.p99} ms | ${result(p99Ok)} | ${num(r.rssBefore)} / ${num(r.rssMax)} MiB | ≤ ${TARGETS.rssMiB} MiB | ${result(rssOk)} | ${(r.serverCpu * 100).toFixed(0)} % | ${r.load.toFixed(2)} |`,
    );
  }
  const notes = results.map((r) => {
    const reasons = Object.entries(r.why)
      .map(([k, n]) => `${k} × ${num(n)}`)
      .join(', ');
    const cores = cpus().length;
    const starved =
      r.serverCpu < 0.7 && r.load > cores * 2
        ? ` The server used ${(r.serverCpu * 100).toFixed(0)} % of one core while the load average was ${r.load.toFixed(1)} on ${cores} cores, so it ran about its share of an oversubscribed machine. Messages queued for its 10 database connections (in trial runs PostgreSQL's sessions were seen waiting on WAL flushes at 1,000 agents, and idle, waiting for the server, at 1,500): it fell behind the offered load, and the latency is mostly that queue.`
        : '';
    const perMessage = ((r.serverCpu * 1000) / r.rate).toFixed(2);
    return `- ${num(r.size)}${r.asyncCommit ? ' (synchronous_commit = off)' : ''}: offered ≈ ${num(r.size * (58 / 60))} msg/s, answered ${num(r.rate)} msg/s; server CPU ${perMessage} ms per answered message (one core serves 1,000 ÷ that per second, database work not included).${reasons ? ` Failed: ${reasons} (SERVICE_UNAVAILABLE / 503: a query waited more than the pool's 5 s for a connection).` : ''}${starved}`;
  });
  const largest = Math.max(...results.filter((r) => !r.asyncCommit).map((r) => r.size));
  const note =
    largest < TARGET_SIZE
      ? `\n**Not the target run:** the target is ${num(TARGET_SIZE)} agents; the largest fleet measured here is ${num(largest)}, and its figures are not a pass or a miss of that target.\n`
      : '';
  const markdown = `One server node on PostgreSQL; every simulated agent a real socket.io client on \`/agent\` (scripts/bench/agent-worker.mjs, ${WORKERS} worker processes), holding one running process. For ${LOAD_MS / 1000} s each agent sends, spread evenly with a random phase, per minute: 40 \`process:log\` messages of one line, 12 \`process:status\` reports (running) and 6 downloads of its bot's file over HTTP with its credentials (≈ 1 message/s; socket.io's pings every 25 s are the heartbeats). Latency: each message's round trip (emit → acknowledgement, request → response) as the agent sees it, with the p99 of each kind in ms. RSS: the server process's resident set after the fleet connected / its highest during the load (sampled each second). Server CPU: its CPU time ÷ the load's duration (100 % = one core). Clients, server and database share the machine (1-minute load average at the start: ${load.toFixed(2)}; last column: at the end of each run). \`BENCH_FLEET=5000,5000:async npm run bench -- fleet\` chooses the fleets (\`:async\`: on a database with synchronous_commit = off, for information).
${note}
| agents | messages | p50 / p99 | target | result | RSS | target | result | server CPU | load |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${notes.join('\n')}
`;
  return { markdown, missed };
}

export const fleetSection = benchSection(
  {
    id: 'fleet',
    title: 'Fleet: connected agents at robot load',
    async measure(log) {
      const load = loadavg()[0];
      const results = [];
      for (const run of RUNS) results.push(await measureFleet(run, log));
      return { results, load };
    },
    render,
  },
  import.meta.url,
);
