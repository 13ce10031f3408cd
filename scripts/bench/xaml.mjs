// The agent's XAML runner: activities a second on one core over a loop of Assign + If + a string
// expression, the peak memory of the process running it, and the load time of a 500-activity
// workflow. The measuring run (xaml-measure.ts) is TypeScript, started here under tsx in a fresh
// process so its peak RSS is the run's own. The load's target is the load a run waits for: the
// agent runs each workflow in a process of its own, started ahead of the run and warmed up on a
// built-in workflow (agent/workflow/warmup.ts); measured in COLD_SAMPLES fresh processes doing
// the same (xaml-cold.ts), their median, and apart without the warm-up (a run that found no
// waiting process). Standalone: `node scripts/bench/xaml.mjs`;
// `npm run bench -- xaml` writes its section.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchSection, root } from './proc.mjs';

const TARGETS = { activitiesPerSecond: 500_000, peakRssMiB: 150, loadMs: 50 };
const COLD_SAMPLES = 15;

/**
 * The Node options the agent gives a workflow process (WORKFLOW_NODE_OPTIONS,
 * agent/workflow/messages.ts; tests/unit/agent/workflowOptions.test.ts keeps the two the same).
 */
const WORKFLOW_NODE_OPTIONS = ['--v8-pool-size=1'];

