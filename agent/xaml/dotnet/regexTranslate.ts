import { hasFlag } from './enums';
import { badPattern, unsupported } from './regexEscape';
import { anchor, numberGroups, WORD } from './regexGroups';
import { lexPattern, type ClassItem, type Opts, type Tok } from './regexLex';
import type { Value } from './values';

/**
 * A .NET pattern written as a JavaScript one with the same matches. What differs between the
 * two engines is spelled out: `.` stops only at "\n"; `^`/`$` see only "\n" as a line break
 * and `$` also matches before a final "\n"; \A \z \Z; \d \w \s \b are Unicode-aware; groups
 * are numbered unnamed-first; atomic groups become a lookahead and a back reference; scoped
 * (?i) is written out as both cases. What cannot be written so is an ArgumentException.
 */
export interface Translated {
  re: RegExp;
  /** The .NET group names by group number ("0", "1", …, then the named groups). */
  names: string[];
  /** For each .NET group number, the JavaScript group indices that capture for it. */
  js: number[][];
}

export const OPTION = {
  IgnoreCase: 1,
  Multiline: 2,
  ExplicitCapture: 4,
  Singleline: 16,
  Whitespace: 32,
  RightToLeft: 64,
  ECMAScript: 256,
};

const CATEGORIES = new Set(
  'L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Cs Co Cn'.split(' '),
);
const SPACE = '\\f\\n\\r\\t\\v\\x85\\p{Z}';

function hex(c: string): string {
  return `\\u{${c.charCodeAt(0).toString(16)}}`;
}

function esc(c: string, inClass: boolean): string {
  if (/[\\^$.*+?()[\]{}|/]/.test(c) || (inClass && c === '-')) return '\\' + c;
  // Printable characters stand for themselves; so do surrogates, so that a pair stays one code point.
  if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\p{Cs}]/u.test(c)) return c;
  return hex(c);
}

function otherCase(c: string): string | null {
  const o = c.toLowerCase() !== c ? c.toLowerCase() : c.toUpperCase();
  return o !== c && o.length === 1 ? o : null;
}

const cased = (c: string) => otherCase(c) !== null;

