import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteStatements } from './pgliteStatements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral Drizzle handle every repository works with. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Connections of each of a node's two PostgreSQL pools (general, and generic-plan list statements). */
const POOL_SIZE = 10;

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
   * Rows of one raw statement, outside any transaction. With a `statement` name, the text is
   * parsed once per connection (a named prepared statement; one name, one text): by PostgreSQL,
   * and by PGlite through server/db/pgliteStatements.ts (reads only). With `generic`, it is also
   * planned once, for any values (plan_cache_mode = force_generic_plan; only for statements whose
   * best plan does not depend on them, server/crud/plans.ts); otherwise PostgreSQL plans each call
   * for its values, as it does for a statement whose generic plan looks costlier. Values arrive
   * as each driver parses them: keep the SQL's output types driver-neutral (text, numbers,
   * booleans, arrays, json).
   */
  queryRows(text: string, params: unknown[], statement?: NamedStatement): Promise<Record<string, unknown>[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface NamedStatement {
  name: string;
  generic?: boolean;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when null, PGlite is used. */
  url: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.onPoolError) : openPglite(options.pgliteDir);
}

async function openPglite(dir: string | null): Promise<DatabaseHandle> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
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
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5_000 });
  // plan_cache_mode is a session setting: statements planned once for any values get sessions of
  // their own, so that no other query on them loses its plan made for its values.
  const genericPool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5_000, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client losing its server emits here; unhandled, it would end the process.
  pool.on('error', (error) => onPoolError?.(error));
  genericPool.on('error', (error) => onPoolError?.(error));
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
      return (await target.query<Record<string, unknown>>(statement ? { name: statement.name, text, values: params } : { text, values: params })).rows;
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
