import { badShape, need } from './calls';
import { toInt32 } from './cast';
import { enumOf } from './enums';
import { fail } from './exceptions';
import { allMatches, matchAt, NetMatch, NetMatchCollection, type MatchSource } from './regexMatch';
import { optionBits, translate, type Translated } from './regexTranslate';
import { textOrEmpty } from './text';
import { MISSING, NetArray, NetDelegate, NetInstance, type Value } from './values';

const CACHE = new Map<string, Translated>();

/** A pattern translated once per pattern and options, as .NET caches the static methods' regexes. */
function compile(pattern: string, options: number): Translated {
  const key = `${options}/${pattern}`;
  let tr = CACHE.get(key);
  if (!tr) {
    tr = translate(pattern, options);
    if (CACHE.size >= 256) CACHE.clear();
    CACHE.set(key, tr);
  }
  return tr;
}

function text(v: Value | undefined, param: string): string {
  if (v === null || v === undefined)
    return fail('ArgumentNullException', `Value cannot be null. (Parameter '${param}')`);
  return textOrEmpty(v);
}

function startAt(v: Value | undefined, input: string): number {
  if (v === undefined) return 0;
  const n = toInt32(v);
  if (n < 0 || n > input.length)
    fail(
      'ArgumentOutOfRangeException',
      "Specified argument was out of the range of valid values. (Parameter 'startat')",
    );
  return n;
}

/** System.Text.RegularExpressions.Regex: a pattern with its options. */
export class NetRegex extends NetInstance {
  readonly netType = 'Regex';
  readonly netNamespace = 'System.Text.RegularExpressions';
  readonly tr: Translated;
  constructor(
    readonly pattern: string,
    readonly options: number,
  ) {
    super();
    this.tr = compile(pattern, options);
  }

  override toText(): string {
    return this.pattern;
  }

  private src(input: string): MatchSource {
    return { tr: this.tr, input, end: input.length };
  }

  /** Regex.IsMatch: whether a match starts at or after `start`. */
  isMatch(input: string, start = 0): boolean {
    return matchAt(this.src(input), start).success;
  }

  /** Regex.Matches: every match from `start` on, each searched for after the one before. */
  matches(input: string, start = 0): NetMatchCollection {
    return new NetMatchCollection(allMatches(this.src(input), start));
  }

  /** Regex.Replace: the first `count` matches (all when -1) from `start` on replaced. */
  replace(input: string, replacement: Value | undefined, count = -1, start = 0): string {
    return replace(this.src(input), replacement, count, start);
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    switch (lc) {
      case 'options':
        return args.length ? MISSING : enumOf('RegexOptions', this.options);
      case 'getgroupnames':
        need(args, 0, 0);
        return new NetArray('String', [...this.tr.names]);
      case 'getgroupnumbers':
        need(args, 0, 0);
        return new NetArray(
          'Int32',
          this.tr.names.map((_, i) => i),
        );
      case 'ismatch': {
        need(args, 1, 2);
        const input = text(args[0], 'input');
        return this.isMatch(input, startAt(args[1], input));
      }
      case 'match': {
        need(args, 1, 2);
        const input = text(args[0], 'input');
        return matchAt(this.src(input), startAt(args[1], input));
      }
      case 'matches': {
        need(args, 1, 2);
        const input = text(args[0], 'input');
        return this.matches(input, startAt(args[1], input));
      }
      case 'replace': {
        need(args, 2, 4);
        const input = text(args[0], 'input');
        return this.replace(input, args[1], args.length > 2 ? toInt32(args[2]) : -1, startAt(args[3], input));
      }
      case 'split': {
        need(args, 1, 3);
        const input = text(args[0], 'input');
        return split(this.src(input), args.length > 1 ? toInt32(args[1]) : 0, startAt(args[2], input));
      }
    }
    return MISSING;
  }
}

/**
 * Regex.Replace's replacement: a MatchEvaluator (a lambda given each Match), or text where
 * $1 / ${name} stand for a group, $0 and $& for the match, $` and $' for the input before and
 * after it, $+ for the last group, $_ for the input and $$ for "$". A $ reference to no group
 * stays as written.
 */
