import { toStr, textOrEmpty } from './text';
import { need } from './calls';
import { fail } from './exceptions';
import { MISSING, type Found } from './strings';
import { NetArray, NetChar, type Value } from './values';

/**
 * Path treats both "\" and "/" as separators: workflows written on Windows carry backslash
 * paths, and the agent runs them on any system. Combine joins with the separator the first
 * part already uses ("/" when it has none).
 */
function sep(p: string): string {
  return p.includes('\\') && !p.includes('/') ? '\\' : '/';
}

function lastSep(p: string): number {
  return Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
}

export function fileName(p: string): string {
  return p.slice(lastSep(p) + 1);
}

export function extension(p: string): string {
  const name = fileName(p);
  const dot = name.lastIndexOf('.');
  return dot < 0 || dot === name.length - 1 ? '' : name.slice(dot);
}

export function nullArg(name: string): never {
  return fail('ArgumentNullException', `Value cannot be null. (Parameter '${name}')`);
}

export function pathMember(lc: string, args: Value[] | null): Found {
  if (args === null) {
    if (lc === 'directoryseparatorchar') return new NetChar('/');
    return MISSING;
  }
  const a = args.map((v) => (v === null ? null : toStr(v)));
  const p = a[0] ?? (lc === 'combine' ? nullArg('path1') : null);
  switch (lc) {
    case 'combine': {
      const parts =
        args.length === 1 && args[0] instanceof NetArray
          ? args[0].items.map((v) => textOrEmpty(v))
          : a.map((x) => x ?? nullArg('path'));
      let out = '';
      for (const part of parts) {
        if (part === '') continue;
        if (/^([a-zA-Z]:)?[\\/]/.test(part) || out === '') out = part;
        else out += (/[\\/]$/.test(out) ? '' : sep(out)) + part;
      }
      return out;
    }
    case 'getfilename':
      return p === null ? null : fileName(p);
    case 'getextension':
      return p === null ? null : extension(p);
    case 'getfilenamewithoutextension': {
      if (p === null) return null;
      const name = fileName(p);
      const ext = extension(p);
      return ext ? name.slice(0, -ext.length) : name.replace(/\.$/, '');
    }
    case 'getdirectoryname': {
      if (p === null || p === '') return null;
      const i = lastSep(p);
      return i < 0 ? '' : i === 0 ? null : p.slice(0, i);
    }
    case 'changeextension': {
      need(args, 2, 2);
      if (p === null) return null;
      const ext = extension(p);
      const base = ext ? p.slice(0, -ext.length) : p;
      const next = a[1];
      return next === null ? base : base + (next.startsWith('.') ? next : '.' + next);
    }
    case 'hasextension':
      return p !== null && extension(p) !== '';
    case 'ispathrooted':
      return p !== null && /^([a-zA-Z]:)?[\\/]/.test(p);
  }
  return MISSING;
}

/** Path.Combine(a, b) as the static member does it, for paths the members build. */
export function joinPath(a: string, b: string): string {
  return pathMember('combine', [a, b]) as string;
}
