// Shared by the runtime's benchmarks (runtime.mjs, fleet.mjs, process-list.mjs): a server on a
// throwaway PostgreSQL database or a temp PGlite folder, its fixtures written in SQL (a company
// with a licence, a bot, agents with known secrets), and simulated agents in worker processes
// (scripts/bench/agent-worker.mjs), each a real socket.io client speaking the agent protocol.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt, SERVER_ENTRY } from '../lib/build.mjs';
import { launch, login, root, startFlags } from './proc.mjs';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_COMPANY = 'Bench Runtime Co';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const now = () => performance.timeOrigin + performance.now();

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CPU time (user + system, ms) of a process so far, from /proc; NaN where it is missing. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** CPU time (ms) so far of each PostgreSQL server process on this machine (its sessions and helpers), by pid. */
export function postgresCpu() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') byPid.set(pid, cpuMs(pid) || 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return byPid;
}

/** PostgreSQL's CPU time (ms) since a postgresCpu() reading; sessions that ended meanwhile are not counted. */
export function postgresCpuSince(before) {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * A database the bench owns: a throwaway PostgreSQL database, or a PGlite folder. `asyncCommit`
 * sets synchronous_commit = off on the PostgreSQL database: a commit then no longer waits for
 * the disk's flush, which shows how much of a figure that flush is.
 */
export async function openDatabase(kind, { asyncCommit = false } = {}) {
  if (kind === 'postgres') {
    const { default: pg } = await import('pg');
    const name = `rpa_bench_rt_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    if (asyncCommit) await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    let client = null;
    return {
      kind,
      name,
      env: { DATABASE_URL: url.toString() },
      async query(sql, params = []) {
        if (!client) {
          client = new pg.Client({ connectionString: url.toString() });
          await client.connect();
        }
        return (await client.query(sql, params)).rows;
      },
      // PostgreSQL serves the server and the bench at once.
      async release() {},
      async drop() {
        await client?.end();
        client = null;
        const again = new pg.Client({ connectionString: PG_ADMIN_URL });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-bench-rt-'));
  let db = null;
  return {
    kind,
    env: { DATA_DIR: dataDir },
    async query(sql, params = []) {
      db ??= await PGlite.create(join(dataDir, 'pglite'));
      return params.length > 0 ? (await db.query(sql, params)).rows : ((await db.exec(sql)).at(-1)?.rows ?? []);
    },
    // One process owns a PGlite folder: the bench lets go of it before the server starts.
    async release() {
      await db?.close();
      db = null;
    },
    async drop() {
      await db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let built = null;

/**
 * The server as `npm start` runs it: the built server (built first when the sources changed)
 * with the start script's flags, its own process (no npm in between). BENCH_SERVER=tsx runs the
 * TypeScript sources through tsx instead; BENCH_NODE_ARGS adds flags to try; BENCH_PROF=<folder>
 * writes the server's CPU profile there (node --cpu-prof), to see where a figure goes.
 */
export async function startApp(database, env = {}, { nodeArgs = [] } = {}) {
  const tsx = process.env.BENCH_SERVER === 'tsx';
  // Checked once per bench run: a run starts the server many times, the sources do not change.
  if (!tsx) await (built ??= ensureBuilt({ log: () => undefined }));
  const start = startFlags({ ...database.env, ...env });
  return launch(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
      ...start.args,
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
      ...nodeArgs,
      ...(tsx ? ['--import', 'tsx', 'server/main.ts'] : [SERVER_ENTRY]),
    ],
    { ...start.env, ...database.env, ...env },
  );
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * The company, its licence, a `.js` bot and `agents` agents (disconnected until their socket
 * connects), written in SQL; the processes belong to the Super Admin the server created.
 */
export async function seedFixtures(database, agents) {
  const [company] = await database.query(
    `insert into companies (name, status) values ('${BENCH_COMPANY}', 'active') returning id::text as id`,
  );
  await database.query(
    `insert into company_licences (company_id, tenure, currency, amount, max_bots, max_agents, start_date, end_date)
     values ('${company.id}', 'Annually', 'USD', 0, 1000, 100000, current_date - 1, current_date + 365)`,
  );
  const [admin] = await database.query(`select id::text as id from users order by created_at limit 1`);
  // Automated (type 2): the scheduler's bench fires it from plans, which fire Automated bots only.
  const [bot] = await database.query(
    `insert into bots (company_id, user_id, name, description, type, file_name, file_size, file_content)
     values ('${company.id}', '${admin.id}', 'Bench bot', 'bench', 2, 'bench.js', 20, 'console.log("bench")')
     returning id::text as id`,
  );
  const secret = randomBytes(16).toString('hex');
  const rows = await database.query(
    `insert into agents (company_id, name, device_id, secret_hash)
     select '${company.id}', 'bench-agent-' || i, 'BENCH-' || i, '${sha256(secret)}' from generate_series(1, ${agents}) i
     returning id::text as id`,
  );
  return { companyId: company.id, userId: admin.id, botId: bot.id, agents: rows.map((r) => ({ id: r.id, secret })) };
}

/** Pending processes for these agents, `each` per agent, written in SQL (the queue a dispatch drains). */
export const queueSql = (fixtures, agentIds, each) =>
  `insert into processes (company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id, timeout_seconds, created_at)
   select '${fixtures.companyId}', '${fixtures.botId}', a.id, '${fixtures.userId}', 'Bench bot', a.name, a.device_id, 3600,
          now() - make_interval(secs => ${each} - i)
   from agents a cross join generate_series(1, ${each}) i
   where a.id in (${agentIds.map((id) => `'${id}'`).join(', ')})`;

/**
 * Simulated agents split over `workers` processes. Each worker answers the commands the bench
 * sends it (agent-worker.mjs) and reports back; `request` resolves with the worker's reply.
 * onEvent hears what the workers report unasked (starts), from the first connection on.
 */
export async function startWorkers(url, agents, workers, options = {}, onEvent = () => undefined) {
  const per = Math.ceil(agents.length / workers);
  const list = [];
  for (let w = 0; w < workers; w += 1) {
    const mine = agents.slice(w * per, (w + 1) * per);
    if (mine.length === 0) break;
    const child = fork(resolve(root, 'scripts/bench/agent-worker.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // The V8 settings npm start gives a node on PostgreSQL: a worker holds thousands of sockets too.
      execArgv: ['--max-old-space-size=2048', ...startFlags({ DATABASE_URL: 'postgres' }).args],
    });
    // A lower CPU priority for the simulated agents: on a machine they share with the server,
    // the cores go to the server and its database first, as with agents on machines of their own.
    if (options.nice) setPriority(child.pid, options.nice);
    const pending = new Map();
    const listeners = new Set([onEvent]);
    let next = 0;
    child.on('message', (message) => {
      if (message.reply !== undefined) {
        pending.get(message.reply)?.(message);
        pending.delete(message.reply);
      } else for (const listen of listeners) listen(message);
    });
    const request = (command) =>
      new Promise((done, fail) => {
        const id = (next += 1);
        pending.set(id, (m) => (m.error ? fail(new Error(m.error)) : done(m)));
        child.send({ ...command, id });
      });
    list.push({ child, agents: mine, request, listen: (fn) => listeners.add(fn) });
  }
  await Promise.all(list.map((w) => w.request({ type: 'connect', url, agents: w.agents, ...options })));
  return {
    list,
    all: (command) => Promise.all(list.map((w) => w.request(command))),
    async stop() {
      await Promise.all(list.map((w) => w.request({ type: 'close' }).catch(() => undefined)));
      for (const w of list) w.child.kill();
    },
  };
}

/** A browser's socket, signed in and joined to the control room: it receives the `message` events. */
export async function browserSocket(url, token) {
  const { io } = await import('socket.io-client');
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise((done, fail) => {
    socket.once('connect', done);
    socket.once('connect_error', fail);
  });
  const answer = await socket.timeout(10_000).emitWithAck('join-room', { token, roomId: 'controlroom' });
  if (!answer.ok) throw new Error(`join-room refused: ${answer.message}`);
  return socket;
}

export { launch, login, root };

/** Polls until check() is truthy, or fails after the deadline. */
export async function until(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
