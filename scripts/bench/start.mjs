// Start section: seconds from launching `npm start` to the first answered request
// (GET /api/health), on embedded PGlite in a temp data folder, with the builds up to date.
// Standalone: `node scripts/bench/start.mjs` prints the section.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuilt } from '../lib/build.mjs';
import { benchSection, launch, median, serverPid } from './proc.mjs';

const WARM_TARGET_S = 3;
const RUNS = 5;

/**
 * Measured by this script at commit 8f31d81 (its `npm start` ran `vite build` on every start,
 * then the server through tsx), on this machine at a 1-min load average of 1.6, stopped with
 * Ctrl-C only: a SIGTERM to npm did not reach that server.
 */
const BEFORE = { first: 9.5, warm: 5.6 };

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * One `npm start`: seconds until it answered. Checks that it printed the address and the Super
 * Admin's line, and that the stop (Ctrl-C: SIGINT to the process group; or a supervisor's SIGTERM
 * to npm alone) reaches the server, which stops cleanly (exit 0, passed on by npm).
 */
async function startOnce(dataDir, stopWith) {
  const app = await launch(npm, ['start'], { DATA_DIR: dataDir });
  const seconds = (app.answeredAt - app.startedAt) / 1000;
  // The banner follows listen(): give it a moment to be flushed.
  for (let i = 0; i < 50 && !/Super Admin:/.test(app.output()); i += 1) await sleep(20);
  const banner = app.output();
  const server = serverPid(app.pid);
  const exit = await app.stop(stopWith === 'ctrl-c' ? 'SIGINT' : 'SIGTERM', { group: stopWith === 'ctrl-c' });
  if (!/is running at http/.test(banner) || !/Super Admin:/.test(banner))
    throw new Error(`npm start did not print the address and the Super Admin:\n${banner}`);
  if (existsSync(`/proc/${server}`))
    throw new Error(`the server (pid ${server}) outlived npm start after ${stopWith}:\n${app.output()}`);
  if (exit.code !== 0)
    throw new Error(`npm start ended with ${exit.code ?? exit.signal} after ${stopWith}:\n${app.output()}`);
  return seconds;
}

async function measure(log) {
  const built = await ensureBuilt({ log });
  if (built.length > 0) log(`built first: ${built.join(', ')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-bench-start-'));
  try {
    const first = await startOnce(dataDir, 'ctrl-c');
    log(`first start (new data folder): ${first.toFixed(2)} s`);
    const warm = [];
    for (let run = 1; run <= RUNS; run += 1) {
      warm.push(await startOnce(dataDir, run % 2 ? 'ctrl-c' : 'sigterm'));
      log(`warm start ${run}: ${warm.at(-1).toFixed(2)} s`);
    }
    return { first, warm };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const s = (v) => (v === undefined ? 'not measured' : `${v.toFixed(1)} s`);
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render({ first, warm }) {
  const warmMedian = median(warm);
  const ok = warmMedian <= WARM_TARGET_S;
  const markdown = `| measure | value | before | target | result |
|---|---|---|---|---|
| Warm \`npm start\` → first answer, median of ${RUNS} | ${s(warmMedian)} | ${s(BEFORE.warm)} | ≤ ${WARM_TARGET_S} s | ${verdict(ok)} |
| Warm \`npm start\`, slowest of ${RUNS} | ${s(Math.max(...warm))} | — | (information) | — |
| First \`npm start\` on a new data folder (database created and migrated), builds up to date | ${s(first)} | ${s(BEFORE.first)} | (information) | — |

How: \`npm start\` (node scripts/start.mjs) launched with PORT, DATA_DIR (a temp folder) and
LOG_LEVEL=warn set; the time runs from spawning npm to the first 200 from \`GET /api/health\`
(polled every 20 ms), and includes npm's own start. Each run must have printed the address and
the Super Admin's line, and must stop cleanly (npm exits 0 once the server has) when stopped as
Ctrl-C does (SIGINT to the process group) or, every other run, as a supervisor does (SIGTERM to
npm alone). Warm: the web app and the server are built and the data folder exists, so start.mjs
only hashes the sources, finds both builds current and runs the compiled server
(dist-server/main.js, with TypeBox, libphonenumber-js and fast-xml-parser bundled in; the other
dependencies load from node_modules, the PostgreSQL driver, the Redis client and nodemailer only
when configured or at the first mail). Before its first answer the server opens PGlite, checks
the migrations, runs the seed and registers the routes; the routes' schemas compile on first use,
and the others right after it listens. Samples (s): ${warm.map((v) => v.toFixed(2)).join(', ')}.
Before: commit 8f31d81, measured the same way on this machine (1-min load average 1.6), where
\`npm start\` ran \`vite build\` on every start, then the server through tsx.`;
  return { markdown, missed: ok ? 0 : 1 };
}

export const startSection = benchSection({ id: 'start', title: 'Start (npm start)', measure, render }, import.meta.url);
