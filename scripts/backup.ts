// `npm run backup -- <file>`: a consistent copy of the embedded data (PGlite and the generated
// JWT secret) as one .tar.gz. While the server runs it owns the data folder, so the server makes
// the copy (asked through the door named in the folder's lock); otherwise this script opens the
// folder itself, under the same lock. With DATABASE_URL, PostgreSQL's own tools do the job.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { BackupError, backupClosedFolder, hasDatabase, writeBackupFile } from '../server/db/backup';
import { requestBackup } from '../server/db/control';
import { DataFolderBusyError, lockDataFolder, shownPath } from '../server/db/dataLock';

const USAGE = 'Usage: npm run backup -- <file>   (e.g. npm run backup -- backups/rpa-2026-01-31.tar.gz)';

/** The backup and who made it: the running server, or this script from the closed folder. */
async function makeBackup(dataDir: string): Promise<{ backup: Buffer; source: string }> {
  // Checked first too, so that a mistyped DATA_DIR is not created by taking its lock.
  const noDatabase = new BackupError(`There is no database to back up in ${shownPath(dataDir)} (check DATA_DIR).`);
  if (!(await hasDatabase(dataDir))) throw noDatabase;
  try {
    const lock = await lockDataFolder(dataDir, 'backup');
    try {
      if (!(await hasDatabase(dataDir))) throw noDatabase;
      return { backup: await backupClosedFolder(dataDir), source: 'the data folder (no server was running)' };
    } finally {
      lock.release();
    }
  } catch (error) {
    if (!(error instanceof DataFolderBusyError) || error.owner.role !== 'server' || !error.owner.control) throw error;
    return { backup: await requestBackup(error.owner.control), source: `the running server (pid ${error.owner.pid})` };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the data is in PostgreSQL. Back it up with PostgreSQL\'s tools, e.g. pg_dump --format=custom --file=rpa.dump "$DATABASE_URL" (restore with pg_restore).',
    );
  }
  const file = path.resolve(args[0]);
  if (existsSync(file)) throw new BackupError(`${shownPath(file)} already exists; choose another file name.`);
  const { backup, source } = await makeBackup(config.dataDir);
  await writeBackupFile(file, backup);
  process.stdout.write(
    `Backed up ${shownPath(config.dataDir)} to ${shownPath(file)} (${(backup.length / 1_048_576).toFixed(1)} MB), made by ${source}.\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    process.stderr.write(`Invalid configuration:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  else if (error instanceof BackupError || error instanceof DataFolderBusyError)
    process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
