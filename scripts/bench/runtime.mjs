// The runtime on one node, with 100 simulated agents (real socket.io clients in 2 worker
// processes): dispatch throughput, start latency, notification latency and log intake, on a
// throwaway PostgreSQL database (with targets) and on PGlite (without).
// Standalone: `node scripts/bench/runtime.mjs`; `npm run bench -- runtime` writes its section.
import { loadavg } from 'node:os';
import { benchSection } from './proc.mjs';
import { AGENTS, LOG_BATCH, render, SETUPS } from './runtime-report.mjs';
import {
  browserSocket,
  login,
  now,
  openDatabase,
  percentile,
  cpuMs,
  postgresCpu,
  postgresCpuSince,
  queueSql,
  seedFixtures,
  startApp,
  startWorkers,
  until,
} from './runtime-kit.mjs';

async function post(app, token, path, body) {
  const res = await fetch(`${app.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${json.message}`);
  return json.payload;
}

/** `postgres, async commit`: PostgreSQL with synchronous_commit = off, for information. */
const RUNS = [
  { label: 'postgres', kind: 'postgres' },
  { label: 'postgres, async commit', kind: 'postgres', asyncCommit: true },
  { label: 'pglite', kind: 'pglite' },
];

async function measureKind({ label, kind, asyncCommit = false }, log) {
  const setup = SETUPS[kind];
  const database = await openDatabase(kind, { asyncCommit });
  let app = await startApp(database);
  let workers = null;
  try {
    if (kind === 'pglite') await app.stop();
    const fixtures = await seedFixtures(database, AGENTS);
    const agentIds = fixtures.agents.map((a) => a.id);
    await database.query(queueSql(fixtures, agentIds, setup.queued));
    await database.release();
    if (kind === 'pglite') app = await startApp(database);
    const token = await login(app.url);
    const starts = new Map();
    let lastStart = 0;

    // Dispatch: each agent takes its first process and holds it; then all report it executed
    // at once, and each report's kick claims the next, until every queue is empty.
    workers = await startWorkers(app.url, fixtures.agents, 2, { mode: 'hold' }, (m) => {
      if (m.event !== 'start') return;
      starts.set(m.processId, m.at);
      lastStart = Math.max(lastStart, m.at);
    });
    await until(() => starts.size >= AGENTS, 'every agent to hold its first process');
    const total = AGENTS * setup.queued;
    await workers.all({ type: 'mode', mode: 'finish' });
    const workerCpu = () => workers.list.reduce((sum, w) => sum + cpuMs(w.child.pid), 0);
    const cpu0 = { server: cpuMs(app.pid), postgres: postgresCpu(), agents: workerCpu() };
    const t0 = now();
    await workers.all({ type: 'finish' });
    await until(() => starts.size >= total, `${total} processes to start`);
    const dispatchRate = (total - AGENTS) / ((lastStart - t0) / 1000);
    const dispatchCpu = (cpuMs(app.pid) - cpu0.server) / (total - AGENTS);
    // For PGlite the database runs inside the server: its share is in the server's.
    const dispatchPgCpu = kind === 'postgres' ? postgresCpuSince(cpu0.postgres) / (total - AGENTS) : 0;
    const dispatchAgentCpu = (workerCpu() - cpu0.agents) / (total - AGENTS);
    log(
      `${label}: dispatch ${Math.round(dispatchRate)} processes/s; CPU ms each: server ${dispatchCpu.toFixed(2)}, postgres ${dispatchPgCpu.toFixed(2)}, agents ${dispatchAgentCpu.toFixed(2)}`,
    );
    // BENCH_DISPATCH_ONLY=1: stop here (to profile the dispatch alone with BENCH_PROF).
    if (process.env.BENCH_DISPATCH_ONLY === '1') return null;
    await new Promise((r) => setTimeout(r, 500));

    // Start latency: one POST /process/create at a time, on agents taken in turn (idle each time).
    const startLatencies = [];
    const answered = [];
    for (let i = 0; i < setup.starts; i += 1) {
      const agentId = agentIds[i % AGENTS];
      const sent = now();
      const created = await post(app, token, '/process/create', { botId: fixtures.botId, agentId, parameters: [] });
      answered.push(now() - sent);
      const at = await until(() => starts.get(created.id), 'the start', 10_000);
      startLatencies.push(at - sent);
    }
    log(
      `${label}: start p50 ${percentile(startLatencies, 50).toFixed(2)} ms (the create answered: p50 ${percentile(answered, 50).toFixed(2)} ms)`,
    );
    // BENCH_DISPATCH_ONLY=2: stop after the start latency.
    if (process.env.BENCH_DISPATCH_ONLY) return null;

    // Notification latency: the agent holds a process, then reports it executed; a signed-in
    // browser's socket receives the `message` with the final status.
    await workers.all({ type: 'mode', mode: 'hold' });
    await new Promise((r) => setTimeout(r, 500));
    const browser = await browserSocket(app.url, token);
    const finished = new Map();
    browser.on('message', (m) => {
      if (m?.type === 'process' && m.data?.status === 2) finished.set(m.data.id, now());
    });
    const byAgent = new Map(workers.list.flatMap((w) => w.agents.map((a) => [a.id, w])));
    const notifyLatencies = [];
    for (let i = 0; i < setup.notifies; i += 1) {
      const agentId = agentIds[i % AGENTS];
      const created = await post(app, token, '/process/create', { botId: fixtures.botId, agentId, parameters: [] });
      await until(() => starts.get(created.id), 'the start', 10_000);
      const { sentAt } = await byAgent.get(agentId).request({ type: 'finish', agentId });
      const at = await until(() => finished.get(created.id), 'the notification', 10_000);
      notifyLatencies.push(at - sentAt);
    }
    browser.disconnect();
    log(`${label}: notification p99 ${percentile(notifyLatencies, 99).toFixed(2)} ms`);

    // Log intake: every agent holds a running process and sends batches of lines, each batch
    // waiting for the previous one's acknowledgement, as the reference agent does.
    const before = starts.size;
    for (const agentId of agentIds)
      await post(app, token, '/process/create', { botId: fixtures.botId, agentId, parameters: [] });
    await until(() => starts.size >= before + AGENTS, 'every agent to run a process');
    const logStarted = now();
    const cpuLogs = cpuMs(app.pid);
    const replies = await workers.all({ type: 'logs', ms: setup.logMs, batch: LOG_BATCH });
    const lines = replies.reduce((sum, r) => sum + r.lines, 0);
    const lineCpu = ((cpuMs(app.pid) - cpuLogs) * 1000) / lines;
    const logRate = lines / ((now() - logStarted) / 1000);
    log(`${label}: ${Math.round(logRate)} log lines/s`);
    return {
      dispatchRate,
      dispatchCpu,
      dispatchPgCpu,
      dispatchAgentCpu,
      total,
      startLatencies,
      notifyLatencies,
      logRate,
      lineCpu,
      lines,
      setup,
    };
  } finally {
    await workers?.stop();
    await app.stop();
    await database.drop();
  }
}

export const runtimeSection = benchSection(
  {
    id: 'runtime',
    title: 'Runtime: dispatch, start and notification latency, log intake',
    async measure(log) {
      const load = loadavg()[0];
      const only = process.env.BENCH_RUNTIME_ONLY;
      const results = {};
      for (const run of RUNS) if (!only || only === run.label) results[run.label] = await measureKind(run, log);
      if (process.env.BENCH_DISPATCH_ONLY) process.exit(0);
      return { results, load };
    },
    render,
  },
  import.meta.url,
);
