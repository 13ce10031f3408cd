// One load sample, as the agent's workflow process sees it: prints one JSON line. The agent starts
// that process ahead of the run, and it warms the runner up on a small built-in workflow
// (agent/workflow/warmup.ts) before it says it is ready. Here: the wide workflow's text is built
// (not timed), the runner imported (`importMs`), the warm-up run (`warmUpMs`), both as the
// waiting process does before any run; then the process's first `loadWorkflow` of the wide
// workflow is timed (`coldMs`): its parse, the compile and check of each of its expressions, on
// code the warm-up ran but this workflow's text never met. Run by scripts/bench/xaml.mjs, one
// process per sample; `--no-warm-up` measures a process that skipped the warm-up.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { project, wideWorkflow } from './xaml-workflows';

/**
 * This thread's time on a CPU and waiting for one, in ns (Linux's schedstat; null elsewhere): the
 * wait is what a loaded machine adds to the wall clock.
 */
function schedstat(): [number, number] | null {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return [run, wait];
  } catch {
    return null;
  }
}

const wide = wideWorkflow();
const t0 = performance.now();
const { loadWorkflow } = await import('../../agent/xaml/api');
const { warmUp } = await import('../../agent/workflow/warmup');
const tImported = performance.now();
const warmed = process.argv.includes('--no-warm-up') ? null : await warmUp(tmpdir());
if (warmed === false) throw new Error('the warm-up workflow failed');
const sched0 = schedstat();
const t1 = performance.now();
const cpu0 = process.cpuUsage();
loadWorkflow(project(wide));
const t2 = performance.now();
const cpu = process.cpuUsage(cpu0);
const sched1 = schedstat();
// CPU time too: on a shared machine the wall clock also counts the time other work had the core.
const cpuMs = (cpu.user + cpu.system) / 1000;
const [threadCpuMs, waitMs] =
  sched0 && sched1 ? [(sched1[0] - sched0[0]) / 1e6, (sched1[1] - sched0[1]) / 1e6] : [null, null];
process.stdout.write(
  `${JSON.stringify({ importMs: tImported - t0, warmUpMs: t1 - tImported, coldMs: t2 - t1, cpuMs, threadCpuMs, waitMs })}\n`,
);
