import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process at a time owns an embedded data folder: PGlite keeps pages in its own memory, so a
 * second process writing the same files corrupts them, and neither sees the other's rows. The
 * server and every script that opens the folder (seed:demo, backup, restore) hold this lock.
 * With DATABASE_URL the database is PostgreSQL's business and nobody takes it.
 */

export type DataFolderRole = 'server' | 'seed:demo' | 'backup' | 'restore';

/** Where the running server answers backup requests: 127.0.0.1 only, with a secret of its own. */
export interface ControlAddress {
  port: number;
  token: string;
}

export interface LockOwner {
  pid: number;
  /** When the process started, as the system counts it (Linux), so a reused pid is not mistaken for the owner. */
  started: string | null;
  role: DataFolderRole;
  since: string;
  control?: ControlAddress;
}

export interface DataFolderLock {
  file: string;
  owner: LockOwner;
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

export const LOCK_FILE = 'data.lock';

export const lockFileOf = (dataDir: string): string => path.join(dataDir, LOCK_FILE);

/** Lock files held by this process (a lock naming this pid that is not here is a leftover of an earlier process). */
const held = new Set<string>();

/** A path as the user would type it: ./data for a folder under the current one, else absolute. */
export function shownPath(target: string): string {
  const relative = path.relative(process.cwd(), target);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? target : `.${path.sep}${relative}`;
}

const roleName = (role: DataFolderRole): string => (role === 'server' ? 'the server' : `npm run ${role}`);

/** What the refused command may do instead, by who holds the folder. */
function adviceFor(requester: DataFolderRole, owner: DataFolderRole): string {
  if (owner !== 'server') return 'Wait for it to finish, then try again.';
  if (requester === 'seed:demo') return 'Stop it first, or start with npm start -- --demo.';
  if (requester === 'server') return 'Stop it first, or give this server another DATA_DIR.';
  return 'Stop it first.';
}

export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
    requester: DataFolderRole,
  ) {
    super(
      `The data folder ${shownPath(dataDir)} is used by ${roleName(owner.role)} (pid ${owner.pid}). ${adviceFor(requester, owner.role)}`,
    );
    this.name = 'DataFolderBusyError';
  }
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat); null where there is no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

const isRole = (value: unknown): value is DataFolderRole =>
  value === 'server' || value === 'seed:demo' || value === 'backup' || value === 'restore';

function parseOwner(text: string): LockOwner | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, started, role, since, control } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(pid) || typeof pid !== 'number' || pid <= 0 || !isRole(role)) return null;
    const owner: LockOwner = {
      pid,
      role,
      started: typeof started === 'string' ? started : null,
      since: typeof since === 'string' ? since : '',
    };
    if (typeof control === 'object' && control !== null) {
      const { port, token } = control as Record<string, unknown>;
      if (typeof port === 'number' && typeof token === 'string') owner.control = { port, token };
    }
    return owner;
  } catch {
    return null;
  }
}

/** Creates `file` holding `text`, whole, only if it does not exist yet; false if it does. */
function createExclusive(file: string, text: string): boolean {
  // Written under a unique name, then hard-linked into place: the link fails if the lock
  // exists, and a reader never sees a half-written lock.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, text, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function removeIfUnchanged(file: string, text: string): void {
  if (readText(file) !== text) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Removes a lock left by a process that is gone. Two processes may find the same stale lock:
 * a second, short-lived lock file makes them take turns, so that one never removes the lock
 * the other has just created.
 */
async function removeStale(file: string, staleText: string, role: DataFolderRole): Promise<void> {
  const guard = `${file}.takeover`;
  const mine = JSON.stringify({
    pid: process.pid,
    started: startTimeOf(process.pid),
    role,
    since: new Date().toISOString(),
  });
  if (createExclusive(guard, mine)) {
    try {
      removeIfUnchanged(file, staleText);
    } finally {
      removeIfUnchanged(guard, mine);
    }
    return;
  }
  const guardText = readText(guard);
  const guardOwner = guardText === null ? null : parseOwner(guardText);
  if (guardText !== null && (guardOwner === null || !isAlive(guardOwner, guard))) removeIfUnchanged(guard, guardText);
  else await sleep(20);
}

/**
 * Takes the folder's lock for this process, or throws DataFolderBusyError naming its owner.
 * A lock whose process is gone (killed, crashed) is taken over. The lock is released by
 * `release()` and, failing that, when the process exits normally.
 */
export async function lockDataFolder(
  dataDir: string,
  role: DataFolderRole,
  control?: ControlAddress,
): Promise<DataFolderLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const owner: LockOwner = {
    pid: process.pid,
    started: startTimeOf(process.pid),
    role,
    since: new Date().toISOString(),
    ...(control ? { control } : {}),
  };
  const text = `${JSON.stringify(owner, null, 2)}\n`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (createExclusive(file, text)) {
      held.add(file);
      const release = () => {
        process.off('exit', release);
        if (!held.delete(file)) return;
        removeIfUnchanged(file, text);
      };
      process.on('exit', release);
      return { file, owner, release };
    }
    const current = readText(file);
    if (current === null) continue;
    const existing = parseOwner(current);
    if (existing && isAlive(existing, file)) throw new DataFolderBusyError(dataDir, existing, role);
    await removeStale(file, current, role);
  }
  throw new Error(`Could not take the lock ${shownPath(file)}: it keeps changing. Is another program creating it?`);
}
