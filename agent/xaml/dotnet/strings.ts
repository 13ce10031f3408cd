import { need } from './calls';
import { toInt32 } from './cast';
import { fail, MESSAGES } from './exceptions';
import { textOrEmpty, toStr } from './text';
import { MISSING, NetArray, NetChar, NetEnum, NetList, type Value } from './values';

export { MISSING };
export type Found = Value | typeof MISSING;

/** A string, char or char array argument as text (.Trim("x"c), .Split({","c})). */
function chars(v: Value): string {
  if (v instanceof NetArray || v instanceof NetList) return v.items.map((c) => textOrEmpty(c)).join('');
  return textOrEmpty(v);
}

function ignoreCase(opt: Value | undefined): boolean {
  return opt instanceof NetEnum && /IgnoreCase$/.test(opt.name);
}

function argRange(s: string, start: number, len: number): void {
  if (start < 0 || start > s.length)
    fail('ArgumentOutOfRangeException', "startIndex cannot be larger than length of string. (Parameter 'startIndex')");
  if (len < 0 || start + len > s.length) {
    fail(
      'ArgumentOutOfRangeException',
      "Index and length must refer to a location within the string. (Parameter 'length')",
    );
  }
}

function trimSet(s: string, set: string | null, start: boolean, end: boolean): string {
  const strip = (c: string) => (set === null || set === '' ? /\s/.test(c) : set.includes(c));
  let a = 0;
  let b = s.length;
  if (start) while (a < b && strip(s[a])) a++;
  if (end) while (b > a && strip(s[b - 1])) b--;
  return s.slice(a, b);
}

/** String.Split: by chars or by strings, with StringSplitOptions.RemoveEmptyEntries / TrimEntries. */
function split(s: string, args: Value[]): NetArray {
  const opt = args.find((a) => a instanceof NetEnum) as NetEnum | undefined;
  const sepArg = args.find((a) => !(a instanceof NetEnum) && typeof a !== 'number');
  let parts: string[];
  if (sepArg === undefined || sepArg === null) parts = s.split(/\s/);
  else if (typeof sepArg === 'string') parts = s.split(sepArg === '' ? /(?!)/ : sepArg);
  else if (sepArg instanceof NetChar) parts = s.split(sepArg.c);
  else {
    const items = (sepArg as NetArray).items;
    const seps = items.map((i) => textOrEmpty(i)).filter((x) => x !== '');
    if (seps.length === 0) parts = s.split(/\s/);
    else
      parts = s.split(
        new RegExp(
          seps
            .sort((a, b) => b.length - a.length)
            .map(escape)
            .join('|'),
        ),
      );
  }
  if (opt && opt.n & 2) parts = parts.map((p) => p.trim());
  if (opt && opt.n & 1) parts = parts.filter((p) => p !== '');
  return new NetArray('String', parts);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The members of System.String (without LINQ, which strings.ts leaves to linq.ts). */
export function stringMember(s: string, lc: string, args: Value[]): Found {
  const a0 = args[0];
  switch (lc) {
    case 'length':
      return s.length;
    case 'tostring':
    case 'clone':
      return s;
    case 'trim':
      return trimSet(s, args.length ? chars(a0) : null, true, true);
    case 'trimstart':
      return trimSet(s, args.length ? chars(a0) : null, true, false);
    case 'trimend':
      return trimSet(s, args.length ? chars(a0) : null, false, true);
    case 'toupper':
    case 'toupperinvariant':
      return s.toUpperCase();
    case 'tolower':
    case 'tolowerinvariant':
      return s.toLowerCase();
    case 'replace': {
      const from = textOrEmpty(a0);
      if (from === '') fail('ArgumentException', "String cannot be of zero length. (Parameter 'oldValue')");
      return s.split(from).join(textOrEmpty(args[1] ?? null));
    }
    case 'substring': {
      const start = toInt32(a0);
      const len = args.length > 1 ? toInt32(args[1]) : s.length - start;
      argRange(s, start, len);
      return s.substr(start, len);
    }
    case 'remove': {
      const start = toInt32(a0);
      const len = args.length > 1 ? toInt32(args[1]) : s.length - start;
      argRange(s, start, len);
      return s.slice(0, start) + s.slice(start + len);
    }
    case 'insert':
      need(args, 2, 2);
      argRange(s, toInt32(a0), 0);
      return s.slice(0, toInt32(a0)) + toStr(args[1]) + s.slice(toInt32(a0));
    case 'indexof':
    case 'lastindexof': {
      const ic = ignoreCase(args[args.length - 1]);
      const hay = ic ? s.toLowerCase() : s;
      const needle = ic ? textOrEmpty(a0).toLowerCase() : textOrEmpty(a0);
      const from = typeof args[1] === 'number' ? args[1] : undefined;
      return lc === 'indexof' ? hay.indexOf(needle, from) : hay.lastIndexOf(needle, from);
    }
    case 'contains':
    case 'startswith':
    case 'endswith':
    case 'equals': {
      if (a0 === null && lc !== 'equals') fail('ArgumentNullException', "Value cannot be null. (Parameter 'value')");
      if (lc === 'equals' && !(typeof a0 === 'string' || a0 instanceof NetChar)) return false;
      const ic = ignoreCase(args[1]);
      const x = ic ? s.toLowerCase() : s;
      const y = ic ? textOrEmpty(a0).toLowerCase() : textOrEmpty(a0);
      return lc === 'contains'
        ? x.includes(y)
        : lc === 'startswith'
          ? x.startsWith(y)
          : lc === 'endswith'
            ? x.endsWith(y)
            : x === y;
    }
    case 'split':
      return split(s, args);
    case 'padleft':
    case 'padright': {
      const pad = args.length > 1 ? chars(args[1]) : ' ';
      return lc === 'padleft' ? s.padStart(toInt32(a0), pad) : s.padEnd(toInt32(a0), pad);
    }
    case 'tochararray':
      return new NetArray(
        'Char',
        [...s].map((c) => new NetChar(c)),
      );
    case 'chars':
    case 'item':
    case 'elementat': {
      const i = toInt32(a0);
      if (i < 0 || i >= s.length) fail('IndexOutOfRangeException', MESSAGES.indexOutOfRange);
      return new NetChar(s[i]);
    }
    case 'compareto': {
      const o = textOrEmpty(a0);
      return s < o ? -1 : s > o ? 1 : 0;
    }
    case 'isnormalized':
      return true;
    case 'gethashcode':
      return [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);
  }
  return MISSING;
}
