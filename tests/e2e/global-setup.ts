import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDirOf } from '../../server/db/backup';
import { openDatabase } from '../../server/db/client';

/**
 * The server serves dist/: built once when it is missing (`npm test` always rebuilds). And one
 * migrated, unseeded PGlite database for the run (E2E_PGLITE_FOLDER), made by the server's own
 * code as a first start makes it: each worker's server starts on a copy of it
 * (tests/e2e/support/server.ts) instead of creating and migrating its own (initdb alone is
 * about 6 s of CPU); the server still checks its migrations and seeds its Super Admin. A first
 * start from nothing is the API tests' business (tests/api/startup.test.ts).
 */
export async function globalSetup(): Promise<() => void> {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-e2e-migrated-'));
  const database = await openDatabase({ url: null, pgliteDir: pgliteDirOf(dataDir) });
  try {
    await database.prepare(async () => undefined);
  } finally {
    await database.close();
  }
  process.env.E2E_PGLITE_FOLDER = pgliteDirOf(dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}

// Playwright loads globalSetup through the module's default export.
export { globalSetup as default };
