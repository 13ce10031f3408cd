import { fail, NetError, toStr, type Host, type Value } from '../../../agent/xaml/dotnet';
import { globToRegExp } from '../../../agent/xaml/dotnet/host';
import { evaluate, parseCs, parseVb, Variables } from '../../../agent/xaml/expr';

/**
 * An in-memory file system: files by path, folders in a set (a file's folders exist with it).
 * Binary files (written as bytes) are kept apart. Paths are "/"-separated keys; a folder lists
 * only its direct children, as a real one does.
 */
export function memoryHost(
  files: Record<string, string> = {},
  dirs: string[] = [],
): Host & {
  files: Map<string, string>;
  blobs: Map<string, Uint8Array>;
  dirs: Set<string>;
  times: Map<string, number>;
} {
  const map = new Map(Object.entries(files));
  const blobs = new Map<string, Uint8Array>();
  const dirSet = new Set(dirs);
  const times = new Map<string, number>();
  const parent = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
  const children = (dir: string, pattern: string, keys: Iterable<string>) => {
    const re = globToRegExp(pattern);
    return [...keys].filter((k) => parent(k) === dir && re.test(k.slice(dir.length + 1))).sort();
  };
  const isDir = (p: string) => dirSet.has(p) || [...map.keys(), ...dirSet].some((k) => k.startsWith(p + '/'));
  const noDir = (p: string): never => fail('DirectoryNotFoundException', `Could not find a part of the path '${p}'.`);
  return {
    files: map,
    blobs,
    dirs: dirSet,
    times,
    fileExists: (p) => map.has(p) || blobs.has(p),
    readText: (p) => {
      const t = map.get(p);
      if (t === undefined) fail('FileNotFoundException', `Could not find file '${p}'.`);
      return t;
    },
    writeText: (p, text, append) => {
      map.set(p, (append ? (map.get(p) ?? '') : '') + text);
      times.set(p, times.get(p) ?? Date.UTC(2024, 0, 2, 3, 4, 5));
    },
    readBytes: (p) => {
      const b = blobs.get(p);
      if (b !== undefined) return b;
      const t = map.get(p);
      if (t === undefined) fail('FileNotFoundException', `Could not find file '${p}'.`);
      return new TextEncoder().encode(t);
    },
    writeBytes: (p, data) => {
      map.delete(p);
      blobs.set(p, data);
    },
    directoryExists: (p) => isDir(p),
    listFiles: (dir, pattern) => (isDir(dir) ? children(dir, pattern, [...map.keys(), ...blobs.keys()]) : noDir(dir)),
    listDirectories: (dir, pattern) => {
      if (!isDir(dir)) noDir(dir);
      const all = new Set<string>();
      for (const k of [...map.keys(), ...dirSet]) {
        for (let d = parent(k); d.length > dir.length; d = parent(d)) all.add(d);
        if (dirSet.has(k)) all.add(k);
      }
      return children(dir, pattern, all);
    },
    createDirectory: (p) => void dirSet.add(p),
    fullPath: (p) => p,
    copyFile: (from, to) => void map.set(to, map.get(from) ?? ''),
    moveFile: (from, to) => {
      map.set(to, map.get(from) ?? '');
      map.delete(from);
    },
    moveDirectory: (from, to) => {
      for (const d of [...dirSet])
        if (d === from || d.startsWith(from + '/')) {
          dirSet.delete(d);
          dirSet.add(to + d.slice(from.length));
        }
      for (const [k, v] of [...map])
        if (k.startsWith(from + '/')) {
          map.delete(k);
          map.set(to + k.slice(from.length), v);
        }
    },
    deleteFile: (p) => {
      map.delete(p);
      blobs.delete(p);
    },
    deleteDirectory: (p) => {
      for (const d of [...dirSet]) if (d === p || d.startsWith(p + '/')) dirSet.delete(d);
      for (const f of [...map.keys()]) if (f.startsWith(p + '/')) map.delete(f);
    },
    stat: (p) => {
      if (map.has(p)) {
        const t = times.get(p) ?? Date.UTC(2024, 0, 2, 3, 4, 5);
        return {
          isDirectory: false,
          length: Buffer.byteLength(map.get(p) ?? ''),
          created: t,
          modified: t,
          accessed: t,
        };
      }
      if (isDir(p)) return { isDirectory: true, length: 0, created: 0, modified: 0, accessed: 0 };
      return null;
    },
    currentDirectory: () => '/work',
    environment: () => null,
    machineName: () => 'agent-host',
    userName: () => 'robot',
  };
}

export function scopeWith(vars: Record<string, Value> = {}, host: Host = memoryHost()): Variables {
  const s = new Variables(host);
  for (const [k, v] of Object.entries(vars)) s.declare(k, v);
  return s;
}

export const vb = (text: string, vars: Record<string, Value> = {}, host?: Host): Value =>
  evaluate(parseVb(text), scopeWith(vars, host));
export const cs = (text: string, vars: Record<string, Value> = {}, host?: Host): Value =>
  evaluate(parseCs(text), scopeWith(vars, host));
/** The expression's value as its ToString() prints it. */
export const vbText = (text: string, vars: Record<string, Value> = {}): string => toStr(vb(text, vars));
export const csText = (text: string, vars: Record<string, Value> = {}): string => toStr(cs(text, vars));

/** The .NET exception an evaluation throws, as "Type: message". */
export function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof NetError) return `${e.exception.type}: ${e.exception.message}`;
    throw e;
  }
  return 'nothing thrown';
}
