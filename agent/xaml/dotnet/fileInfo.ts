import { need } from './calls';
import { NetDateTime } from './datetime';
import { fail } from './exceptions';
import type { FileStat, Host } from './host';
import {
  baseName,
  lastSep,
  deleteDirectory,
  listTree,
  moveDirectory,
  patternArg,
  recursiveArg,
  requireHost,
} from './fileTree';
import { extension, joinPath } from './paths';
import { textOrEmpty, toStr } from './text';
import { MISSING, NetArray, NetInstance, NetLong, type Value } from './values';

/** What a missing file's times read as: midnight, January 1st 1601 UTC. */
const NEVER_MS = Date.UTC(1601, 0, 1);

function parentOf(p: string): string | null {
  const trimmed = p.replace(/[\\/]+$/, '');
  const i = lastSep(trimmed);
  if (i < 0) return null;
  return i === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, i);
}

/** A stat through the host; null when nothing is at the path. */
function statOf(host: Host, p: string): FileStat | null {
  return requireHost(host.stat, 'FileInfo').call(host, p);
}

/** A time property: Local (or Utc) DateTime; 1601-01-01 UTC for a path with nothing at it. */
function timeOf(st: FileStat | null, key: 'created' | 'modified' | 'accessed', utc: boolean): NetDateTime {
  const ms = st ? st[key] : NEVER_MS;
  if (utc) return new NetDateTime(ms, 'Utc');
  return new NetDateTime(ms - new Date(ms).getTimezoneOffset() * 60_000, 'Local');
}

/**
 * System.IO.FileSystemInfo, what FileInfo and DirectoryInfo share: over the run's Host, it holds
 * a path, not the file: each property reads the file system when asked (so Exists turns True
 * once Create has run), and it prints the path it was given.
 */
abstract class NetFileSystemInfo extends NetInstance {
  readonly netNamespace = 'System.IO';
  constructor(
    public path: string,
    readonly host: Host,
  ) {
    super();
    if (path === '') fail('ArgumentException', "The path is empty. (Parameter 'path')");
  }

  abstract get name(): string;

  /** The members of one kind (FileInfo's or DirectoryInfo's own). */
  protected abstract own(lc: string, args: Value[]): Value | typeof MISSING;

  override toText(): string {
    return this.path;
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    const st = () => statOf(this.host, this.path);
    switch (lc) {
      case 'name':
        return this.name;
      case 'fullname':
        return this.host.fullPath(this.path);
      case 'extension':
        return extension(this.name);
      case 'creationtime':
      case 'creationtimeutc':
        return timeOf(st(), 'created', lc.endsWith('utc'));
      case 'lastwritetime':
      case 'lastwritetimeutc':
        return timeOf(st(), 'modified', lc.endsWith('utc'));
      case 'lastaccesstime':
      case 'lastaccesstimeutc':
        return timeOf(st(), 'accessed', lc.endsWith('utc'));
      case 'refresh':
        need(args, 0, 0);
        return null;
    }
    return this.own(lc, args);
  }
}

/** System.IO.FileInfo. */
export class NetFileInfo extends NetFileSystemInfo {
  readonly netType = 'FileInfo';

  get name(): string {
    return baseName(this.path);
  }

  private stat(): FileStat | null {
    const st = statOf(this.host, this.path);
    return st && !st.isDirectory ? st : null;
  }

