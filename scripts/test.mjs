// `npm test`: every runner, then a summary table, the wall time of each step, the ten slowest test
// files, and one last line. The LAST line printed is always `N passed, N failed[, N skipped]`: CI
// and people read it.
//
// Steps that do not need each other run side by side, as two lanes (TEST_LANES=1: one after
// another): the checks and the build beside the unit tests, then the API tests on PGlite beside
// those on PostgreSQL (a test server spends much of its time waiting on clocks, sockets and its
// database, so two suites fill each other's gaps), then the end-to-end tests. The first lane's
// output streams; the other's is kept in a file and printed whole once it ends, so no two
// outputs interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CHROMIUM,
  failures,
  fileTimes,
  playwrightRetries,
  readPlaywrightCounts,
  readVitestCounts,
  readVitestFileTimes,
} from './lib/counts.mjs';

const root = resolve(import.meta.dirname, '..');
const tmp = resolve(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const isCI = process.env.CI === 'true' || process.env.CI === '1';
const sideBySide = process.env.TEST_LANES !== '1';
const keepReports = Boolean(process.env.TEST_KEEP_REPORTS);
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
const started = performance.now();

/**
 * Runs a command; resolves to its exit code (spawn errors → 1). Without `log` it has the
 * terminal's stdio; with it, its output goes to that file and is printed once it ends.
 */
function run(cmd, args, { env = process.env, log } = {}) {
  const shown = `\n\x1b[1m$ ${[cmd, ...args].join(' ')}\x1b[0m`;
  return new Promise((done) => {
    if (!log) console.log(shown);
    const out = log ? createWriteStream(log) : undefined;
    const child = spawn(cmd, args, { cwd: root, env, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    const finish = (code) => {
      if (!out) return done(code);
      out.end(() => {
        console.log(`${shown}  \x1b[2m(ran beside the other lane; its output follows)\x1b[0m`);
        process.stdout.write(readFileSync(log));
        rmSync(log, { force: true });
        done(code);
      });
    };
    child.on('error', (err) => {
      console.error(`could not start ${cmd}: ${err.message}`);
      finish(1);
    });
    child.on('close', (code, signal) => finish(signal ? 1 : (code ?? 1)));
  });
}

/** Adds a step's counts to the totals and its row (with its wall time) to the table. */
function record(step, counts, since) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  rows.push({ step, ...counts, seconds: (performance.now() - since) / 1000 });
}

/** A step that is no test of its own (a build): only its wall time is shown. */
function timed(step, since) {
  rows.push({ step, passed: '', failed: '', skipped: '', seconds: (performance.now() - since) / 1000 });
}

/** A lint-like step is one check: it passes or fails as a whole. */
async function check(step, cmd, args, lane) {
  const since = performance.now();
  const code = await run(cmd, args, { log: lane.log(step) });
  record(step, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }, since);
}

async function vitest(step, projects, env, lane) {
  const since = performance.now();
  // Per process: another `npm test` in the same folder must not overwrite this report.
  const out = resolve(tmp, `vitest-${step}-${process.pid}.json`);
  const times = resolve(tmp, `vitest-${step}-${process.pid}-times.json`);
  rmSync(out, { force: true });
  rmSync(times, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/lib/fileTimesReporter.mjs',
      `--outputFile.json=${out}`,
    ],
    { env: { ...env, VITEST_FILE_TIMES: times }, log: lane.log(step) },
  );
  record(step, readVitestCounts(out, code), since);
  readVitestFileTimes(step, times);
  if (!keepReports) for (const file of [out, times]) rmSync(file, { force: true });
}

function apiEnv(databaseUrl) {
  // The server and agent processes the tests start are the ones just built (tests/api/programs.ts).
  const env = { ...process.env, ...(built ? { TEST_BUILT: '1' } : {}) };
  // The embedded run must not silently reach a real server left in the environment.
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  // What a run's set-up made is its own (tests/api/globalSetup.ts).
  for (const made of ['TEST_PGLITE_IMAGE', 'TEST_DATABASE_TEMPLATE', 'TEST_DATABASE_PREFIX']) delete env[made];
  if (databaseUrl) {
    env.TEST_DATABASE_URL = databaseUrl;
    if (process.env.TEST_REDIS_URL) env.TEST_REDIS_URL = process.env.TEST_REDIS_URL;
  }
  return env;
}

