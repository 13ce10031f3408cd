import { unzipSync, type UnzipFileInfo } from 'fflate';
import { findMainWorkflow, normalizePackagePath, PACKAGE_MESSAGES } from '../../src/domain/botPackages';
import { resourceMessages, type BotParameter } from '../../src/domain/declarations';
import { textOfScript, textOfXml } from '../../src/domain/fileText';
import { readXaml } from './xaml';

/**
 * A package is read before anything of it is unpacked, by what its zip directory declares: more
 * entries or more bytes once unpacked than these is refused (a zip bomb). Only the entries the
 * upload needs are then inflated (project.json and the main workflow), each into a buffer of its
 * declared size, so a lying directory cannot make one grow past it.
 */
export const PACKAGE_MAX_ENTRIES = 5000;
export const PACKAGE_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

export type PackageReading = { ok: true; main: string; parameters: BotParameter[] } | { ok: false; message: string };

/** A zip's directory: entries by name, with how many there are and their declared unpacked bytes. */
interface Directory {
  names: string[];
  entries: number;
  unpacked: number;
}

const TOO_MANY = new Error('too many entries');

/** What a zip's directory declares, or null when it is not a readable zip (nothing is inflated). */
function directoryOf(bytes: Uint8Array): Directory | null {
  const directory: Directory = { names: [], entries: 0, unpacked: 0 };
  try {
    unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        directory.names.push(file.name);
        directory.entries += 1;
        directory.unpacked += file.originalSize;
        // A directory claiming more entries than allowed is not read to its end.
        if (directory.entries > PACKAGE_MAX_ENTRIES) throw TOO_MANY;
        return false;
      },
    });
  } catch (error) {
    return error === TOO_MANY ? directory : null;
  }
  return directory;
}

/**
 * The text of one entry (by its name as the zip writes it), null when missing: a workflow in the
 * encoding its bytes say, any other file (project.json) in UTF-8 or what its byte-order mark says.
 */
function textOf(bytes: Uint8Array, name: string): string | null {
  const content = unzipSync(bytes, { filter: (file) => file.name === name })[name];
  if (content === undefined) return null;
  return name.toLowerCase().endsWith('.xaml') ? textOfXml(content) : textOfScript(content);
}

/**
 * Reads an uploaded package (`.zip` of a project folder or UiPath `.nupkg`): its main workflow
 * by the rule of src/domain/botPackages.ts, and that workflow's arguments as a single file's.
 */
export function readPackage(content: Buffer): PackageReading {
  const bytes = new Uint8Array(content.buffer, content.byteOffset, content.length);
  const directory = directoryOf(bytes);
  if (directory === null || directory.entries === 0) return { ok: false, message: PACKAGE_MESSAGES.notZip };
  if (directory.entries > PACKAGE_MAX_ENTRIES || directory.unpacked > PACKAGE_MAX_UNPACKED_BYTES)
    return { ok: false, message: resourceMessages.botPackageTooLarge };
  // Entry names as the rule compares them, back to the zip's own spelling (Windows tools write `\`).
  const byPath = new Map<string, string>();
  for (const name of directory.names) {
    const path = normalizePackagePath(name);
    if (path !== '' && !name.endsWith('/') && !byPath.has(path)) byPath.set(path, name);
  }
  try {
    const found = findMainWorkflow([...byPath.keys()], (path) => {
      const name = byPath.get(path);
      return name === undefined ? null : textOf(bytes, name);
    });
    if (!found.ok) return found;
    const mainName = byPath.get(found.main);
    const text = mainName === undefined ? null : textOf(bytes, mainName);
    const reading =
      found.main.toLowerCase().endsWith('.xaml') && text !== null ? readXaml(text) : { ok: false as const };
    return reading.ok
      ? { ok: true, main: found.main, parameters: reading.parameters }
      : { ok: false, message: resourceMessages.botPackageMainInvalid };
  } catch {
    // A damaged entry (bad deflate data) is a package that cannot be read.
    return { ok: false, message: PACKAGE_MESSAGES.notZip };
  }
}
