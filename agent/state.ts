import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What registration gave the agent; kept in the state folder, readable by its user only. */
export interface Credentials {
  serverUrl: string;
  agentId: string;
  secret: string;
  companyId: string;
  deviceId: string;
  name: string;
}

const CREDENTIALS = 'credentials.json';
const DEVICE = 'device-id';

/** Creates the state folder for this user only (0700); its files are 0600. */
export async function openStateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** Writes a file whole or not at all (a crash never leaves half a file). */
export async function writePrivate(file: string, content: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, content, { mode: 0o600 });
  await rename(temp, file);
}

export async function readCredentials(dir: string): Promise<Credentials | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, CREDENTIALS), 'utf8')) as Credentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(
      `${path.join(dir, CREDENTIALS)} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export const saveCredentials = (dir: string, credentials: Credentials): Promise<void> =>
  writePrivate(path.join(dir, CREDENTIALS), `${JSON.stringify(credentials, null, 2)}\n`);

/** This machine's stable id for the control room: made once, kept in the state folder. */
export async function deviceIdOf(dir: string, name: string): Promise<string> {
  const file = path.join(dir, DEVICE);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = `${name.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40)}-${randomUUID().slice(0, 8)}`;
  await writePrivate(file, `${made}\n`);
  return made;
}
