// The agent's XAML runner: activities a second on one core over a loop of Assign + If + a string
// expression, the peak memory of the process running it, and the load time of a 500-activity
// workflow. The measuring run (xaml-measure.ts) is TypeScript, started here under tsx in a fresh
// process so its peak RSS is the run's own. Standalone: `node scripts/bench/xaml.mjs`;
// `npm run bench -- xaml` writes its section.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchSection, root } from './proc.mjs';

const TARGETS = { activitiesPerSecond: 500_000, peakRssMiB: 150, loadMs: 50 };

async function measure(log) {
  const load = loadavg()[0];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/xaml-measure.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`xaml-measure exited ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1));
  log(`measured: ${JSON.stringify(result)}`);
  return { ...result, load };
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
    r.loadMedianMs <= TARGETS.loadMs,
  ];
  const rows = [
    `| activities per second on one core (${num(r.activities)} activities in ${num(r.cpuMs)} ms of CPU) | ${num(perCpuSecond)} /s | ≥ ${num(TARGETS.activitiesPerSecond)} /s | ${verdict(checks[0])} |`,
    `| the same by the wall clock (${num(r.wallMs)} ms) | ${num(perWallSecond)} /s | (information) | — |`,
    `| peak memory (RSS) of the process running the workflow | ${num(r.peakRssMiB, 1)} MiB | ≤ ${TARGETS.peakRssMiB} MB | ${verdict(checks[1])} |`,
    `| load of a 501-activity workflow (${num(r.wideBytes / 1024)} KiB), median of 20 after a first | ${num(r.loadMedianMs, 1)} ms | ≤ ${TARGETS.loadMs} ms | ${verdict(checks[2])} |`,
    `| the first (cold) load of it | ${num(r.loadFirstMs, 1)} ms | (information) | — |`,
  ];
  const markdown = `\`scripts/bench/xaml-measure.ts\` in a fresh Node process under tsx, as the agent's workflow process hosts the runner (agent/xaml/runner): a workflow as Studio saves it (real namespaces, view-state noise) looping 100,000 times over a Sequence of Assign (\`"Item " + i.ToString\`), If (\`s.EndsWith("7")\`, its Then an Assign one turn in ten) and Assign (\`i + 1\`), then a LogMessage of the count, which the bench checks; trace off. Activities counted: the loop's While, each turn's Sequence, Assigns and If, the Then's Assigns, the outer Sequence and the LogMessage. CPU is the process's user + system time during the run; peak memory is the process's maximum RSS (loading both workflows included). The load: \`loadWorkflow\` of a generated workflow of 100 Sequences each with an Assign, an If with a WriteLine and a LogMessage (VB expressions, view state). 1-min load average ${r.load.toFixed(2)} at the start.

| measure | value | target | |
|---|---|---|---|
${rows.join('\n')}`;
  return { markdown, missed: checks.filter((ok) => !ok).length };
}

export const xamlSection = benchSection({ id: 'xaml', title: 'XAML runner', measure, render }, import.meta.url);
