// The scheduler bench's settings and its section of docs/BENCHMARKS.md (scripts/bench/schedules.mjs measures).

/**
 * BENCH_SCHEDULES_SCALE=0.1 scales the numbers of schedules down, to try the bench out; its
 * figures are then not those of the targets, and the table says so.
 */
const SCALE = Number(process.env.BENCH_SCHEDULES_SCALE ?? 1);

export const SETUP = {
  scale: SCALE,
  total: Math.round(100_000 * SCALE),
  agents: 100,
  burst: Math.round(10_000 * SCALE),
  /** The burst is due at the first whole minute at least this far ahead of its seeding. */
  burstLeadMs: 100_000,
  /**
   * After a start, before the idle CPU is measured. A node's first minute is not idle: it
   * compiles its remaining route schemas, then, once it stops allocating, V8's memory reducer
   * shrinks the heap the start grew with a few full collections (seen 35 to 65 s after launch,
   * 200 to 250 ms of CPU, schedules or none).
   */
  settleMs: 60_000,
  idleMs: 30_000,
  /** How long past the last due instant a phase waits for its fires. */
  drainMs: 30_000,
  /** From a phase's seeding done to its first due fire: one node's start and a margin. */
  leadMs: 8_000,
  /** The longest the bench waits for 100,000 fires due at one whole minute. */
  wholeMinuteDrainMs: 60_000,
  twoNodes: Math.round(50_000 * SCALE),
  twoNodesSpreadMs: 30_000,
  /** The same for two nodes, started one after the other. */
  twoNodesLeadMs: 12_000,
};
const TARGETS = {
  burstMaxMs: 5000,
  burstP50Ms: 1000,
  steadyP99Ms: 1000,
  steadyMaxMs: 2000,
  idleCpu: 0.01,
  startS: 3,
};

const num = (v) => Math.round(v).toLocaleString('en');
const ms = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : `${num(v)} ms`);
const pct = (share) => `${(share * 100).toFixed(2)} %`;
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');
const outcomes = (s) =>
  `${num(s.fired)} fired${s.skipped ? `, ${num(s.skipped)} skipped` : ''}${s.missed ? `, ${num(s.missed)} missed` : ''}`;