const hasChromium = existsSync(CHROMIUM);
/** Whether the build succeeded (the e2e tests need it); set by the build step. */
let built = false;

/**
 * The web app, the server as `npm start` runs it, and the one-file reference agent that the Agents
 * screen offers for download, built once here: the API tests' own server processes and agents and
 * the e2e tests run these (TEST_BUILT, E2E_BUILT).
 */
async function build(lane) {
  const since = performance.now();
  const code = await run('node', ['scripts/build.mjs'], { log: lane.log('build') });
  built = code === 0;
  // Without a build the server has no web app to serve: every e2e test would fail anyway.
  if (built) timed('build', since);
  else record('build', { passed: 0, failed: 1, skipped: 0 }, since);
}

/** Retries Playwright used (CI allows one per test): printed, so a flaky pass is never silent. */
let e2eRetries = 0;

async function e2e() {
  if (!hasChromium) {
    const why = `${CHROMIUM} not found (apt-get install chromium)`;
    if (isCI) {
      console.error(`e2e FAILED: ${why}; CI must install it (see .ci/run).`);
      record('e2e', { passed: 0, failed: 1, skipped: 0 }, performance.now());
    } else {
      console.log(`e2e skipped: ${why}`);
    }
    return;
  }
  if (!built) return;
  const since = performance.now();
  const out = resolve(tmp, `e2e-${process.pid}.json`);
  rmSync(out, { force: true });
  // playwright.config.ts writes its json report where E2E_JSON_REPORT says.
  // E2E_BUILT: the servers and agents the tests start are the ones just built (tests/e2e/support).
  const env = { ...process.env, E2E_JSON_REPORT: out, E2E_BUILT: '1' };
  const code = await run('npx', ['playwright', 'test'], { env });
  e2eRetries = playwrightRetries(out);
  record('e2e', readPlaywrightCounts(out, code), since);
  if (!keepReports) rmSync(out, { force: true });
}

/** The lane whose output streams, and the one whose output is kept until it ends. */
const streamed = { log: () => undefined };
const kept = { log: (step) => (sideBySide ? resolve(tmp, `lane-${step}-${process.pid}.log`) : undefined) };

/** Runs the lanes side by side (or one after another with TEST_LANES=1). */
async function lanes(...work) {
  if (sideBySide) await Promise.all(work.map((w) => w()));
  else for (const w of work) await w();
}

await lanes(
  async () => {
    await vitest('unit', ['unit', 'web'], process.env, streamed);
  },
  async () => {
    await check('prettier', 'npx', ['prettier', '--check', '.'], kept);
    await check('eslint', 'npx', ['eslint', '.'], kept);
    await check('tsc', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], kept);
    await build(kept);
  },
);
await lanes(
  () => vitest('api-pglite', ['api'], apiEnv(undefined), streamed),
  async () => {
    if (process.env.TEST_DATABASE_URL) {
      await vitest('api-postgres', ['api'], apiEnv(process.env.TEST_DATABASE_URL), kept);
    } else {
      console.log('\napi on PostgreSQL skipped: TEST_DATABASE_URL is not set');
    }
  },
);
await e2e();

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((n) => `  ${n}`).join('\n')}`);
console.log('\nstep            passed  failed  skipped     wall');
for (const r of rows) {
  console.log(
    `${r.step.padEnd(16)}${String(r.passed).padStart(6)}${String(r.failed).padStart(8)}${String(r.skipped).padStart(9)}${clock(r.seconds).padStart(9)}`,
  );
}
console.log(`${'total (wall)'.padEnd(39)}${clock((performance.now() - started) / 1000).padStart(9)}`);
if (hasChromium) console.log(`e2e retries used: ${e2eRetries}`);
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