/** Runs one TypeScript measuring script under tsx in a fresh process; its last stdout line is JSON. */
async function runTs(script, ...args) {
  const child = spawn(process.execPath, [...WORKFLOW_NODE_OPTIONS, '--import', 'tsx', script, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${script} exited ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(log) {
  const load = loadavg()[0];
  const result = await runTs('scripts/bench/xaml-measure.ts');
  log(`measured: ${JSON.stringify(result)}`);
  const cold = [];
  const unwarmed = [];
  // Taking turns, so that the two kinds of samples share the machine's conditions.
  for (let i = 0; i < COLD_SAMPLES; i++) {
    cold.push(await runTs('scripts/bench/xaml-cold.ts'));
    unwarmed.push(await runTs('scripts/bench/xaml-cold.ts', '--no-warm-up'));
  }
  log(`cold loads (ms): ${cold.map((c) => c.coldMs.toFixed(1)).join(', ')}`);
  log(`their CPU (ms): ${cold.map((c) => c.cpuMs.toFixed(1)).join(', ')}`);
  log(`main thread's CPU (ms): ${cold.map((c) => c.threadCpuMs?.toFixed(1)).join(', ')}`);
  log(`waits for a core (ms): ${cold.map((c) => c.waitMs?.toFixed(1)).join(', ')}`);
  log(`runner imports (ms): ${cold.map((c) => c.importMs.toFixed(1)).join(', ')}`);
  log(`warm-ups (ms): ${cold.map((c) => c.warmUpMs.toFixed(1)).join(', ')}`);
  log(`loads without the warm-up (ms): ${unwarmed.map((c) => c.coldMs.toFixed(1)).join(', ')}`);
  const coldMs = cold.map((c) => c.coldMs);
  return {
    ...result,
    coldMedianMs: median(coldMs),
    coldMinMs: Math.min(...coldMs),
    coldMaxMs: Math.max(...coldMs),
    coldCpuMedianMs: median(cold.map((c) => c.cpuMs)),
    coldThreadCpuMedianMs: cold[0].threadCpuMs === null ? NaN : median(cold.map((c) => c.threadCpuMs)),
    coldWaitMedianMs: cold[0].waitMs === null ? NaN : median(cold.map((c) => c.waitMs)),
    importMedianMs: median(cold.map((c) => c.importMs)),
    warmUpMedianMs: median(cold.map((c) => c.warmUpMs)),
    unwarmedMedianMs: median(unwarmed.map((c) => c.coldMs)),
    loadEnd: loadavg()[0],
    load,
  };
}

const num = (v, digits = 0) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render(r) {
  const perCpuSecond = r.activities / (r.cpuMs / 1000);
  const perWallSecond = r.activities / (r.wallMs / 1000);
  const checks = [
    perCpuSecond >= TARGETS.activitiesPerSecond,
    r.peakRssMiB <= TARGETS.peakRssMiB,
    r.coldMedianMs <= TARGETS.loadMs,
  ];
  const rows = [
    `| activities per second on one core (${num(r.activities)} activities in ${num(r.cpuMs)} ms of CPU) | ${num(perCpuSecond)} /s | ≥ ${num(TARGETS.activitiesPerSecond)} /s | ${verdict(checks[0])} |`,
    `| the same by the wall clock (${num(r.wallMs)} ms) | ${num(perWallSecond)} /s | (information) | — |`,
    `| peak memory (RSS) of the process running the workflow | ${num(r.peakRssMiB, 1)} MiB | ≤ ${TARGETS.peakRssMiB} MB | ${verdict(checks[1])} |`,
    `| load of a 501-activity workflow (${num(r.wideBytes / 1024)} KiB) as a run waits for it: its first \`loadWorkflow\` in a fresh workflow process that imported the runner and ran the warm-up, median of ${COLD_SAMPLES} | ${num(r.coldMedianMs, 1)} ms | ≤ ${TARGETS.loadMs} ms | ${verdict(checks[2])} |`,
    `| the same, fastest / slowest of the ${COLD_SAMPLES} | ${num(r.coldMinMs, 1)} / ${num(r.coldMaxMs, 1)} ms | (information) | — |`,
    `| the same in a fresh process without the warm-up (a run that found no waiting process), median | ${num(r.unwarmedMedianMs, 1)} ms | (information) | — |`,
    `| the main thread's time on a core during the load (Linux schedstat), median | ${num(r.coldThreadCpuMedianMs, 1)} ms | (information) | — |`,
    `| its time waiting for a core meanwhile (other work on the machine), median | ${num(r.coldWaitMedianMs, 1)} ms | (information) | — |`,
    `| CPU time of the whole process (user + system, V8's helper threads included) during it, median | ${num(r.coldCpuMedianMs, 1)} ms | (information) | — |`,
    `| before it, while the process waits for a run: import of the runner's modules (tsx, cached transform), median | ${num(r.importMedianMs, 1)} ms | (information) | — |`,
    `| and the warm-up (the built-in workflow loaded 25 times, run 3), median | ${num(r.warmUpMedianMs, 1)} ms | (information) | — |`,
    `| warm load of it: median of 20 more loads in the throughput process | ${num(r.loadMedianMs, 1)} ms | (information) | — |`,
  ];
  const markdown = `\`scripts/bench/xaml-measure.ts\` in a fresh Node process under tsx with the workflow process's Node options (\`${WORKFLOW_NODE_OPTIONS.join(' ')}\`: one V8 helper thread), as the agent's workflow process hosts the runner (agent/xaml/runner): a workflow as Studio saves it (real namespaces, view-state noise) looping 100,000 times over a Sequence of Assign (\`"Item " + i.ToString\`), If (\`s.EndsWith("7")\`, its Then an Assign one turn in ten) and Assign (\`i + 1\`), then a LogMessage of the count, which the bench checks; trace off. Activities counted: the loop's While, each turn's Sequence, Assigns and If, the Then's Assigns, the outer Sequence and the LogMessage. CPU is the process's user + system time during the run; peak memory is the process's maximum RSS (loading both workflows included). The load: \`loadWorkflow\` of a generated workflow of 100 Sequences each with an Assign, an If with a WriteLine and a LogMessage (VB expressions, view state). The target is the load a run waits for. The agent runs each workflow in a process of its own, which it starts ahead of the run (at the agent's start, and again after each workflow run): that process imports the runner and loads and runs a small built-in workflow (agent/workflow/warmup.ts: Sequence, While, If, Assign, ForEach, TryCatch, WriteLine, LogMessage, VB expressions), then waits. \`scripts/bench/xaml-cold.ts\` does the same in ${COLD_SAMPLES} fresh processes (the import and warm-up timed apart, not counted) and times the process's first \`loadWorkflow\` of the wide workflow — its parse and the compile and check of each of its expressions, whose texts the process has never seen; the process start is not counted. The same without the warm-up, taking turns with them, is shown for a run that finds no waiting process (the agent's first, when the waiting one died). 1-min load average ${r.load.toFixed(2)} at the start, ${r.loadEnd.toFixed(2)} at the end; the row of the time waiting for a core shows what other work on the machine cost. The memory is that of the process running the workflow, under tsx (its transform loaded too); the agent's own process, which waits for the workflow's end, is apart.

| measure | value | target | |
|---|---|---|---|
${rows.join('\n')}`;
  return { markdown, missed: checks.filter((ok) => !ok).length };
}

export const xamlSection = benchSection({ id: 'xaml', title: 'XAML runner', measure, render }, import.meta.url);
