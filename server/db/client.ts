import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pgliteStatements } from './pgliteStatements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every repository works with. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Connections of each of a node's two PostgreSQL pools (general, and generic-plan list statements). */
const POOL_SIZE = 10;

/**
 * PostgreSQL settings of the embedded database. PGlite's WebAssembly memory only ever grows, so
 * whatever PostgreSQL allocates once stays resident for the life of the process: the buffer cache
 * is kept small (PGlite's default is 128 MB, most of its resident size) and the operating system's
 * file cache holds the rest of the data; maintenance operations (index builds, vacuum) get 16 MB
 * instead of 64 MB. With these, the whole server idles under 300 MB and stays under 500 MB after
 * listing 100,000 users (docs/BENCHMARKS.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];

/** Any number works as long as every node uses the same one. */
const STARTUP_LOCK_KEY = 727_001;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations, then runs `after` (the seed) while still holding the startup lock,
   * so that several nodes starting together migrate and seed exactly once.
   */
  prepare<T>(after: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Rows of one raw statement, outside a transaction. With a `statement` name, the text is
   * parsed once per connection (a named prepared statement; one name, one text): by PostgreSQL,
   * and by PGlite through server/db/pgliteStatements.ts (reads only). With `generic`, it is also
   * planned once, for all values (plan_cache_mode = force_generic_plan; only for statements whose
   * best plan does not depend on them, server/crud/plans.ts); otherwise PostgreSQL plans each call
   * for its values, as it does for a statement whose generic plan looks costlier. Values arrive
   * as each driver parses them: keep the SQL's output types driver-neutral (text, numbers,
   * booleans, arrays, json).
   */
  queryRows(text: string, params: unknown[], statement?: NamedStatement): Promise<Record<string, unknown>[]>;
  /**
   * Runs `work` in one transaction on one connection, its statements raw ($1… parameters), and
   * answers what it answers once committed. Any failure rolls it back and is thrown, including a
   * failure to begin; a connection lost meanwhile goes back to no pool (Drizzle's transaction
   * keeps a connection whose BEGIN failed checked out forever: enough outages and the pool is
   * empty, so code that must live through the database going away uses this one).
   */
  transaction<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One raw statement of a transaction: its rows. */
export type RawQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface NamedStatement {
  name: string;
  generic?: boolean;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when null, PGlite is used. */
  url: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /**
   * What an in-memory PGlite starts from instead of an empty database: a data folder's image
   * (`pgliteImage`). Its migrations are checked and the missing ones applied as for any database.
   */
  image?: Blob;
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.onPoolError) : openPglite(options.pgliteDir, options.image);
}

/**
 * A migrated, empty in-memory database as an image (an uncompressed tar of its data folder) that
 * `openDatabase({ image })` starts from. Creating a database (initdb) and applying every
 * migration takes seconds; loading the image takes a fraction of that, so a test run makes it
 * once and every test server starts from it.
 */
export async function pgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Creates the database files of a new data folder in a short-lived child process. Creating them
 * (initdb) needs about 500 MB more at its peak than running the database, and a process keeps
 * much of the memory it once held: done in-process, the server would hold ~150 MB of it until it
 * stops. The files are
 * made in a sibling folder and renamed into place, so that a start stopped halfway leaves no
 * half-made database behind (the next start makes it again).
 */
async function createPgliteFolder(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const staging = `${dir}.creating`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The child ends when its stdin closes: with this process, should it be stopped meanwhile.
  const script = [
    "process.stdin.on('end', () => process.exit(1)).resume();",
    'require(process.argv[1]).PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) })',
    '  .then((db) => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });',
  ].join('\n');
  const child = spawn(process.execPath, ['-e', script, entry, staging, JSON.stringify(PGLITE_START_PARAMS)], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`Could not create the database in ${dir}:\n${stderr.trim()}`);
  // Without PG_VERSION, whatever is there is not a database: an interrupted creation.
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
}

async function openPglite(dir: string | null, image?: Blob): Promise<DatabaseHandle> {
  if (dir) await createPgliteFolder(dir);
  const options = { startParams: PGLITE_START_PARAMS, ...(dir === null && image ? { loadDataDir: image } : {}) };
  const client = dir ? await PGlite.create(dir, options) : await PGlite.create(options);
  const db = drizzlePglite({ client, schema });
  const queryNamed = pgliteStatements(client);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite folder, so no lock is needed.
    async prepare(after) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      return after(db);
    },
    async queryRows(text, params, statement) {
      if (statement) return queryNamed(statement.name, text, params, statement.generic);
      return (await client.query<Record<string, unknown>>(text, params)).rows;
    },
    transaction: (work) =>
      client.transaction((tx) =>
        work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows),
      ),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  // The PostgreSQL driver loads only with DATABASE_URL: an embedded start does not pay for it.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5_000 });
  // plan_cache_mode is a session setting: statements planned once for all values get sessions of
  // their own, so that no other query on them loses its plan made for its values.
  const genericPool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its server emits here; unhandled, it would end the process.
  pool.on('error', (error) => onPoolError?.(error));
  genericPool.on('error', (error) => onPoolError?.(error));
  // A client checked out for a transaction emits on itself instead, and the pool listens only to
  // idle ones: without a listener of its own, a connection cut mid-transaction (the database
  // restarting) would end the process. The transaction's statement fails too, and its caller
  // reports it; the event needs no more than being heard.
  const hearErrors = (client: PoolClient) => void client.on('error', () => undefined);
  pool.on('connect', hearErrors);
  genericPool.on('connect', hearErrors);
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async prepare(after) {
      const client = await pool.connect();
      // A checked-out client reports a lost connection as an event; the query rejects anyway.
      const onError = (error: Error) => onPoolError?.(error);
      client.on('error', onError);
      let broken = false;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          const locked = drizzlePg({ client, schema });
          await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
          return await after(locked);
        } finally {
          // Closing the connection releases the lock too, so a failed unlock only retires it.
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {
            broken = true;
          });
        }
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    async queryRows(text, params, statement) {
      const target = statement?.generic ? genericPool : pool;
      return (
        await target.query<Record<string, unknown>>(
          statement ? { name: statement.name, text, values: params } : { text, values: params },
        )
      ).rows;
    },
    async transaction(work) {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(
          async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          lost = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        // With an error, the pool closes the connection instead of lending it again.
        client.release(lost);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}