function replacementOf(src: MatchSource, replacement: Value | undefined): (m: NetMatch) => string {
  if (replacement instanceof NetDelegate) return (m) => textOrEmpty(replacement.fn([m]));
  if (replacement instanceof NetInstance) return badShape();
  const r = text(replacement, 'replacement');
  const names = src.tr.names;
  const group = (ref: string): number => {
    const n = /^\d+$/.test(ref) ? Number(ref) : names.indexOf(ref);
    return n >= 0 && n < names.length ? n : -1;
  };
  return (m) =>
    r.replace(/\$(?:(\d+)|\{([^}]*)\}|([$&`'+_]))/g, (whole, num: string, name: string, sym: string) => {
      if (sym !== undefined) {
        switch (sym) {
          case '$':
            return '$';
          case '&':
            return m.value;
          case '`':
            return src.input.slice(0, m.index);
          case "'":
            return src.input.slice(m.index + m.value.length);
          case '+':
            // The highest-numbered group that took part; nothing when none did.
            return [...m.groups.slice(1)].reverse().find((g) => g.success)?.value ?? '';
        }
        return src.input;
      }
      const n = group(num ?? name);
      return n < 0 ? whole : m.groups[n].value;
    });
}

function replace(src: MatchSource, replacement: Value | undefined, count: number, start: number): string {
  const make = replacementOf(src, replacement);
  if (count === 0) return src.input;
  let out = '';
  let at = 0;
  let done = 0;
  let m = matchAt(src, start);
  while (m.success && (count < 0 || done < count)) {
    out += src.input.slice(at, m.index) + make(m);
    at = m.index + m.value.length;
    done++;
    m = matchAt(src, m.next);
  }
  return out + src.input.slice(at);
}

/**
 * Regex.Split: the text between matches; what the pattern's groups captured is put between
 * the pieces too, as .NET does. `count` > 0 limits the number of pieces.
 */
function split(src: MatchSource, count: number, start: number): NetArray {
  if (count < 0) fail('ArgumentOutOfRangeException', "Count cannot be less than -1. (Parameter 'count')");
  const input = src.input;
  if (count === 1) return new NetArray('String', [input]);
  const out: string[] = [];
  let at = 0;
  let pieces = 1;
  for (const m of allMatches(src, start)) {
    if (count > 0 && pieces >= count) break;
    out.push(input.slice(at, m.index));
    for (const g of m.groups.slice(1)) if (g.success) out.push(g.value);
    at = m.index + m.value.length;
    pieces++;
  }
  out.push(input.slice(at));
  return new NetArray('String', out);
}

const ESCAPED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\f': '\\f', ' ': '\\ ' };

/** Regex.Escape: \ * + ? | { [ ( ) ^ $ . # and white space are escaped. */
function escape(s: string): string {
  return s.replace(/[\\*+?|{[()^$.#\t\n\r\f ]/g, (c) => ESCAPED[c] ?? '\\' + c);
}

const UNESCAPED: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f', v: '\v', e: '\x1b', a: '\x07' };

function unescape(s: string): string {
  return s.replace(/\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|(.))/gs, (_, x: string, u: string, c: string) =>
    x || u ? String.fromCharCode(parseInt(x ?? u, 16)) : (UNESCAPED[c] ?? c),
  );
}

/** Regex's static methods: the instance ones given the pattern (and options) after the input. */
export function regexStatic(lc: string, a: Value[]): Value | typeof MISSING {
  switch (lc) {
    case 'escape':
      need(a, 1, 1);
      return escape(text(a[0], 'str'));
    case 'unescape':
      need(a, 1, 1);
      return unescape(text(a[0], 'str'));
    case 'ismatch':
    case 'match':
    case 'matches':
    case 'split': {
      need(a, 2, 4);
      const input = text(a[0], 'input');
      return new NetRegex(text(a[1], 'pattern'), optionBits(a[2])).member(lc, [input]);
    }
    case 'replace': {
      need(a, 3, 5);
      const input = text(a[0], 'input');
      return new NetRegex(text(a[1], 'pattern'), optionBits(a[3])).member(lc, [input, a[2]]);
    }
  }
  return MISSING;
}

/** New Regex(pattern[, options[, matchTimeout]]). */
export function constructRegex(args: Value[]): NetRegex {
  need(args, 1, 3);
  return new NetRegex(text(args[0], 'pattern'), optionBits(args[1]));
}
