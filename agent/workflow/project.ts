import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  findMainWorkflow,
  isBotPackageName,
  normalizePackagePath,
  PACKAGE_MESSAGES,
} from '../../src/domain/botPackages';
import { WorkflowLoadError, type ProjectFiles } from '../xaml/runner/api';

/** Entries a package may not hold: a path that would be written outside the run's folder. */
const escapes = (entry: string): boolean =>
  entry.startsWith('/') || entry.startsWith('\\') || /^[a-zA-Z]:/.test(entry) || entry.split(/[\\/]/).includes('..');

/**
 * Unzips a package into the folder, refusing the whole package when one entry would land
 * outside it (`../x`, an absolute path): nothing of such a package is written.
 */
export function unpack(zip: Uint8Array, folder: string): void {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip);
  } catch {
    throw new WorkflowLoadError(PACKAGE_MESSAGES.notZip);
  }
  const names = Object.keys(entries);
  const outside = names.find(escapes);
  if (outside !== undefined)
    throw new WorkflowLoadError(`The package's entry ${outside} is outside the project folder: not run`);
  for (const name of names) {
    const relative = normalizePackagePath(name);
    if (relative === '' || name.endsWith('/')) continue;
    const target = path.join(folder, ...relative.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, entries[name] ?? new Uint8Array(), { mode: 0o600 });
  }
}

/** Every file under the folder, as `/`-separated paths relative to it. */
function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(folder, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/**
 * The project a run's folder holds: the bot's file was written there; a package is unzipped
 * in its place. A workflow names the files it invokes as Windows does (backslashes, any case):
 * they are found whatever the case.
 */
export function projectIn(folder: string, fileName: string): ProjectFiles {
  const own = path.join(folder, path.basename(fileName));
  if (isBotPackageName(fileName)) {
    const zip = readFileSync(own);
    rmSync(own);
    unpack(zip, folder);
  }
  const byKey = new Map(filesUnder(folder).map((f) => [f.toLowerCase(), f]));
  const read = (relativePath: string): string | null => {
    const found = byKey.get(normalizePackagePath(relativePath).toLowerCase());
    return found === undefined ? null : readFileSync(path.join(folder, ...found.split('/')), 'utf8');
  };
  if (!isBotPackageName(fileName)) return { main: path.basename(fileName), read };
  const main = findMainWorkflow([...byKey.values()], read);
  if (!main.ok) throw new WorkflowLoadError(main.message);
  return { main: main.main, read };
}
