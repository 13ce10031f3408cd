// Memory section: resident memory (RSS) of the server on embedded PGlite, started by `npm start`
// in a temp data folder: idle after a first start (the database is created and migrated), idle
// after a warm start, and after the list benchmark's 100,000 PGlite users have been listed.
// Standalone: `node scripts/bench/memory.mjs` prints the section; BENCH_SERVER=tsx measures the
// TypeScript server run through tsx instead (as `npm run dev` runs it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ensureBuilt } from '../lib/build.mjs';
import { BIG_COMPANY_SQL, seedStatements } from './list-seed.mjs';
import { benchSection, launch, login, memoryOf, serverPid } from './proc.mjs';

const IDLE_TARGET_MB = 300;
const LISTED_TARGET_MB = 500;
/** After the health check answers, the server settles (timers, first GCs) before it counts as idle. */
const SETTLE_MS = 5_000;
const SEED = { companies: 100, users: 100_000, big: 20_000 };

/**
 * Measured by this script at commit 8f31d81 (BENCH_SERVER=tsx: that commit ran the server through
 * tsx, with PGlite's default settings and the database created in the server's process).
 */
const BEFORE = { first: { rss: 569, peak: 946 }, warm: { rss: 413, peak: 463 }, listed: { rss: 481, peak: 485 } };
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const tsx = process.env.BENCH_SERVER === 'tsx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The server as `npm start` runs it (npm execs it: npm's child is the server's process), or through tsx. */
async function startApp(env) {
  const app = tsx
    ? await launch(process.execPath, ['--import', 'tsx', 'server/main.ts'], env)
    : await launch(npm, ['start'], env);
  // Stopped as Ctrl-C stops it.
  return { ...app, pid: serverPid(app.pid), stop: () => app.stop('SIGINT') };
}

async function idle(app) {
  await sleep(SETTLE_MS);
  return memoryOf(app.pid);
}

/** Every list shape the users screen asks for, page by page, then the list bench's request under load. */
async function listEverything(app, companyId) {
  const token = await login(app.url);
  const headers = { authorization: `Token ${token}` };
  const shapes = [
    'sort=createdAt&order=DESC',
    'sort=email&order=ASC',
    'sort=fullName&order=DESC',
    'status=active&sort=createdAt&order=DESC',
    'q=Bench%20User%201&sort=createdAt&order=DESC',
  ];
  for (const shape of shapes) {
    for (const page of [1, 2, 3, 50, 400, 800]) {
      const res = await fetch(`${app.url}/api/user/all?companyId=${companyId}&${shape}&limit=25&page=${page}`, {
        headers,
      });
      if (!res.ok) throw new Error(`list ${shape} page ${page} answered ${res.status}`);
      await res.arrayBuffer();
    }
    // Across every company: the Super Admin's unfiltered list.
    const all = await fetch(`${app.url}/api/user/all?${shape}&limit=100&page=1`, { headers });
    if (!all.ok) throw new Error(`list ${shape} answered ${all.status}`);
    await all.arrayBuffer();
  }
  for (const connections of [8, 64]) {
    const result = await autocannon({
      url: `${app.url}/api/user/all?companyId=${companyId}&status=active&sort=createdAt&order=DESC&limit=25`,
      connections,
      duration: 10,
      headers,
      timeout: 30,
    });
    if (result.non2xx > 0) throw new Error(`list under load: ${result.non2xx} non-2xx answers`);
  }
}

