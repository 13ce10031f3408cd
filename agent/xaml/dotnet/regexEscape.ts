import { fail } from './exceptions';

/** ArgumentException as .NET words a pattern it cannot parse. */
export function badPattern(pattern: string, offset: number, reason: string): never {
  return fail('ArgumentException', `Invalid pattern '${pattern}' at offset ${offset}. ${reason}`);
}

/** ArgumentException for a valid .NET construct that JavaScript's engine has no equivalent for. */
export function unsupported(construct: string): never {
  return fail('ArgumentException', `The regular expression construct ${construct} is not supported by this agent.`);
}

const SIMPLE_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f', v: '\v', e: '\x1b', a: '\x07' };

/** The character an escape at `i` (a backslash) stands for, and where it ends; null when it is no character escape. */
export function readCharEscape(p: string, i: number, inClass: boolean): { c: string | null; end: number } {
  const c = p[i + 1];
  if (c === undefined) return badPattern(p, i + 1, 'Illegal \\ at end of pattern.');
  if (SIMPLE_ESCAPES[c] !== undefined) return { c: SIMPLE_ESCAPES[c], end: i + 2 };
  if (c === 'b' && inClass) return { c: '\b', end: i + 2 };
  if (c === 'x' || c === 'u') {
    const n = c === 'x' ? 2 : 4;
    const hex = p.slice(i + 2, i + 2 + n);
    if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) badPattern(p, i + 2, 'Insufficient hexadecimal digits.');
    return { c: String.fromCharCode(parseInt(hex, 16)), end: i + 2 + n };
  }
  if (c === 'c') {
    const letter = p[i + 2];
    if (!letter || !/[a-zA-Z@[\\\]^_]/.test(letter)) return badPattern(p, i + 2, 'Unrecognized control character.');
    return { c: String.fromCharCode(letter.toUpperCase().charCodeAt(0) & 31), end: i + 3 };
  }
  if (c === '0' || (inClass && /[1-7]/.test(c))) {
    const m = /^[0-7]{1,3}/.exec(p.slice(i + 1)) ?? ['0'];
    return { c: String.fromCharCode(parseInt(m[0], 8) & 0xff), end: i + 1 + m[0].length };
  }
  if (/[A-Za-z0-9_]/.test(c)) return { c: null, end: i };
  return { c, end: i + 2 };
}

/** \p{Name} / \P{Name} at `i`: a Unicode category; a named block (\p{IsGreek}) has no JavaScript equivalent. */
export function readProperty(p: string, i: number): { negated: boolean; name: string; end: number } {
  const negated = p[i + 1] === 'P';
  const m = /^\{([A-Za-z0-9_-]+)\}/.exec(p.slice(i + 2));
  if (!m) return badPattern(p, i + 2, 'Incomplete \\p{X} character escape.');
  if (/^Is/.test(m[1])) unsupported(`'\\p{${m[1]}}' (a named Unicode block)`);
  return { negated, name: m[1], end: i + 2 + m[0].length };
}
