import { fail, NetError, toStr, type Host, type Value } from '../../../agent/xaml/dotnet';
import { evaluate, parseCs, parseVb, Variables } from '../../../agent/xaml/expr';

/** An in-memory file system: paths are keys (text files, and binary ones apart), directories a set. */
export function memoryHost(
  files: Record<string, string> = {},
  dirs: string[] = [],
): Host & { files: Map<string, string>; blobs: Map<string, Uint8Array> } {
  const map = new Map(Object.entries(files));
  const blobs = new Map<string, Uint8Array>();
  const dirSet = new Set(dirs);
  return {
    files: map,
    blobs,
    fileExists: (p) => map.has(p) || blobs.has(p),
    readText: (p) => {
      const t = map.get(p);
      if (t === undefined) fail('FileNotFoundException', `Could not find file '${p}'.`);
      return t;
    },
    writeText: (p, text, append) => void map.set(p, (append ? (map.get(p) ?? '') : '') + text),
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
    directoryExists: (p) => dirSet.has(p),
    listFiles: (dir, pattern) =>
      [...map.keys()]
        .filter((k) => k.startsWith(dir + '/') && (pattern === '*' || k.endsWith(pattern.replace('*', ''))))
        .sort(),
    createDirectory: (p) => void dirSet.add(p),
    fullPath: (p) => p,
    copyFile: (from, to) => void map.set(to, map.get(from) ?? ''),
    moveFile: (from, to) => {
      map.set(to, map.get(from) ?? '');
      map.delete(from);
    },
    deleteFile: (p) => {
      map.delete(p);
      blobs.delete(p);
    },
    deleteDirectory: (p) => {
      for (const d of [...dirSet]) if (d === p || d.startsWith(p + '/')) dirSet.delete(d);
      for (const f of [...map.keys()]) if (f.startsWith(p + '/')) map.delete(f);
    },
    currentDirectory: () => '/work',
    environment: () => null,
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
