// `npm run seed:demo`: demo data for trying the control room (server/db/demoData.ts).
// Uses DATA_DIR / DATABASE_URL like the server. With the embedded PGlite, one process at a time
// owns the data folder: while the server runs, start it with `npm start -- --demo` instead.
import path from 'node:path';
import { resolveJwtSecret } from '../server/auth/secret';
import { ConfigError, loadConfig } from '../server/config';
import { deriveDataKey } from '../server/crypto/dataKey';
import { openDatabase } from '../server/db/client';
import { DataFolderBusyError, lockDataFolder, shownPath } from '../server/db/dataLock';
import { describeDatabaseFailure, seedDemoData } from '../server/db/demoData';
import { createRepositories } from '../server/db/repositories';

async function main(): Promise<void> {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const lock = config.databaseUrl ? null : await lockDataFolder(config.dataDir, 'seed:demo');
  try {
    const database = await openDatabase({ url: config.databaseUrl, pgliteDir });
    try {
      const lines = await seedDemoData(database, config, async (db) => {
        if (config.dataEncryptionKey) return Buffer.from(config.dataEncryptionKey, 'hex');
        return deriveDataKey(
          await resolveJwtSecret(config.jwtSecret, database, createRepositories(db), config.dataDir),
        );
      });
      const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${shownPath(pgliteDir)}`;
      process.stdout.write(['', `Demo data is in place (${where}).`, '', ...lines, ''].join('\n'));
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    process.stderr.write(`Invalid configuration:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  else if (error instanceof DataFolderBusyError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Seeding failed; no demo data was written: ${describeDatabaseFailure(error)}\n`);
  process.exit(1);
});
