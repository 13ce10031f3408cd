// `npm test`: every runner in sequence, their own output streamed, then one summary line.
// The LAST line printed is always `N passed, N failed[, N skipped]`: CI and people read it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHROMIUM,
  failures,
  fileTimes,
  playwrightRetries,
  readPlaywrightCounts,
  readVitestCounts,
} from './lib/counts.mjs';

const root = resolve(import.meta.dirname, '..');
const tmp = resolve(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const isCI = process.env.CI === 'true' || process.env.CI === '1';
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
const started = performance.now();
/** When the step being run began: record() measures its wall time from here. */
let stepStarted = started;

/** Runs a command with the terminal's stdio; resolves to its exit code (spawn errors → 1). */
function run(cmd, args, env = process.env) {
  return new Promise((done) => {
    console.log(`\n\x1b[1m$ ${[cmd, ...args].join(' ')}\x1b[0m`);
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`could not start ${cmd}: ${err.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}

/** A step that is no test of its own (a build): only its wall time is shown. */
function timed(step) {
  const now = performance.now();
  rows.push({ step, passed: '', failed: '', skipped: '', seconds: (now - stepStarted) / 1000 });
  stepStarted = now;
}

function record(step, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const now = performance.now();
  rows.push({ step, ...counts, seconds: (now - stepStarted) / 1000 });
  stepStarted = now;
}

/** A lint-like step is one check: it passes or fails as a whole. */
async function check(step, cmd, args) {
  const code = await run(cmd, args);
  record(step, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
}

async function vitest(step, project, env) {
  // Per process: another `npm test` in the same folder must not overwrite this report.
  const out = resolve(tmp, `vitest-${step}-${process.pid}.json`);
  rmSync(out, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    env,
  );
  record(step, readVitestCounts(out, code, step));
  if (!process.env.TEST_KEEP_REPORTS) rmSync(out, { force: true });
}

function apiEnv(databaseUrl) {
  const env = { ...process.env };
  // The embedded run must not silently reach a real server left in the environment.
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  if (databaseUrl) {
    env.TEST_DATABASE_URL = databaseUrl;
    if (process.env.TEST_REDIS_URL) env.TEST_REDIS_URL = process.env.TEST_REDIS_URL;
  }
  return env;
}

/** Retries Playwright used (CI allows one per test): printed, so a flaky pass is never silent. */
let e2eRetries = 0;

async function e2e() {
  if (!existsSync(CHROMIUM)) {
    const why = `${CHROMIUM} not found (apt-get install chromium)`;
    if (isCI) {
      console.error(`e2e FAILED: ${why}; CI must install it (see .ci/run).`);
      record('e2e', { passed: 0, failed: 1, skipped: 0 });
    } else {
      console.log(`e2e skipped: ${why}`);
    }
    return;
  }
  // The web app, and the one-file reference agent that the Agents screen offers for download:
  // the e2e runs the agent a user would download.
  const built = await run('node', ['scripts/build.mjs']);
  if (built === 0) timed('build');
  if (built !== 0) {
    // Without a build the server has no web app to serve: every e2e test would fail anyway.
    record('build', { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const out = resolve(tmp, `e2e-${process.pid}.json`);
  rmSync(out, { force: true });
  // playwright.config.ts writes its json report where E2E_JSON_REPORT says.
  const code = await run('npx', ['playwright', 'test'], { ...process.env, E2E_JSON_REPORT: out });
  e2eRetries = playwrightRetries(out);
  record('e2e', readPlaywrightCounts(out, code));
  if (!process.env.TEST_KEEP_REPORTS) rmSync(out, { force: true });
}

await check('prettier', 'npx', ['prettier', '--check', '.']);
await check('eslint', 'npx', ['eslint', '.']);
await check('tsc', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
await vitest('unit', 'unit', process.env);
await vitest('api-pglite', 'api', apiEnv(undefined));
if (process.env.TEST_DATABASE_URL) {
  await vitest('api-postgres', 'api', apiEnv(process.env.TEST_DATABASE_URL));
} else {
  console.log('\napi on PostgreSQL skipped: TEST_DATABASE_URL is not set');
}
await e2e();

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((n) => `  ${n}`).join('\n')}`);
console.log('\nstep            passed  failed  skipped     wall');
for (const r of rows) {
  console.log(
    `${r.step.padEnd(16)}${String(r.passed).padStart(6)}${String(r.failed).padStart(8)}${String(r.skipped).padStart(9)}${clock(r.seconds).padStart(9)}`,
  );
}
console.log(`${'total'.padEnd(39)}${clock((performance.now() - started) / 1000).padStart(9)}`);
if (existsSync(CHROMIUM)) console.log(`e2e retries used: ${e2eRetries}`);
const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
if (slowest.length > 0) {
  console.log('\nslowest test files');
  for (const f of slowest) console.log(`${clock(f.seconds).padStart(8)}  ${f.step.padEnd(13)} ${f.file}`);
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exitCode = totals.failed > 0 ? 1 : 0;

/** Seconds as m:ss (or s.s under a minute), for the timing columns. */
function clock(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const m = Math.floor(seconds / 60);
  return `${m}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
}
