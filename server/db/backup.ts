import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { APP_VERSION } from '../../src/domain';
import type { DatabaseHandle } from './client';
import { LOCK_FILE, shownPath } from './dataLock';
import { readTar, writeTar } from './tarball';

/**
 * A backup of the embedded data: a .tar.gz holding manifest.json, pglite.tar (PGlite's own dump
 * of its data folder) and, when the server generated it, jwt-secret — without it a restored
 * server would sign with a new secret and could no longer read the stored registration tokens.
 */

const FORMAT = 'rpa-control-room-backup';
const FORMAT_VERSION = 1;
const JWT_SECRET_FILE = 'jwt-secret';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  appVersion: string;
  createdAt: string;
}

export interface BackupContents {
  manifest: BackupManifest;
  pgdata: Uint8Array<ArrayBuffer>;
  jwtSecret: string | null;
}

/** A backup or restore that cannot go ahead, with the message for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/** The PGlite instance behind a database handle; null for PostgreSQL or a handle without one. */
export function pgliteOf(database: DatabaseHandle): PGlite | null {
  if (database.kind !== 'pglite') return null;
  const client: unknown = Reflect.get(database.db, '$client');
  return client instanceof PGlite ? client : null;
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A consistent copy of an open PGlite database and the data folder's secret. The dump waits for
 * each transaction in progress and holds further queries until the files are read, so it is
 * the database as of one moment, every acknowledged write included.
 */
export async function createBackup(client: PGlite, dataDir: string): Promise<Buffer> {
  // Writes the changed pages to the files first, so that a restore replays little log.
  await client.exec('CHECKPOINT');
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    appVersion: APP_VERSION,
    createdAt: new Date().toISOString(),
  };
  const jwtSecret = await readOptional(path.join(dataDir, JWT_SECRET_FILE));
  const tar = writeTar([
    { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: 'pglite.tar', data: new Uint8Array(await dump.arrayBuffer()) },
    ...(jwtSecret === null ? [] : [{ name: JWT_SECRET_FILE, data: Buffer.from(`${jwtSecret}\n`) }]),
  ]);
  return promisify(gzip)(tar);
}

/** Opens a folder no server has open (the caller holds its lock) just long enough to back it up. */
export async function backupClosedFolder(dataDir: string): Promise<Buffer> {
  const client = await PGlite.create(pgliteDirOf(dataDir));
  try {
    return await createBackup(client, dataDir);
  } finally {
    await client.close();
  }
}

/** True when the data folder has a database to back up. */
export async function hasDatabase(dataDir: string): Promise<boolean> {
  return (await readOptional(path.join(pgliteDirOf(dataDir), 'PG_VERSION'))) !== null;
}

/** Writes the backup whole or not at all: a half-written file never carries the final name. */
export async function writeBackupFile(file: string, backup: Buffer): Promise<void> {
  const draft = `${file}.partial-${process.pid}`;
  try {
    await writeFile(draft, backup, { mode: 0o600, flag: 'wx' });
    await rename(draft, file);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
}

export async function readBackup(file: string): Promise<BackupContents> {
  const notBackup = (why: string) =>
    new BackupError(`${shownPath(file)} is not a backup made by npm run backup (${why}).`);
  let packed: Buffer;
  try {
    packed = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${shownPath(file)} does not exist.`);
    throw error;
  }
  let entries;
  try {
    entries = readTar(await promisify(gunzip)(packed));
  } catch (error) {
    throw notBackup(error instanceof Error ? error.message : String(error));
  }
  const entry = (name: string) => entries.find((e) => e.name === name)?.data;
  const manifestBytes = entry('manifest.json');
  const pgdata = entry('pglite.tar');
  if (!manifestBytes || !pgdata) throw notBackup('manifest.json or pglite.tar is missing');
  let manifest: unknown;
  try {
    manifest = JSON.parse(Buffer.from(manifestBytes).toString('utf8'));
  } catch {
    throw notBackup('manifest.json is not JSON');
  }
  const { format, version, appVersion, createdAt } = (manifest ?? {}) as Record<string, unknown>;
  if (format !== FORMAT || typeof appVersion !== 'string' || typeof createdAt !== 'string')
    throw notBackup('unknown manifest');
  if (version !== FORMAT_VERSION)
    throw new BackupError(
      `${shownPath(file)} is a backup of format ${String(version)}; this version reads format ${FORMAT_VERSION}.`,
    );
  const secret = entry(JWT_SECRET_FILE);
  return {
    manifest: { format, version, appVersion, createdAt },
    pgdata: new Uint8Array(pgdata),
    jwtSecret: secret ? Buffer.from(secret).toString('utf8').trim() : null,
  };
}

/** What the data folder holds besides its lock; restore fills only an empty folder. */
export async function folderContents(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).filter((name) => name !== LOCK_FILE && !name.startsWith(`${LOCK_FILE}.`)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Fills an empty data folder (the caller holds its lock) from a backup, all or nothing: if the
 * database does not open from it, what was written is removed again.
 */
export async function restoreInto(dataDir: string, contents: BackupContents): Promise<void> {
  const present = await folderContents(dataDir);
  if (present.length > 0) {
    throw new BackupError(
      `The data folder ${shownPath(dataDir)} is not empty (it holds ${present.join(', ')}). Restore fills an empty folder only: set DATA_DIR to a new folder, or move this one away first.`,
    );
  }
  const pgliteDir = pgliteDirOf(dataDir);
  try {
    await mkdir(pgliteDir, { recursive: true });
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([contents.pgdata]) });
    try {
      // Opening replays the log; a query proves the catalogue reads.
      await client.query('SELECT count(*) FROM pg_class');
    } finally {
      await client.close();
    }
    if (contents.jwtSecret !== null)
      await writeFile(path.join(dataDir, JWT_SECRET_FILE), `${contents.jwtSecret}\n`, { mode: 0o600 });
  } catch (error) {
    await rm(pgliteDir, { recursive: true, force: true });
    await rm(path.join(dataDir, JWT_SECRET_FILE), { force: true });
    throw error;
  }
}
