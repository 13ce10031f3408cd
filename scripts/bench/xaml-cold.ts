// One cold-load sample, as the agent's fresh workflow process sees it: prints one JSON line. The
// wide workflow's text is built first (not timed); then the runner module is imported (timed as
// `importMs`: tsx's transform from its cache and the modules' top-level code) and the first
// `loadWorkflow` of the process is timed (`coldMs`): the parse, the compile of every expression
// and whatever the runner initialises on first use, with V8 not yet warmed up on any of it.
// Run by scripts/bench/xaml.mjs, one process per sample.
import { readFileSync } from 'node:fs';
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
const { loadWorkflow } = await import('../../agent/xaml/runner');
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
process.stdout.write(`${JSON.stringify({ importMs: t1 - t0, coldMs: t2 - t1, cpuMs, threadCpuMs, waitMs })}\n`);
