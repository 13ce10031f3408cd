import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { RateLimits } from '../../server/plugins/security';
import { withMigratedDatabase } from './dataFolder';

export const ADMIN_EMAIL = 'admin@rpa.test';
export const ADMIN_PASSWORD = 'Admin@123';
export const PUBLIC_URL = 'http://rpa.test';

/** A database for a test: a throwaway PostgreSQL database when TEST_DATABASE_URL is set, else PGlite. */
export interface TestDatabase {
  /** Made with `empty`: the server that starts on it creates and migrates it from nothing. */
  empty?: boolean;
  /** PostgreSQL URL, or null for PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * An empty database, every migration applied by the server that starts on it: the tests of
   * migrating from zero. Default: a copy of the run's migrated template (tests/api/globalSetup.ts).
   */
  empty?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: null, empty: options.empty, drop: async () => undefined };
  // The run drops its databases together at its end (globalSetup.ts); a file run outside it drops its own.
  const runPrefix = process.env.TEST_DATABASE_PREFIX;
  const template = options.empty ? undefined : process.env.TEST_DATABASE_TEMPLATE;
  const name = `${runPrefix ?? 'rpa_test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    empty: options.empty,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Closes whatever the test left connected; the drop itself (a checkpoint) waits for the run's end.
        if (runPrefix)
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** An in-memory PGlite: from the run's migrated image when there is one, else empty. */
async function inMemoryStart(): Promise<true | { image: Blob }> {
  const loaded = await migratedImage();
  return loaded ? { image: loaded } : true;
}

/** The run's migrated PGlite image, read once per test process (a Blob can be loaded again and again). */
let image: Promise<Blob | undefined> | undefined;
function migratedImage(): Promise<Blob | undefined> {
  const file = process.env.TEST_PGLITE_IMAGE;
  image ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return image;
}

export interface StartOptions {
  /** Extra environment for loadConfig (SMTP_URL, JWT_SECRET, REDIS_URL…). */
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimits>;
  webRoot?: string;
  /** Reuse a data folder (restarts); PGlite then lives on disk in it. Not removed by close. */
  dataDir?: string;
  /** Reuse a database (restarts, several nodes). Not dropped by close. */
  database?: TestDatabase;
  /** Redis key prefix; nodes that must talk to each other share it. */
  redisKey?: string;
  /** The reference agent's one-file build (BuildOptions.agentBundle); default a missing file. */
  agentBundle?: string;
  /** Extra authenticated route plugins (BuildOptions.plugins). */
  plugins?: readonly FastifyPluginAsync[];
  /** Listen on this port (a restart keeps its address); default: a free port. */
  port?: number;
  /** The tables the migrated database must have (BuildOptions.tables); default the schema's. */
  tables?: Readonly<Record<string, PgTable>>;
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  outboxDir: string;
  database: TestDatabase;
  close(): Promise<void>;
}

const generousLimits: RateLimits = {
  login: { max: 10_000, timeWindow: 60_000 },
  forgotPassword: { max: 10_000, timeWindow: 60_000 },
  bookDemo: { max: 10_000, timeWindow: 60_000 },
  agentRegister: { max: 10_000, timeWindow: 60_000 },
};

/** Builds the real app with a fresh database and data folder and listens on 127.0.0.1:<ephemeral>. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'rpa-api-')));
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  if (!ownDataDir && !database.url && !database.empty) withMigratedDatabase(dataDir);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: PUBLIC_URL,
      RPA_ADMIN_EMAIL: ADMIN_EMAIL,
      RPA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SALES_EMAIL: 'sales@rpa.test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Suites that make e-mail configurations of real providers must not have them watched: the
      // mail watcher's own suites switch it on.
      MAIL_WATCHER: 'off',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    });
    const app = await buildApp(config, {
      rateLimits: { ...generousLimits, ...options.rateLimits },
      webRoot: options.webRoot ?? path.join(dataDir, 'no-web-build'),
      agentBundle: options.agentBundle ?? path.join(dataDir, 'no-agent-build.mjs'),
      inMemoryDatabase: ownDataDir && (await inMemoryStart()),
      redisKey: options.redisKey ?? `rpa-test-${randomBytes(4).toString('hex')}`,
      plugins: options.plugins,
      tables: options.tables,
    });
    const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    return {
      baseUrl: address,
      app,
      config,
      dataDir,
      outboxDir: path.join(dataDir, 'outbox'),
      database,
      async close() {
        await app.close();
        if (ownDatabase) await database.drop();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ownDatabase) await database.drop();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

// A stack frame ("    at fn (file.ts:12:5)") or a serialized stack property.
const STACK_TRACE = /\n\s+at\s+\S.*:\d+:\d+|"stack"\s*:/;

/**
 * fetch against a test server. Every answer is checked for a leaked stack trace, so no test
 * can pass while the server leaks one.
 */
export async function call<T = Record<string, unknown>>(
  server: Pick<TestServer, 'baseUrl'>,
  method: string,
  url: string,
  options: { body?: unknown; raw?: string; form?: FormData; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  let payload: string | FormData | undefined;
  if (options.form !== undefined) {
    // fetch writes the multipart boundary into the content type itself.
    payload = options.form;
  } else if (options.raw !== undefined) {
    payload = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${server.baseUrl}${url}`, { method, headers, body: payload });
  const text = await res.text();
  if (STACK_TRACE.test(text)) throw new Error(`${method} ${url} leaked a stack trace: ${text.slice(0, 500)}`);
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  return { status: res.status, headers: res.headers, text, body: (isJson ? JSON.parse(text) : {}) as T };
}

export interface LoginBody {
  message: string;
  payload: {
    token: string;
    isFirstLogin: boolean;
    user: { id: string; role: string; companyId: string | null; email: string };
  };
}

export async function login(server: TestServer, email: string, password: string): Promise<LoginBody['payload']> {
  const res = await call<LoginBody>(server, 'POST', '/api/user/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
  return res.body.payload;
}
