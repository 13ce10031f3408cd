// `npm run restore -- <file>`: fills an empty (or missing) data folder, DATA_DIR, from a backup
// made by `npm run backup`. It never overwrites: a folder that holds anything is refused.
// With DATABASE_URL, PostgreSQL's own tools do the job.
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { BackupError, readBackup, restoreInto } from '../server/db/backup';
import { DataFolderBusyError, lockDataFolder, shownPath } from '../server/db/dataLock';

const USAGE = 'Usage: npm run restore -- <file>   (fills DATA_DIR, which must be empty or missing)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the data is in PostgreSQL. Restore a pg_dump backup with PostgreSQL\'s tools, e.g. pg_restore --dbname="$DATABASE_URL" rpa.dump.',
    );
  }
  const contents = await readBackup(path.resolve(args[0]));
  const lock = await lockDataFolder(config.dataDir, 'restore');
  try {
    await restoreInto(config.dataDir, contents);
  } finally {
    lock.release();
  }
  process.stdout.write(
    `Restored ${shownPath(config.dataDir)} from ${shownPath(path.resolve(args[0]))} (made ${contents.manifest.createdAt} by version ${contents.manifest.appVersion}). Start the server with npm start.\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    process.stderr.write(`Invalid configuration:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  else if (error instanceof BackupError || error instanceof DataFolderBusyError)
    process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `The restore failed; the data folder was left empty: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  process.exit(1);
});
