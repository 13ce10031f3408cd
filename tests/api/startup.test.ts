import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { roles, users } from '../../server/db/schema';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  createTestDatabase,
  login,
  startServer,
  type TestDatabase,
  type TestServer,
} from './helpers';
import { serverProgram } from './programs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const journal = JSON.parse(await readFile(path.join(ROOT, 'server/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
});

async function counts(server: TestServer) {
  const db = server.app.database.db;
  const [[r], [u], [m]] = await Promise.all([
    db.select({ n: count() }).from(roles),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(appliedMigrations),
  ]);
  return { roles: r.n, users: u.n, migrations: m.n };
}

describe('configuration', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:8080',
      jwtExpiresIn: '8h',
    });
    expect(config.adminEmail).toBe('admin@rpa.local');
    expect(config.jwtExpiresInMs).toBe(8 * 3_600_000);
  });

  it('rejects a bad PORT with a clear message', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be an integer between 1 and 65535 (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be an integer between 1 and 65535 (got "70000")']);
    expect(problemsOf({ PORT: '0' })).toHaveLength(1);
  });

  it('lists every bad value at once', () => {
    const problems = problemsOf({
      PORT: '-1',
      RPA_ADMIN_PASSWORD: 'weak',
      DATABASE_URL: 'mysql://x',
      JWT_EXPIRES_IN: 'soon',
      SOCIAL_LINKS: 'oops',
    });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toContain('RPA_ADMIN_PASSWORD does not satisfy the password rule');
    expect(problems.join('\n')).toContain('DATABASE_URL must be a postgres:// URL');
  });

  it('makes the server exit with status 1 and the message on a bad PORT', async () => {
    const child = spawn(process.execPath, serverProgram(), {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be an integer between 1 and 65535');
  });
});

describe('restarts', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    // From zero: the first start applies every migration.
    database = await createTestDatabase({ empty: true });
    dataDir = await mkdtemp(path.join(tmpdir(), 'rpa-restart-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds once; a second start changes nothing and old tokens stay valid', async () => {
    const first = await startServer({ dataDir, database });
    let token: string;
    try {
      expect(first.app.seedResult).toEqual({ adminEmail: ADMIN_EMAIL, adminCreated: true });
      expect(await counts(first)).toEqual({ roles: 4, users: 1, migrations: journal.entries.length });
      token = (await login(first, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    } finally {
      await first.close();
    }
    const second = await startServer({ dataDir, database });
    try {
      expect(second.app.seedResult).toEqual({ adminEmail: ADMIN_EMAIL, adminCreated: false });
      expect(await counts(second)).toEqual({ roles: 4, users: 1, migrations: journal.entries.length });
      // The generated JWT secret was kept (file or settings row), so the session survives.
      expect((await call(second, 'GET', '/api/role/all', { token })).status).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets several nodes start on one fresh PostgreSQL database at once',
    async () => {
      const shared = await createTestDatabase({ empty: true });
      const dirs = await Promise.all([0, 1, 2].map(() => mkdtemp(path.join(tmpdir(), 'rpa-node-'))));
      try {
        const apps = await Promise.all(
          dirs.map((dir) =>
            buildApp(
              loadConfig({
                DATA_DIR: dir,
                DATABASE_URL: shared.url ?? '',
                LOG_LEVEL: 'silent',
                RPA_ADMIN_EMAIL: ADMIN_EMAIL,
              }),
            ),
          ),
        );
        try {
          expect(apps.filter((a) => a.seedResult.adminCreated)).toHaveLength(1);
          const [[r], [u]] = await Promise.all([
            apps[0].database.db.select({ n: count() }).from(roles),
            apps[0].database.db.select({ n: count() }).from(users),
          ]);
          expect([r.n, u.n]).toEqual([4, 1]);
        } finally {
          await Promise.all(apps.map((a) => a.close()));
        }
      } finally {
        await shared.drop();
        await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
      }
    },
    60_000,
  );
});

function freePort(): Promise<number> {
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

/** Runs the server (tests/api/programs.ts) until it prints its banner, then stops it with SIGTERM. */
async function runMain(env: Record<string, string>): Promise<{ stdout: string; code: number | null }> {
  const child = spawn(process.execPath, serverProgram(), {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Super Admin:')) resolve();
    });
    void exited.then((code) => reject(new Error(`main.ts exited (${code}) before starting:\n${stdout}\n${stderr}`)));
  });
  const health = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
  expect(health.status).toBe(200);
  child.kill('SIGTERM');
  return { stdout, code: await exited };
}

describe('server/main.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rpa-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints the URL and the new Super Admin credentials, later only the e-mail, and stops cleanly', async () => {
    const port = String(await freePort());
    const env = {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RPA_ADMIN_EMAIL: 'boss@rpa.test',
      RPA_ADMIN_PASSWORD: 'Boss@1234',
    };
    const first = await runMain(env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`running at http://localhost:${port}`);
    expect(first.stdout).toContain('boss@rpa.test / Boss@1234');
    const second = await runMain({ ...env, PORT: String(await freePort()) });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Super Admin: boss@rpa.test');
    expect(second.stdout).not.toContain('Boss@1234');
  }, 90_000);
});
