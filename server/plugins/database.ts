import path from 'node:path';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { createRepositories } from '../db/repositories';
import { checkDatabaseSchema } from '../db/schemaCheck';
import { startVacuum } from '../db/vacuum';
import { seed } from '../db/seed';

/**
 * Opens the database (PGlite or PostgreSQL), migrates it, checks that it has every table and
 * column of `tables` (SchemaMismatchError otherwise), seeds it, decorates `database`, `repos`
 * and `vacuum`.
 */
export async function setupDatabase(
  app: FastifyInstance,
  config: Config,
  inMemory: boolean | { image: Blob },
  tables: Readonly<Record<string, PgTable>>,
): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: inMemory ? null : path.join(config.dataDir, 'pglite'),
    image: typeof inMemory === 'object' ? inMemory.image : undefined,
    onPoolError: (error) => app.log.error({ err: error }, 'database connection lost'),
  });
  // onClose hooks run last-registered first: the database, registered first, closes last.
  app.addHook('onClose', () => database.close());
  // Checked before the seed, which would otherwise fail on the first missing column it writes.
  const seedResult = await database.prepare(async (db) => {
    await checkDatabaseSchema(db, tables);
    return seed(db, { email: config.adminEmail, password: config.adminPassword });
  });
  app.decorate('database', database);
  // forgetLogin arrives with the auth plugin; a change made through a repository drops the user's cached login.
  app.decorate('repos', createRepositories(database.db, { userChanged: (id) => app.forgetLogin(id) }));
  app.decorate('seedResult', seedResult);
  // PGlite has no autovacuum: the server vacuums its tables (nothing to do on PostgreSQL).
  const vacuum = startVacuum(database, app.log);
  app.decorate('vacuum', vacuum);
  app.addHook('preClose', () => vacuum.stop());
}