export function render({ load, bareStartSeconds, startSeconds, idle, burst, steady, two }) {
  const rows = [];
  let missed = 0;
  const target = (measure, value, text, ok) => {
    missed += ok ? 0 : 1;
    rows.push(`| ${measure} | ${value} | ${text} | ${verdict(ok)} |`);
  };
  const info = (measure, value) => rows.push(`| ${measure} | ${value} | (information) | — |`);

  // Burst: the later of the rows' own timestamps and the moment the bench saw the last one.
  const burstWorst = Math.max(burst.max ?? Infinity, burst.allWrittenMs ?? Infinity);
  target(
    `burst: ${num(SETUP.burst)} schedules due in the same second — lag of each fire (p50 / max)`,
    `${ms(burst.p50)} / ${ms(burst.max)}; the last seen committed ${burst.allWrittenMs === null ? `not within ${SETUP.drainMs / 1000} s` : `${ms(burst.allWrittenMs)} after the due second`} (${outcomes(burst)})`,
    `every fire ≤ ${TARGETS.burstMaxMs / 1000} s, p50 ≤ ${TARGETS.burstP50Ms / 1000} s`,
    burst.fired === SETUP.burst && burstWorst <= TARGETS.burstMaxMs && burst.p50 <= TARGETS.burstP50Ms,
  );
  const sp = steady.spread;
  const steadyMax = Math.max(sp.max ?? Infinity, steady.overdue.worstMs);
  target(
    `steady: ${num(SETUP.total)} minutely schedules, their fires spread over one minute (≈ ${num(SETUP.total / 60)}/s) — fire lag p99 / max`,
    `${ms(sp.p99)} / ${ms(steadyMax)} over ${num(sp.fires)} fires (${outcomes(sp)}; p50 ${ms(sp.p50)})`,
    `p99 ≤ ${TARGETS.steadyP99Ms / 1000} s, max ≤ ${TARGETS.steadyMaxMs / 1000} s`,
    sp.fired === SETUP.total &&
      steady.lateStartMs <= 0 &&
      sp.p99 <= TARGETS.steadyP99Ms &&
      steadyMax <= TARGETS.steadyMaxMs,
  );
  const w = steady.whole;
  info(
    `then the same schedules' next fires, all at the next whole minute — last committed after / lag p50 / p99 / max`,
    `${w.takenMs === null ? `not all within ${SETUP.wholeMinuteDrainMs / 1000} s` : `${(w.takenMs / 1000).toFixed(1)} s`} / ${ms(w.p50)} / ${ms(w.p99)} / ${ms(Math.max(w.max ?? 0, w.overdue.worstMs))} (${outcomes(w)}; ${num((w.fires * 1000) / (w.takenMs ?? SETUP.wholeMinuteDrainMs))} fires/s)`,
  );
  const clean = two.missing === 0 && two.duplicateHistory === 0 && two.orphanProcesses === 0;
  target(
    `two nodes, one PostgreSQL + Redis: ${num(SETUP.twoNodes)} fires due over ${SETUP.twoNodesSpreadMs / 1000} s — missing / duplicated`,
    `${num(two.missing)} / ${num(two.duplicateHistory + two.orphanProcesses + two.sharedProcess)} (${num(two.history)} history rows for ${num(two.expected)} due fires, ${outcomes(two.stats)}; ${num(two.processes)} runs created)`,
    '0 / 0, one run per fire',
    clean && two.sharedProcess === 0 && two.firedWithoutProcess === 0 && two.processes === two.fired,
  );
  info(
    'two nodes: last fire written after its due instant; fire lag p50 / p99 / max; CPU of node 1 / node 2 / PostgreSQL',
    `${two.takenMs === null ? `not within ${SETUP.drainMs / 1000} s` : ms(two.takenMs)}; ${ms(two.stats.p50)} / ${ms(two.stats.p99)} / ${ms(Math.max(two.stats.max ?? 0, two.overdue.worstMs))}; ${[...two.cpu.servers, two.cpu.postgres].map(pct).join(' / ')}`,
  );
  target(
    `idle: server CPU over ${SETUP.idleMs / 1000} s with ${num(SETUP.total)} schedules, none due`,
    `${pct(idle.servers[0])} of a core (PostgreSQL ${pct(idle.postgres)}; ${num(idle.fires)} fires)`,
    `≤ ${pct(TARGETS.idleCpu)}`,
    idle.servers[0] <= TARGETS.idleCpu && idle.fires === 0 && idle.before >= 0,
  );
  target(
    `start: \`npm start\` with ${num(SETUP.total)} schedules, launch → first answer of GET /api/health`,
    `${startSeconds.toFixed(2)} s (the same database before the schedules were written: ${bareStartSeconds.toFixed(2)} s)`,
    `≤ ${TARGETS.startS} s`,
    startSeconds <= TARGETS.startS,
  );
  info(
    'CPU while firing, server / PostgreSQL: burst; steady; whole minute',
    [burst.cpu, steady.cpu, w.cpu].map((c) => `${pct(c.servers[0])} / ${pct(c.postgres)}`).join('; '),
  );

  const notes = [];
  if (SETUP.scale !== 1)
    notes.push(
      `- **Not the target run:** BENCH_SCHEDULES_SCALE=${SETUP.scale} scaled the schedules down; the results above are not a pass or a miss of the targets.`,
    );
  if (idle.before < 0)
    notes.push(
      `- The idle window ended ${(-idle.before).toFixed(1)} s after the burst was due: its CPU is not an idle node's.`,
    );
  if (steady.lateStartMs > 0)
    notes.push(
      `- Steady: the node answered ${num(steady.lateStartMs)} ms after the first fires were due; they count as late.`,
    );

  const markdown = `The built server with the flags of \`npm start\` (LOG_LEVEL=warn) on a throwaway PostgreSQL database holding ${num(SETUP.total)} active schedules of one company's automated bot (licence valid), on ${SETUP.agents} agents in turn, overlap \`queue\`, written in SQL (generate_series) while no server runs: the scheduler reads its queue when it starts. The agents never connect: each fire queues a run on an offline agent, so this measures firing, not running. Schedules not in a phase wait a day. 1-minute load average at the start: ${load.toFixed(2)}.

- Lag of a fire: its history row's \`created_at\` (or its run's, the later) − its \`due_at\`. Both are the writing transaction's start, so a max also counts what the bench saw, commits included: it polls, every 200 ms, the oldest active schedule whose \`next_fire_at\` has passed (the scheduler moves it on in the transaction that writes the fire), and a phase's fires are all written once no active schedule due at or before its last one is left (polled every 100 ms for the burst, 200 ms otherwise).
- Start and idle: one node launched with them by \`npm start\` (DATABASE_URL set, builds current; none due for ${SETUP.burstLeadMs / 1000} s and more); the time to its first 200 from \`GET /api/health\`, then its CPU over ${SETUP.idleMs / 1000} s starting ${SETUP.settleMs / 1000} s after that (its first ${SETUP.settleMs / 1000} s: ${pct(idle.settle.servers[0])}, with the route schemas compiled after listening and the full collections of V8's memory reducer once the start's allocations stop).
- CPU: each process's CPU time ÷ the time measured (100 % = one core); PostgreSQL's is that of the bench database's sessions (the servers' connections; not the bench's own nor PostgreSQL's background writers, nor other databases of the machine).
- Burst: on that node, ${num(SETUP.burst)} schedules (every 59 minutes) due at one whole minute.
- Steady: one node, every schedule minutely, their next fires set spread evenly over one minute from a whole minute. A minutely schedule fires at its start plus whole minutes and a start is a whole minute (\`YYYY-MM-DDTHH:mm\`), so once each has fired its next fire is the next whole minute, all ${num(SETUP.total)} at once: the spread stream lasts one minute, and the next row is what these schedules then do (the scheduler computes each next fire from the schedule). ${num(SETUP.total)} minutely schedules in use are that row every minute.
- Two nodes: ${num(SETUP.twoNodes)} schedules due once each (every 59 minutes), spread over ${SETUP.twoNodesSpreadMs / 1000} s, both nodes on the same database and Redis. Missing: a due fire with no history row for its schedule and instant. Duplicated: history rows beyond one per fire, runs of schedules made since the nodes started that no history row names, and history rows sharing a run.

| measure | value | target | result |
|---|---|---|---|
${rows.join('\n')}
${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`;
  return { markdown, missed };
}
