import { fail } from './exceptions';
import type { Host } from './host';
import { joinPath } from './paths';
import { toStr } from './text';
import { NetEnum, type Value } from './values';

export function lastSep(p: string): number {
  return Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
}

export function baseName(p: string): string {
  return p.replace(/[\\/]+$/, '').slice(lastSep(p.replace(/[\\/]+$/, '')) + 1);
}

export function requireHost<T>(f: T | undefined, what: string): T {
  if (f === undefined) return fail('NotSupportedException', `${what} is not available on this agent.`);
  return f;
}

/** A search pattern argument: "*" when omitted; Nothing is ArgumentNullException. */
export function patternArg(v: Value | undefined): string {
  if (v === undefined) return '*';
  if (v === null) return fail('ArgumentNullException', "Value cannot be null. (Parameter 'searchPattern')");
  return toStr(v);
}

/** A SearchOption argument: AllDirectories walks the sub-folders too. */
export function recursiveArg(v: Value | undefined): boolean {
  if (v === undefined) return false;
  if (v instanceof NetEnum && v.type === 'SearchOption') {
    if (v.n === 0 || v.n === 1) return v.n === 1;
  }
  return fail('ArgumentOutOfRangeException', "Enum value was out of legal range. (Parameter 'searchOption')");
}

/**
 * The files (or folders) under `dir` whose names match `pattern`, as paths relative to it:
 * each folder's own entries sorted by name; with `recursive`, the sub-folders are walked
 * breadth-first (all of one level before the next), as .NET's enumeration queues them.
 */
export function listTree(host: Host, dir: string, pattern: string, recursive: boolean, dirs: boolean): string[] {
  if (!host.directoryExists(dir))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(dir)}'.`);
  const listDirs = (d: string, pat: string) => requireHost(host.listDirectories, 'Listing folders').call(host, d, pat);
  const out: string[] = [];
  const pending: string[] = [''];
  while (pending.length) {
    const rel = pending.shift() ?? '';
    const here = rel === '' ? dir : joinPath(dir, rel);
    const under = (name: string) => (rel === '' ? name : joinPath(rel, name));
    for (const name of (dirs ? listDirs(here, pattern) : host.listFiles(here, pattern)).map(baseName))
      out.push(under(name));
    if (recursive) for (const sub of listDirs(here, '*').map(baseName)) pending.push(under(sub));
  }
  return out;
}

/** Directory.Delete / DirectoryInfo.Delete: a folder with content needs `recursive`. */
export function deleteDirectory(host: Host, p: string, recursive: boolean): void {
  if (!host.directoryExists(p))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(p)}'.`);
  const listDirs = requireHost(host.listDirectories, 'Deleting folders');
  if (!recursive && (host.listFiles(p, '*').length > 0 || listDirs.call(host, p, '*').length > 0))
    fail('IOException', `Directory not empty : '${host.fullPath(p)}'`);
  host.deleteDirectory(p);
}

/** Directory.Move / DirectoryInfo.MoveTo: the source must exist and the destination must not. */
export function moveDirectory(host: Host, from: string, to: string): void {
  if (!host.directoryExists(from))
    fail('DirectoryNotFoundException', `Could not find a part of the path '${host.fullPath(from)}'.`);
  if (host.directoryExists(to) || host.fileExists(to))
    fail(
      'IOException',
      `Cannot create '${host.fullPath(to)}' because a file or directory with the same name already exists.`,
    );
  requireHost(host.moveDirectory, 'Moving folders').call(host, from, to);
}
