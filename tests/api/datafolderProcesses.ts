// Real processes on a data folder, for the datafolder-* suites: the server (server/main.ts)
// and the scripts (seed:demo, backup, restore), as an operator runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { withMigratedDatabase } from './dataFolder';
import { call } from './helpers';
import { serverProgram } from './programs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'admin@rpa.test', password: 'Admin@123' };

export const tempFolder = (name: string): Promise<string> => mkdtemp(path.join(tmpdir(), `rpa-${name}-`));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a child: this data folder, no database, Redis or SMTP from the caller's shell unless given. */
function envOf(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RPA_ADMIN_EMAIL: ADMIN.email,
    RPA_ADMIN_PASSWORD: ADMIN.password,
  };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'DEMO_DATA']) delete env[key];
  return { ...env, ...extra };
}

interface Output {
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Output {
  const output: Output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  return output;
}

export interface Finished extends Output {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function finished(child: ChildProcess, output: Output): Promise<Finished> {
  return new Promise((resolve) => {
    const done = () => resolve({ ...output, code: child.exitCode, signal: child.signalCode });
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('close', done);
  });
}

/** Runs `node --import tsx <file> ...args` in the repository to its end. */
export async function run(
  file: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Finished> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: ROOT, env: envOf(dataDir, env) });
  return finished(child, collect(child));
}

export const script = (
  name: 'seed-demo' | 'backup' | 'restore',
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
) => run(`scripts/${name}.ts`, args, dataDir, env);

export interface RealServer {
  baseUrl: string;
  pid: number;
  output: Output;
  exit: Promise<Finished>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); answers how the process ended. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<Finished>;
}

type ServerOptions = {
  args?: string[];
  env?: Record<string, string>;
  port?: number;
  /** Leave a folder without a database to the server's first start (default: the run's migrated copy). */
  fresh?: boolean;
};

/**
 * Starts `server/main.ts` on the folder and waits until it answers /api/health (or throws with its
 * output). A free port can be taken by another process before the server binds it: then, unless
 * the caller chose the port, it starts again on another one.
 */
export async function startRealServer(dataDir: string, options: ServerOptions = {}): Promise<RealServer> {
  if (!options.fresh && !options.env?.DATABASE_URL) withMigratedDatabase(dataDir);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(dataDir, options);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOnce(dataDir: string, options: ServerOptions): Promise<RealServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, ...options.env };
  const child = spawn(process.execPath, [...serverProgram(), ...(options.args ?? [])], {
    cwd: ROOT,
    env: envOf(dataDir, env),
  });
  const output = collect(child);
  const exit = finished(child, output);
  let ended = false;
  void exit.then(() => (ended = true));
  const server: RealServer = {
    baseUrl,
    pid: child.pid ?? 0,
    output,
    exit,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exit;
    },
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not start on ${dataDir}:\n${output.stdout}\n${output.stderr}`);
}

export async function loginTo(server: { baseUrl: string }, email: string, password: string): Promise<string> {
  const res = await call<{ payload: { token: string } }>(server, 'POST', '/api/user/login', {
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
  return res.body.payload.token;
}

/** Every company's name, all pages. */
export async function companyNames(server: { baseUrl: string }, token: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await call<{ payload: { rows: { name: string }[] } }>(
      server,
      'GET',
      `/api/company/all?page=${page}&limit=100`,
      { token },
    );
    if (res.status !== 200) throw new Error(`the company list answered ${res.status}: ${res.text}`);
    names.push(...res.body.payload.rows.map((row) => row.name));
    if (res.body.payload.rows.length < 100) return names;
  }
}

export const companyBody = (name: string) => ({
  name,
  address: '1 Test Street',
  email: 'office@company.test',
  phone: '+91 98765 43210',
});
