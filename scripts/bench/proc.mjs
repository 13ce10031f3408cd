// Helpers of the memory and start benchmarks: a server process on a free loopback port, and its
// resident memory as the kernel counts it (/proc/<pid>/status; Linux only).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = resolve(import.meta.dirname, '../..');
export const BENCH_ADMIN = { email: 'bench-admin@rpa.local', password: 'Bench@123' };

export const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** Resident set now and its peak (VmHWM), in MiB; undefined without /proc. */
export function memoryOf(pid) {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const status = readFileSync(file, 'utf8');
  const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/**
 * Spawns `command args` with the server's environment on a free port, in its own process group
 * (so that stop() ends npm and everything under it), and resolves once `/api/health` answers.
 * `startedAt` and `answeredAt` are performance.now() readings around that.
 */
export async function launch(command, args, env, { timeoutMs = 180_000 } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    RPA_ADMIN_EMAIL: BENCH_ADMIN.email,
    RPA_ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) if (!(key in env)) delete fullEnv[key];
  const startedAt = performance.now();
  const child = spawn(command, args, { cwd: root, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // BENCH_SERVER_LOG=<file>: the launched server's whole output, e.g. with --trace-gc.
  if (process.env.BENCH_SERVER_LOG) {
    const file = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' });
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  /** `group: false` signals the launched process alone, as a supervisor stopping npm does. */
  const stop = async (signal = 'SIGTERM', { group = true } = {}) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    process.kill(group ? -child.pid : child.pid, signal);
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  const deadline = startedAt + timeoutMs;
  while (performance.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, pid: child.pid, startedAt, answeredAt: performance.now(), output: () => output, stop };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  await stop();
  throw new Error(`${command} ${args.join(' ')} did not answer at ${url}/api/health:\n${output}`);
}

/**
 * The node flags and environment `npm start` gives a server with this environment (package.json's
 * start script, whose `${NAME:+words}` give the words when NAME is set), so that the benchmarks
 * run the server as users do.
 */
export function startFlags(env = {}) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const start = script.replace(/\$\{(\w+):\+([^}]*)\}/g, (_, name, words) => (env[name] ? words : ''));
  return {
    args: start.match(/--[\w-]+=\S+/g) ?? [],
    env: Object.fromEntries([...start.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  };
}

/** The pid of the Node process that runs the server: the launched one, or its only Node descendant. */
export function serverPid(launched) {
  const children = (pid) => {
    const file = `/proc/${pid}/task/${pid}/children`;
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  };
  let pid = launched;
  for (let next = children(pid); next.length === 1; next = children(pid)) pid = next[0];
  return pid;
}

export async function login(url) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return (await res.json()).payload.token;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * A bench section whose measure(log) result render() turns into { markdown, missed }. Run from
 * `npm run bench`, or alone (`node scripts/bench/<file>.mjs`) when moduleUrl is the entry point:
 * then it prints its section and exits 1 when a target is missed.
 */
export function benchSection({ id, title, measure, render }, moduleUrl) {
  const section = {
    id,
    title,
    async run() {
      const out = render(await measure((line) => console.log(`  ${line}`)));
      console.log(out.markdown);
      return out;
    },
  };
  if (process.argv[1] === fileURLToPath(moduleUrl)) {
    const file = fileURLToPath(moduleUrl).slice(root.length + 1);
    void section.run().then((out) => {
      process.stdout.write(`\n## ${title}\n\nProduced by \`node ${file}\` in ${root}.\n\n${out.markdown}\n`);
      process.exitCode = out.missed > 0 ? 1 : 0;
    });
  }
  return section;
}
