// The runtime bench's settings and its section of docs/BENCHMARKS.md (scripts/bench/runtime.mjs measures).
import { percentile } from './runtime-kit.mjs';

export const AGENTS = 100;
export const SETUPS = {
  postgres: { queued: 40, starts: 1000, notifies: 500, logMs: 15_000 },
  pglite: { queued: 10, starts: 300, notifies: 200, logMs: 10_000 },
};
export const LOG_BATCH = 50;
const TARGETS = { dispatch: 2000, startP50: 5, startP99: 20, notifyP99: 50, logs: 20_000 };

const ms = (v) => `${v.toFixed(2)} ms`;
const num = (v) => Math.round(v).toLocaleString('en');
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

export function render({ results, load }) {
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
      `${num(r.dispatchRate)} processes/s (CPU each: server ${r.dispatchCpu.toFixed(2)} ms${kind.startsWith('postgres') ? `, PostgreSQL ${r.dispatchPgCpu.toFixed(2)} ms` : ''}, agents ${r.dispatchAgentCpu.toFixed(2)} ms)`,
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
  const markdown = `One server node (the built server with the flags of \`npm start\`, LOG_LEVEL=warn) and ${AGENTS} simulated agents: real socket.io clients on \`/agent\` authenticated with their id and secret, in 2 worker processes (scripts/bench/agent-worker.mjs), speaking the agent protocol without running anything. Fixtures (company, licence, bot, agents, the queues) are written in SQL; everything measured goes through the API and the sockets. Server, workers, bench and database share the machine (1-minute load average at the start: ${load.toFixed(2)}).

- Dispatch: ${AGENTS} agents each hold their first process while the rest wait in their queues (${SETUPS.postgres.queued} per agent on PostgreSQL, ${SETUPS.pglite.queued} on PGlite); all then report it executed, and each report claims the agent's next (one \`FOR UPDATE SKIP LOCKED\` statement that also answers the bot's file, the parameters and the timeout) and sends \`process:start\`, which the agent acknowledges and reports executed at once. Rate: processes started ÷ time from the reports to the last start.
- Start latency: \`POST /process/create\` sent → \`process:start\` received by the idle agent, one run at a time, agents taken in turn.
- Notification latency: the agent sends \`process:status\` executed → a signed-in browser socket (joined to the control room) receives the \`message\` with that status, one at a time.
- Log intake: every agent runs a process and sends \`process:log\` batches of ${LOG_BATCH} lines, each after the previous one's acknowledgement (stored once each by (process, seq), counted on the process, sent to its followers).
- \`postgres, async commit\`: the same run on a database with synchronous_commit = off, for information: a commit then returns before PostgreSQL's log reaches the disk, so the difference between the two PostgreSQL rows is what the disk's flush costs here. Server CPU: the server process's CPU time over the dispatch (or the log intake) ÷ processes started (or lines taken in).

| database | measure | value | target | result |
|---|---|---|---|---|
${rows.join('\n')}

How the runtime keeps each run to few statements (each statement, its commit and its round trip cost far more on this machine than the rows they write):
- A final report and the claim of the agent's next process are one statement, and the reports of all the agents that speak while one such statement runs go together in the next (server/runtime/batcher.ts): at load, one commit covers dozens of processes.
- A run created on an idle agent held by this node is written with its audit row in one statement that also starts it (it never waits in the queue): one commit before the agent is told, never before it has committed.
- Log lines of all the agents go to the database together; a process's line count is read from its lines, so taking lines in never rewrites the process's row.
- Runtime statements are prepared once per connection (PostgreSQL); the bot's file checksum is kept with the bot, so a start neither reads nor hashes the file.
- CPU per dispatched process (dispatch row): the server's, PostgreSQL's (all its processes) and the two agent workers'; on PGlite the database's is in the server's.
`;
  return { markdown, missed };
}