export function translate(pattern: string, options: number): Translated {
  if (options & OPTION.RightToLeft) unsupported('RegexOptions.RightToLeft');
  const ecma = (options & OPTION.ECMAScript) !== 0;
  if (ecma && options & ~(OPTION.ECMAScript | OPTION.IgnoreCase | OPTION.Multiline | 8 | 512))
    unsupported('RegexOptions.ECMAScript with options other than IgnoreCase and Multiline');
  const start: Opts = {
    i: (options & OPTION.IgnoreCase) !== 0,
    m: (options & OPTION.Multiline) !== 0,
    s: (options & OPTION.Singleline) !== 0,
    x: (options & OPTION.Whitespace) !== 0,
    n: (options & OPTION.ExplicitCapture) !== 0,
  };
  // Options set at the very start of the pattern ("(?i)…") hold for all of it, as RegexOptions do.
  let body = pattern;
  const lead = /^\(\?([imnsx]+)\)/.exec(pattern);
  if (lead) {
    for (const f of lead[1]) start[f as keyof Opts] = true;
    body = pattern.slice(lead[0].length);
  }
  const toks = lexPattern(body, start);
  const { names, js, byName } = numberGroups(toks);
  const globalI = start.i;
  const caseOf = (o: Opts, what: string) => {
    if (!o.i && globalI) unsupported(`'(?-i)' (a case-sensitive part of a case-insensitive pattern) around ${what}`);
    return o.i && !globalI;
  };
  const shorthand = (c: string, inClass: boolean): string => {
    const lower = c.toLowerCase();
    const set = ecma
      ? ({ d: '0-9', w: 'a-zA-Z0-9_', s: ' \\f\\n\\r\\t\\v' }[lower] ?? '')
      : lower === 'd'
        ? '\\p{Nd}'
        : lower === 'w'
          ? WORD
          : SPACE;
    if (c === lower) return inClass ? set : `[${set}]`;
    return `[^${set}]`;
  };
  const emitClass = (tok: Tok & { t: 'class' }): string => {
    const scoped = tok.items.some((x) => x.k !== 'shorthand' && x.k !== 'property') && caseOf(tok.o, 'a [set]');
    // A negated shorthand (\W, \S, \D) cannot sit in a JavaScript set beside other members, so a
    // set holding one is written as set algebra: [A\W] is "in A, or not a word character", and
    // [^A\W] "not in A, and a word character".
    const isNegated = (x: ClassItem) => x.k === 'shorthand' && x.c !== x.c.toLowerCase();
    const rest = tok.items.filter((x) => !isNegated(x)).map((x) => classItem(x, scoped));
    const negatedSets = tok.items
      .filter(isNegated)
      .map((x) => shorthand(x.k === 'shorthand' ? x.c.toLowerCase() : '', true));
    if (negatedSets.length === 0) return `[${tok.negated ? '^' : ''}${rest.join('')}]`;
    const inRest = rest.length ? `[${rest.join('')}]` : null;
    if (!tok.negated) {
      const alternatives = [...(inRest ? [inRest] : []), ...negatedSets.map((set) => `[^${set}]`)];
      return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
    }
    const last = `[${negatedSets[negatedSets.length - 1]}]`;
    const checks = [...(inRest ? [`(?!${inRest})`] : []), ...negatedSets.slice(0, -1).map((set) => `(?=[${set}])`)];
    return checks.length ? `(?:${checks.join('')}${last})` : last;
  };
  const classItem = (x: ClassItem, scoped: boolean): string => {
    switch (x.k) {
      case 'char': {
        const o = scoped ? otherCase(x.c) : null;
        return esc(x.c, true) + (o ? esc(o, true) : '');
      }
      case 'range': {
        const r = `${esc(x.from, true)}-${esc(x.to, true)}`;
        if (!scoped) return r;
        const ascii = /^[a-z]$/i.test(x.from) && /^[a-z]$/i.test(x.to) && x.from.toLowerCase() <= x.to.toLowerCase();
        const same = (x.from === x.from.toLowerCase()) === (x.to === x.to.toLowerCase());
        if (ascii && same) return `${r}${otherCase(x.from)}-${otherCase(x.to)}`;
        if (![...range(x.from, x.to)].some(cased)) return r;
        return unsupported(`'${x.from}-${x.to}' in a set under a scoped (?i)`);
      }
      case 'shorthand':
        return shorthand(x.c, true);
      case 'property':
        return property(x.negated, x.name);
    }
  };
  const property = (negated: boolean, name: string): string => {
    if (!CATEGORIES.has(name)) badPattern(pattern, 0, `Unknown property '${name}'.`);
    return `\\${negated ? 'P' : 'p'}{${name}}`;
  };

  let out = '';
  const closers: string[] = [];
  let jsIndex = 0;
  for (const tok of toks) {
    switch (tok.t) {
      case 'char':
        out +=
          cased(tok.c) && caseOf(tok.o, `'${tok.c}'`)
            ? `[${esc(tok.c, true)}${esc(otherCase(tok.c) ?? '', true)}]`
            : esc(tok.c, false);
        break;
      case 'class':
        out += emitClass(tok);
        break;
      case 'shorthand':
        out += shorthand(tok.c, false);
        break;
      case 'property':
        out += property(tok.negated, tok.name);
        break;
      case 'open':
        if (tok.kind === 'capture') jsIndex++;
        if (tok.kind === 'atomic') {
          // (?>X) matches X once and never backtracks into it: a lookahead (itself atomic in
          // JavaScript) captures X, and a back reference consumes what it captured.
          jsIndex++;
          out += '(?:(?=(';
          closers.push(`))\\${jsIndex})`);
        } else {
          out += { capture: '(', noncap: '(?:', ahead: '(?=', notahead: '(?!', behind: '(?<=', notbehind: '(?<!' }[
            tok.kind
          ];
          closers.push(')');
        }
        break;
      case 'close':
        out += closers.pop() ?? ')';
        break;
      case 'alt':
        out += '|';
        break;
      case 'quant':
        out += tok.text;
        break;
      case 'dot':
        out += tok.o.s ? '[\\s\\S]' : '[^\\n]';
        break;
      case 'anchor':
        out += anchor(tok.c, tok.o.m, ecma);
        break;
      case 'backref': {
        const n = /^\d+$/.test(tok.ref) ? Number(tok.ref) : byName.get(tok.ref);
        if (n === undefined || n >= js.length || n === 0)
          badPattern(
            pattern,
            0,
            /^\d+$/.test(tok.ref)
              ? `Reference to undefined group number ${tok.ref}.`
              : `Reference to undefined group name '${tok.ref}'.`,
          );
        if (caseOf(tok.o, `a back reference`)) unsupported('a back reference under a scoped (?i)');
        if (js[n].length !== 1) unsupported(`a back reference to '${tok.ref}', a name given to several groups`);
        out += `(?:\\${js[n][0]})`;
        break;
      }
    }
  }
  let re: RegExp;
  try {
    re = new RegExp(out, globalI ? 'dgiu' : 'dgu');
  } catch (e) {
    return badPattern(pattern, 0, e instanceof Error ? e.message : String(e));
  }
  return { re, names, js };
}

function* range(from: string, to: string): Generator<string> {
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) yield String.fromCharCode(c);
}

/** The RegexOptions bits of an options argument (None when omitted). */
export function optionBits(v: Value | undefined): number {
  let n = 0;
  for (const bit of [1, 2, 4, 8, 16, 32, 64, 256, 512, 1024]) if (hasFlag(v, bit)) n |= bit;
  return n;
}
