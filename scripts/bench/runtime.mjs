// The runtime on one node, with 100 simulated agents (real socket.io clients in 2 worker
// processes): dispatch throughput, start latency, notification latency and log intake, on a
// throwaway PostgreSQL database (with targets) and on PGlite (without).
// Standalone: `node scripts/bench/runtime.mjs`; `npm run bench -- runtime` writes its section.
import { loadavg } from 'node:os';
import { benchSection } from './proc.mjs';
import {
  browserSocket,
  login,
  now,
  openDatabase,
  percentile,
  cpuMs,
  queueSql,
  seedFixtures,
  startApp,
  startWorkers,
  until,
} from './runtime-kit.mjs';

const AGENTS = 100;
const SETUPS = {
  postgres: { queued: 40, starts: 1000, notifies: 500, logMs: 15_000 },
  pglite: { queued: 10, starts: 300, notifies: 200, logMs: 10_000 },
};
const LOG_BATCH = 50;
const TARGETS = { dispatch: 2000, startP50: 5, startP99: 20, notifyP99: 50, logs: 20_000 };

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
    const cpu0 = cpuMs(app.pid);
    const t0 = now();
    await workers.all({ type: 'finish' });
    await until(() => starts.size >= total, `${total} processes to start`);
    const dispatchRate = (total - AGENTS) / ((lastStart - t0) / 1000);
    const dispatchCpu = (cpuMs(app.pid) - cpu0) / (total - AGENTS);
    log(`${label}: dispatch ${Math.round(dispatchRate)} processes/s`);
    await new Promise((r) => setTimeout(r, 500));

    // Start latency: one POST /process/create at a time, on agents taken in turn (idle each time).
    const startLatencies = [];
    for (let i = 0; i < setup.starts; i += 1) {
      const agentId = agentIds[i % AGENTS];
      const sent = now();
      const created = await post(app, token, '/process/create', { botId: fixtures.botId, agentId, parameters: [] });
      const at = await until(() => starts.get(created.id), 'the start', 10_000);
      startLatencies.push(at - sent);
    }
    log(`${label}: start p50 ${percentile(startLatencies, 50).toFixed(2)} ms`);

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
    return { dispatchRate, dispatchCpu, total, startLatencies, notifyLatencies, logRate, lineCpu, lines, setup };
  } finally {
    await workers?.stop();
    await app.stop();
    await database.drop();
  }
}

