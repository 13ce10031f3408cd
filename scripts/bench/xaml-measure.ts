// The XAML runner measured in this process, as the agent's workflow child runs it: prints one JSON
// line. Run by scripts/bench/xaml.mjs (`npm run bench -- xaml`) under tsx, as the runner is TypeScript.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { folderHost, loadWorkflow, runWorkflow } from '../../agent/xaml/api';
import { LOOP_ACTIVITIES, LOOPS, loopWorkflow, project, wideWorkflow } from './xaml-workflows';

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'xaml-bench-'));
  try {
    const wide = wideWorkflow();
    const loads: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      loadWorkflow(project(wide));
      loads.push(performance.now() - t0);
    }
    const loop = loadWorkflow(project(loopWorkflow()));
    const lines: string[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await runWorkflow(loop, {
      args: {},
      log: (level, text) => lines.push(`${level}: ${text}`),
      trace: false,
      signal: new AbortController().signal,
      host: folderHost(folder),
    });
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const expected = `Info: hits: ${LOOPS / 10}`;
    if (lines.at(-1) !== expected) throw new Error(`the loop logged ${lines.at(-1) ?? 'nothing'}, not ${expected}`);
    process.stdout.write(
      `${JSON.stringify({
        loadFirstMs: loads[0],
        loadMedianMs: [...loads.slice(1)].sort((a, b) => a - b)[10],
        wideBytes: wide.length,
        activities: LOOP_ACTIVITIES,
        wallMs,
        cpuMs: (cpu.user + cpu.system) / 1000,
        peakRssMiB: process.resourceUsage().maxRSS / 1024,
      })}\n`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
