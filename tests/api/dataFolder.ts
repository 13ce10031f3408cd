import { cpSync, existsSync } from 'node:fs';
import { pgliteDirOf } from '../../server/db/backup';

/**
 * Gives a data folder that has no database yet the run's migrated PGlite database
 * (TEST_PGLITE_FOLDER, tests/api/globalSetup.ts): a copy, instead of the initdb and every
 * migration a first start does. The tests of a first start (startup.test.ts, and every database
 * made with `empty`) keep starting from nothing. Outside a run (no folder made), nothing happens.
 */
export function withMigratedDatabase(dataDir: string): void {
  const source = process.env.TEST_PGLITE_FOLDER;
  const target = pgliteDirOf(dataDir);
  if (!source || !existsSync(source) || existsSync(target)) return;
  cpSync(source, target, { recursive: true });
}
