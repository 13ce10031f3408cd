import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import type { Repositories } from '../db/repositories';

const generate = (): string => randomBytes(48).toString('base64url');

/**
 * The JWT signing key: JWT_SECRET when set; otherwise generated once and kept, in the data
 * folder for PGlite, or in the settings table for PostgreSQL so that every node signs alike.
 */
export async function resolveJwtSecret(
  configured: string | null,
  database: DatabaseHandle,
  repos: Repositories,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  if (database.kind === 'postgres') return repos.settings.getOrInit('jwt_secret', generate());
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = generate();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
