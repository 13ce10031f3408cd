// Folds the dashboard's count changes into its running totals until none is left, on the
// database of DATABASE_URL or else DATA_DIR's PGlite, as a running server does every few seconds:
// the dashboard bench runs it after seeding, with the server stopped.
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { foldCountChanges } from '../../server/dashboard/totals';

const url = process.env.DATABASE_URL ?? null;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error('DATABASE_URL or DATA_DIR is needed');
const database = await openDatabase({ url, pgliteDir: url ? null : path.join(dataDir ?? '', 'pglite') });
try {
  while (await foldCountChanges(database));
} finally {
  await database.close();
}
