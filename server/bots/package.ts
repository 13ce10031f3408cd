import { unzipSync, type UnzipFileInfo } from 'fflate';
import { findMainWorkflow, normalizePackagePath, PACKAGE_MESSAGES } from '../../src/domain/botPackages';
import { resourceMessages, type BotParameter } from '../../src/domain/declarations';
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

/** The entries of a zip (name → declared unpacked size), or null when it is not a readable zip. */
function directoryOf(bytes: Uint8Array): Map<string, number> | null {
  const sizes = new Map<string, number>();
  try {
    unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        sizes.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch {
    return null;
  }
  return sizes;
}

/** The text of one entry (by its name as the zip writes it), null when missing or not UTF-8 text. */
function textOf(bytes: Uint8Array, name: string): string | null {
  const content = unzipSync(bytes, { filter: (file) => file.name === name })[name];
  if (content === undefined) return null;
  try {
    // A byte-order mark, as Windows editors write one, is not part of the text.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(content);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/**
 * Reads an uploaded package (`.zip` of a project folder or UiPath `.nupkg`): its main workflow
 * by the rule of src/domain/botPackages.ts, and that workflow's arguments as a single file's.
 */
export function readPackage(content: Buffer): PackageReading {
  const bytes = new Uint8Array(content.buffer, content.byteOffset, content.length);
  const directory = directoryOf(bytes);
  if (directory === null || directory.size === 0) return { ok: false, message: PACKAGE_MESSAGES.notZip };
  let unpacked = 0;
  for (const size of directory.values()) unpacked += size;
  if (directory.size > PACKAGE_MAX_ENTRIES || unpacked > PACKAGE_MAX_UNPACKED_BYTES)
    return { ok: false, message: resourceMessages.botPackageTooLarge };
  // Entry names as the rule compares them, back to the zip's own spelling (Windows tools write `\`).
  const byPath = new Map<string, string>();
  for (const name of directory.keys()) {
    const path = normalizePackagePath(name);
    if (path !== '' && !name.endsWith('/') && !byPath.has(path)) byPath.set(path, name);
  }
  let found;
  try {
    found = findMainWorkflow([...byPath.keys()], (path) => {
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
