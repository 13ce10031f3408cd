import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  findMainWorkflow,
  isBotPackageName,
  normalizePackagePath,
  PACKAGE_MESSAGES,
} from '../../src/domain/botPackages';
import { textOfScript, textOfXml } from '../../src/domain/fileText';
import { WorkflowLoadError, type ProjectFiles } from '../xaml/api';

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

/** A run's project: its files, and the folder they are relative to (a package's project folder). */
export interface RunProject {
  files: ProjectFiles;
  /** Where the project's own files are: the run's folder, or the folder of a package's project.json. */
  root: string;
}

/**
 * The project a run's folder holds: the bot's file was written there; a package is unzipped
 * in its place. A package's project is the folder of its project.json (a `.nupkg` keeps it under
 * `lib/<framework>/`): the workflows it invokes and the files it reads are relative to it. A
 * workflow names files as Windows does (backslashes, any case): they are found whatever the case.
 */
export function projectIn(folder: string, fileName: string): RunProject {
  const own = path.join(folder, path.basename(fileName));
  if (!isBotPackageName(fileName)) return { files: filesOf(folder, path.basename(fileName)), root: folder };
  const zip = readFileSync(own);
  rmSync(own);
  unpack(zip, folder);
  const all = filesOf(folder, '');
  const found = findMainWorkflow(all.list, all.read);
  if (!found.ok) throw new WorkflowLoadError(found.message);
  const projectJson = all.list
    .filter((f) => f.split('/').pop()?.toLowerCase() === 'project.json')
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  const base = projectJson?.includes('/') ? projectJson.slice(0, projectJson.lastIndexOf('/')) : '';
  if (base === '') return { files: { ...all, main: found.main }, root: folder };
  const root = path.join(folder, ...base.split('/'));
  return { files: filesOf(root, found.main.slice(base.length + 1)), root };
}

/** The files under a folder, read by a path relative to it whatever its case and separators. */
function filesOf(folder: string, main: string): ProjectFiles & { list: string[] } {
  const list = filesUnder(folder);
  const byKey = new Map(list.map((f) => [f.toLowerCase(), f]));
  const read = (relativePath: string): string | null => {
    const found = byKey.get(normalizePackagePath(relativePath).toLowerCase());
    if (found === undefined) return null;
    // A workflow in the encoding its bytes say (a byte-order mark, UTF-16, its XML declaration).
    const bytes = readFileSync(path.join(folder, ...found.split('/')));
    return found.toLowerCase().endsWith('.xaml') ? textOfXml(bytes) : textOfScript(bytes);
  };
  return { main, read, list };
}