const ms = (v) => `${v.toFixed(2)} ms`;
const num = (v) => Math.round(v).toLocaleString('en');
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render({ results, load }) {
  const rows = [];
  let missed = 0;
  const target = (kind, label, value, text, ok) => {
    if (kind === 'postgres') {
      missed += ok ? 0 : 1;
      rows.push(`| ${kind} | ${label} | ${value} | ${text} | ${verdict(ok)} |`);
    } else rows.push(`| ${kind} | ${label} | ${value} | (information, no target) | — |`);
  };
  for (const [kind, r] of Object.entries(results)) {
    const p = (v, q) => percentile(v, q);
    target(
      kind,
      `dispatch, pending → running over ${AGENTS} agents (${num(r.total)} processes)`,
      `${num(r.dispatchRate)} processes/s (server CPU ${r.dispatchCpu.toFixed(2)} ms each)`,
      `≥ ${num(TARGETS.dispatch)}/s`,
      r.dispatchRate >= TARGETS.dispatch,
    );
    target(
      kind,
      `start latency p50 (${r.startLatencies.length} runs)`,
      ms(p(r.startLatencies, 50)),
      `≤ ${TARGETS.startP50} ms`,
      p(r.startLatencies, 50) <= TARGETS.startP50,
    );
    target(
      kind,
      'start latency p99',
      ms(p(r.startLatencies, 99)),
      `≤ ${TARGETS.startP99} ms`,
      p(r.startLatencies, 99) <= TARGETS.startP99,
    );
    target(
      kind,
      `notification latency p50 / p99 (${r.notifyLatencies.length} reports)`,
      `${ms(p(r.notifyLatencies, 50))} / ${ms(p(r.notifyLatencies, 99))}`,
      `p99 ≤ ${TARGETS.notifyP99} ms`,
      p(r.notifyLatencies, 99) <= TARGETS.notifyP99,
    );
    target(
      kind,
      `log lines taken in, ${AGENTS} agents, batches of ${LOG_BATCH} (${num(r.lines)} lines in ${r.setup.logMs / 1000} s)`,
      `${num(r.logRate)} lines/s (server CPU ${r.lineCpu.toFixed(0)} µs each)`,
      `≥ ${num(TARGETS.logs)}/s`,
      r.logRate >= TARGETS.logs,
    );
  }
  const markdown = `One server node (\`node --import tsx server/main.ts\`, LOG_LEVEL=warn) and ${AGENTS} simulated agents: real socket.io clients on \`/agent\` authenticated with their id and secret, in 2 worker processes (scripts/bench/agent-worker.mjs), speaking the agent protocol without running anything. Fixtures (company, licence, bot, agents, the queues) are written in SQL; everything measured goes through the API and the sockets. Server, workers, bench and database share the machine (1-minute load average at the start: ${load.toFixed(2)}).

- Dispatch: ${AGENTS} agents each hold their first process while the rest wait in their queues (${SETUPS.postgres.queued} per agent on PostgreSQL, ${SETUPS.pglite.queued} on PGlite); all then report it executed, and each report claims the agent's next (one \`FOR UPDATE SKIP LOCKED\` statement that also answers the bot's file, the parameters and the timeout) and sends \`process:start\`, which the agent acknowledges and reports executed at once. Rate: processes started ÷ time from the reports to the last start.
- Start latency: \`POST /process/create\` sent → \`process:start\` received by the idle agent, one run at a time, agents taken in turn.
- Notification latency: the agent sends \`process:status\` executed → a signed-in browser socket (joined to the control room) receives the \`message\` with that status, one at a time.
- Log intake: every agent runs a process and sends \`process:log\` batches of ${LOG_BATCH} lines, each after the previous one's acknowledgement (stored once each by (process, seq), counted on the process, sent to its followers).
- \`postgres, async commit\`: the same run on a database with synchronous_commit = off, for information: a commit then returns before PostgreSQL's log reaches the disk. Every dispatched process commits twice (the claim, then the agent's final report) and every run created commits twice (the process with its audit row, then the claim), so the difference between the two PostgreSQL rows is what the disk's flush costs here (pg_test_fsync: about 2 ms per fdatasync on this machine, with other work running). Server CPU: the server process's CPU time over the dispatch (or the log intake) ÷ processes started (or lines taken in); 2,000 processes/s on one node need at most 0.5 ms of one core each, database work not included (for PGlite it is included: the database runs inside the server).

| database | measure | value | target | result |
|---|---|---|---|---|
${rows.join('\n')}

Where the targets are missed, and why (measured on a quiet machine, 1-minute load average under 1):
- Dispatch: the server spends about 0.5 ms of CPU per process (two socket.io messages with their
  acknowledgements, two statements, the notification), and PostgreSQL, the two agent workers and
  the bench share the same two cores with it; the server process is not the only thing waiting for
  a core. A dispatch rate of 2,000/s needs the server under 0.5 ms per process *and* a core of
  its own for PostgreSQL. Before the claim answered the start's details in the same statement and
  the sockets remembered their agents' processes (commit 59f913e), the same run gave 582/s, with other work sharing the cores.
- Start latency p50: a run created commits twice before its agent hears of it (the process with
  its audit row, then the claim), each commit waiting for a flush of about 2 ms on this disk; with
  synchronous_commit = off the same path takes the async-commit row's time. Telling the agent before
  the claim has committed would be faster and is not allowed: a lost commit would run a process twice.
`;
  return { markdown, missed };
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
      return { results, load };
    },
    render,
  },
  import.meta.url,
);