/** The same server on PostgreSQL, for the share of the embedded database; undefined when none answers. */
async function measurePostgres(log) {
  const { default: pg } = await import('pg');
  const name = `rpa_bench_memory_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    log(`PostgreSQL not measured: ${error.message}`);
    return undefined;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-bench-memory-pg-'));
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    await (await startApp(env)).stop();
    const warm = await startApp(env);
    const mem = await idle(warm);
    await warm.stop();
    log(`PostgreSQL, warm start: ${mem.rss.toFixed(0)} MiB idle, peak ${mem.peak.toFixed(0)} MiB`);
    return mem;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(log) {
  if (!tsx) await ensureBuilt({ log });
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-bench-memory-'));
  try {
    const first = await startApp({ DATA_DIR: dataDir });
    const firstMem = await idle(first);
    await first.stop();
    log(`first start: ${firstMem.rss.toFixed(0)} MiB idle, peak ${firstMem.peak.toFixed(0)} MiB`);

    const warm = await startApp({ DATA_DIR: dataDir });
    const warmMem = await idle(warm);
    await warm.stop();
    log(`warm start: ${warmMem.rss.toFixed(0)} MiB idle, peak ${warmMem.peak.toFixed(0)} MiB`);

    log(`seeding ${SEED.users.toLocaleString('en')} users`);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(join(dataDir, 'pglite'));
    for (const statement of seedStatements(SEED)) await db.exec(statement);
    const companyId = (await db.query(BIG_COMPANY_SQL)).rows[0].id;
    await db.close();

    const listed = await startApp({ DATA_DIR: dataDir });
    let listedMem;
    try {
      await listEverything(listed, companyId);
      listedMem = await idle(listed);
      log(`after listing: ${listedMem.rss.toFixed(0)} MiB, peak ${listedMem.peak.toFixed(0)} MiB`);
    } finally {
      await listed.stop();
    }
    return { first: firstMem, warm: warmMem, listed: listedMem, postgres: await measurePostgres(log) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mib = (v) => (v === undefined ? 'not measured' : `${Math.round(v)} MB`);
const withPeak = (m) => (m === undefined ? 'not measured' : `${mib(m.rss)} (peak ${mib(m.peak)})`);
const verdict = (ok) => (ok ? '✅ pass' : '❌ miss');

function render(m) {
  const rows = [
    ['Idle RSS after a first start (database created and migrated)', m.first, BEFORE.first, IDLE_TARGET_MB],
    ['Idle RSS after a warm start', m.warm, BEFORE.warm, IDLE_TARGET_MB],
    [`RSS after listing ${SEED.users.toLocaleString('en')} users`, m.listed, BEFORE.listed, LISTED_TARGET_MB],
  ];
  let missed = 0;
  const lines = rows.map(([label, value, before, target]) => {
    const ok = value.rss <= target;
    missed += ok ? 0 : 1;
    return `| ${label} | ${withPeak(value)} | ${withPeak(before)} | ≤ ${target} MB | ${verdict(ok)} |`;
  });
  lines.push(
    `| Idle RSS after a warm start on PostgreSQL (DATABASE_URL): the server without its embedded database | ${m.postgres ? withPeak(m.postgres) : 'not measured: no PostgreSQL at BENCH_DATABASE_URL'} | — | (information) | — |`,
  );
  const markdown = `| measure | value | before | target | result |
|---|---|---|---|---|
${lines.join('\n')}

How: the server is started by \`npm start\` (compiled JavaScript, glibc's MALLOC_MMAP_THRESHOLD_ set
by package.json; see scripts/start.mjs${tsx ? '; this run: BENCH_SERVER=tsx, the TypeScript server through tsx' : ''}) on embedded PGlite in a temp data folder. RSS is \`VmRSS\` of its process (\`/proc/<pid>/status\`,
1 MB = 2^20 bytes), read ${SETTLE_MS / 1000} s after the last request; the peak is \`VmHWM\`, the most it held
since it started. A first start creates the database in a child process that ends once it is made
(server/db/client.ts); the figures are the server process's own. Listing: the users list of the big
company (${SEED.big.toLocaleString('en')} users) and of every company, in five sorts and searches, pages 1 to 800, then the list
benchmark's request for 10 s at 8 and 10 s at 64 connections; data as in the list benchmark
(scripts/bench/list-seed.mjs). Before: commit 8f31d81, measured the same way, where the server ran
through tsx with PGlite's default settings (128 MB of shared buffers) and created a new database
(initdb) in its own process.`;
  return { markdown, missed };
}

export const memorySection = benchSection(
  { id: 'memory', title: 'Memory (embedded PGlite)', measure, render },
  import.meta.url,
);
