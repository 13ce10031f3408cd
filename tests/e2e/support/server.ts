import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type RunningServer = {
  url: string;
  dataDir: string;
  logFile: string;
  stop: () => Promise<void>;
};

const root = resolve(import.meta.dirname, '../../..');

/**
 * The server as `npm start` runs it, compiled (dist-server/main.js), when `npm test` has just
 * built it (E2E_BUILT=1): it starts in a fraction of the time and CPU that compiling the sources
 * on the fly takes. Otherwise (`npx playwright test` on its own) the sources, which are never stale.
 */
function serverProgram(): string[] {
  const built = join(root, 'dist-server', 'main.js');
  return process.env.E2E_BUILT === '1' && existsSync(built) ? [built] : ['--import', 'tsx', 'server/main.ts'];
}

/** Asks the OS for a free port; a fixed 9200 + worker would clash with parallel runs. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited(child).then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited (code ${child.exitCode}) before it was healthy; see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy at ${url}/api/health after 90 s; see ${logFile}`);
}

/** Starts the real server on embedded PGlite in a new data folder, so each worker has its own seeded database. */
export async function startServer(name: string, extraEnv: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `rpa-e2e-${name}-`));
  // The run's migrated database (tests/e2e/global-setup.ts), copied: no initdb per worker.
  const migrated = process.env.E2E_PGLITE_FOLDER;
  if (migrated && existsSync(migrated)) cpSync(migrated, join(dataDir, 'pglite'), { recursive: true });
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const logFile = join(root, '.tmp', `e2e-server-${name}.log`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...extraEnv,
  };
  // A real database, Redis or SMTP from the caller's shell would break isolation and the outbox helper.
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) if (!(key in extraEnv)) delete env[key];
  const child = spawn(process.execPath, serverProgram(), {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, logFile, stop };
}
