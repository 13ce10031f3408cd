import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, userInfo } from 'node:os';
import path from 'node:path';
import { fail } from './exceptions';

/** What FileInfo and DirectoryInfo read of a path: its kind, size and times (ms since 1970, UTC). */
export interface FileStat {
  isDirectory: boolean;
  length: number;
  created: number;
  modified: number;
  accessed: number;
}

/**
 * What File.*, Directory.* and Environment.* reach. The runner gives each run a host confined to
 * its work folder; tests give an in-memory one. Paths arrive as the workflow wrote them
 * (Windows backslashes included) and are the host's to resolve.
 */
export interface Host {
  fileExists(p: string): boolean;
  readText(p: string): string;
  writeText(p: string, text: string, append: boolean): void;
  /** A file's bytes (a workbook): FileNotFoundException when it is missing. */
  readBytes(p: string): Uint8Array;
  /** Replaces a file's content with `data`, creating the file; its folder must exist. */
  writeBytes(p: string, data: Uint8Array): void;
  directoryExists(p: string): boolean;
  /** Full paths of the files in `dir` matching a `*`/`?` pattern, sorted. */
  listFiles(dir: string, pattern: string): string[];
  createDirectory(p: string): void;
  /** The absolute path .NET's messages quote ("Could not find file '/full/path'."). */
  fullPath(p: string): string;
  /** Copies a file; the caller has checked the source exists and the destination may be written. */
  copyFile(from: string, to: string): void;
  /** Moves (renames) a file, replacing the destination. */
  moveFile(from: string, to: string): void;
  deleteFile(p: string): void;
  /** Deletes a folder and everything in it. */
  deleteDirectory(p: string): void;
  /** The current directory a relative path starts from. */
  currentDirectory(): string;
  environment(name: string): string | null;
  /*
   * What FileInfo, DirectoryInfo, Directory.GetDirectories and Environment reach beyond the
   * above. Optional, so a host written before them still builds; a member needing one the host
   * lacks fails with NotSupportedException.
   */
  /** A file's or folder's kind, size and times; null when nothing is at `p`. */
  stat?(p: string): FileStat | null;
  /** Full paths of the sub-folders of `dir` matching a `*`/`?` pattern, sorted. */
  listDirectories?(dir: string, pattern: string): string[];
  /** Moves (renames) a folder with everything in it. */
  moveDirectory?(from: string, to: string): void;
  /** Environment.MachineName: the computer's name. */
  machineName?(): string;
  /** Environment.UserName: the account the agent runs as. */
  userName?(): string;
}

/**
 * A Host on the real file system, confined to `root`: a relative path resolves against it and
 * any path leading outside it is refused with UnauthorizedAccessException.
 */
export function folderHost(root: string): Host {
  const base = path.resolve(root);
  const resolve = (p: string) => {
    const full = path.resolve(base, p.replace(/\\/g, '/'));
    if (full !== base && !full.startsWith(base + path.sep))
      fail('UnauthorizedAccessException', `Access to the path '${p}' is denied.`);
    return full;
  };
  return {
    fileExists: (p) => {
      const f = resolve(p);
      return existsSync(f) && statSync(f).isFile();
    },
    readText: (p) => {
      const f = resolve(p);
      if (!existsSync(f)) fail('FileNotFoundException', `Could not find file '${f}'.`);
      return readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
    },
    writeText: (p, text, append) => {
      const f = resolve(p);
      if (!existsSync(path.dirname(f))) fail('DirectoryNotFoundException', `Could not find a part of the path '${f}'.`);
      (append ? appendFileSync : writeFileSync)(f, text, 'utf8');
    },
    readBytes: (p) => {
      const f = resolve(p);
      if (!existsSync(f)) fail('FileNotFoundException', `Could not find file '${f}'.`);
      return new Uint8Array(readFileSync(f));
    },
    writeBytes: (p, data) => {
      const f = resolve(p);
      if (!existsSync(path.dirname(f))) fail('DirectoryNotFoundException', `Could not find a part of the path '${f}'.`);
      writeFileSync(f, data);
    },
    directoryExists: (p) => {
      const f = resolve(p);
      return existsSync(f) && statSync(f).isDirectory();
    },
    listFiles: (dir, pattern) => {
      const d = resolve(dir);
      if (!existsSync(d)) fail('DirectoryNotFoundException', `Could not find a part of the path '${d}'.`);
      const re = globToRegExp(pattern);
      return readdirSync(d)
        .filter((n) => re.test(n) && statSync(path.join(d, n)).isFile())
        .sort()
        .map((n) => path.join(d, n));
    },
    createDirectory: (p) => {
      mkdirSync(resolve(p), { recursive: true });
    },
    fullPath: resolve,
    copyFile: (from, to) => copyFileSync(resolve(from), resolve(to)),
    moveFile: (from, to) => renameSync(resolve(from), resolve(to)),
    deleteFile: (p) => unlinkSync(resolve(p)),
    deleteDirectory: (p) => {
      const f = resolve(p);
      // The work folder itself stays: a workflow may empty it, not remove it.
      if (f === base) fail('UnauthorizedAccessException', `Access to the path '${p}' is denied.`);
      rmSync(f, { recursive: true, force: true });
    },
    currentDirectory: () => base,
    environment: (name) => process.env[name] ?? null,
    stat: (p) => {
      const f = resolve(p);
      if (!existsSync(f)) return null;
      const st = statSync(f);
      // Linux file systems may not keep a birth time; .NET then reports the older of the others.
      const created = st.birthtimeMs > 0 ? st.birthtimeMs : Math.min(st.ctimeMs, st.mtimeMs);
      return {
        isDirectory: st.isDirectory(),
        length: st.isDirectory() ? 0 : st.size,
        created: Math.floor(created),
        modified: Math.floor(st.mtimeMs),
        accessed: Math.floor(st.atimeMs),
      };
    },
    listDirectories: (dir, pattern) => {
      const d = resolve(dir);
      if (!existsSync(d)) fail('DirectoryNotFoundException', `Could not find a part of the path '${d}'.`);
      const re = globToRegExp(pattern);
      return readdirSync(d)
        .filter((n) => re.test(n) && statSync(path.join(d, n)).isDirectory())
        .sort()
        .map((n) => path.join(d, n));
    },
    moveDirectory: (from, to) => {
      const f = resolve(from);
      if (f === base) fail('UnauthorizedAccessException', `Access to the path '${from}' is denied.`);
      renameSync(f, resolve(to));
    },
    machineName: () => hostname(),
    userName: () => userInfo().username,
  };
}

export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}