  protected own(lc: string, args: Value[]): Value | typeof MISSING {
    const host = this.host;
    switch (lc) {
      case 'exists':
        return host.fileExists(this.path);
      case 'length': {
        const st = this.stat();
        if (!st) return fail('FileNotFoundException', `Could not find file '${host.fullPath(this.path)}'.`);
        // FileInfo.Length is a Long (Int64).
        return new NetLong(BigInt(st.length));
      }
      case 'directoryname':
        return parentOf(host.fullPath(this.path));
      case 'directory': {
        const dir = parentOf(host.fullPath(this.path));
        return dir === null ? null : new NetDirectoryInfo(dir, host);
      }
      case 'isreadonly':
        return false;
      case 'create':
        need(args, 0, 0);
        host.writeText(this.path, '', false);
        return new NetFileStream();
      case 'delete':
        need(args, 0, 0);
        // Deleting a file that is not there does nothing, as .NET documents.
        if (host.fileExists(this.path)) host.deleteFile(this.path);
        return null;
      case 'copyto':
      case 'moveto': {
        need(args, 1, 2);
        const dest = toStr(
          args[0] ?? fail('ArgumentNullException', "Value cannot be null. (Parameter 'destFileName')"),
        );
        if (dest === '') fail('ArgumentException', "The value cannot be an empty string. (Parameter 'destFileName')");
        if (!this.stat()) fail('FileNotFoundException', `Could not find file '${host.fullPath(this.path)}'.`);
        if (host.fileExists(dest) && args[1] !== true)
          fail('IOException', `The file '${host.fullPath(dest)}' already exists.`);
        if (lc === 'copyto') {
          host.copyFile(this.path, dest);
          return new NetFileInfo(dest, host);
        }
        host.moveFile(this.path, dest);
        // MoveTo moves the FileInfo too: its Name and FullName now name the destination.
        this.path = dest;
        return null;
      }
    }
    return MISSING;
  }
}

/** System.IO.DirectoryInfo. */
export class NetDirectoryInfo extends NetFileSystemInfo {
  readonly netType = 'DirectoryInfo';

  get name(): string {
    const n = baseName(this.path);
    return n === '' ? this.path : n;
  }

  protected own(lc: string, args: Value[]): Value | typeof MISSING {
    const host = this.host;
    switch (lc) {
      case 'exists':
        return host.directoryExists(this.path);
      case 'parent': {
        const up = parentOf(host.fullPath(this.path));
        return up === null ? null : new NetDirectoryInfo(up, host);
      }
      case 'create':
        need(args, 0, 0);
        host.createDirectory(this.path);
        return null;
      case 'createsubdirectory': {
        need(args, 1, 1);
        const sub = joinPath(this.path, textOrEmpty(args[0]));
        host.createDirectory(sub);
        return new NetDirectoryInfo(sub, host);
      }
      case 'delete':
        need(args, 0, 1);
        deleteDirectory(host, this.path, args[0] === true);
        return null;
      case 'moveto': {
        need(args, 1, 1);
        const dest = toStr(args[0] ?? fail('ArgumentNullException', "Value cannot be null. (Parameter 'destDirName')"));
        moveDirectory(host, this.path, dest);
        this.path = dest;
        return null;
      }
      case 'getfiles':
      case 'enumeratefiles':
      case 'getdirectories':
      case 'enumeratedirectories': {
        need(args, 0, 2);
        const dirs = lc.endsWith('directories');
        const full = host.fullPath(this.path);
        const names = listTree(host, this.path, patternArg(args[0]), recursiveArg(args[1]), dirs);
        // The items of a DirectoryInfo carry full paths, as .NET's do.
        const items = names.map((n) =>
          dirs ? new NetDirectoryInfo(joinPath(full, n), host) : new NetFileInfo(joinPath(full, n), host),
        );
        return new NetArray(dirs ? 'DirectoryInfo' : 'FileInfo', items);
      }
    }
    return MISSING;
  }
}

/** What FileInfo.Create returns: the file is created empty; the stream only closes. */
class NetFileStream extends NetInstance {
  readonly netType = 'FileStream';
  readonly netNamespace = 'System.IO';
  member(lc: string, args: Value[]): Value | typeof MISSING {
    if (lc === 'close' || lc === 'dispose' || lc === 'flush') {
      need(args, 0, 0);
      return null;
    }
    return MISSING;
  }
}

/** New FileInfo(path) / New DirectoryInfo(path). */
export function constructFileSystemInfo(type: 'FileInfo' | 'DirectoryInfo', args: Value[], host: Host): NetInstance {
  need(args, 1, 1);
  const p = toStr(
    args[0] ??
      fail('ArgumentNullException', `Value cannot be null. (Parameter '${type === 'FileInfo' ? 'fileName' : 'path'}')`),
  );
  return type === 'FileInfo' ? new NetFileInfo(p, host) : new NetDirectoryInfo(p, host);
}
