import { NetDecimal } from '../dotnet/decimal';
import { checkInt32 } from '../dotnet/cast';
import { NetChar, NetDouble, NetLong, type Value } from '../dotnet/values';
import { ExpressionError, type Lang } from './ast';
import { lexCsString } from './lexCs';
import type { Token } from './token';

const VB_OPS = [
  '<>',
  '<=',
  '>=',
  ':=',
  '?.',
  '=',
  '<',
  '>',
  '&',
  '+',
  '-',
  '*',
  '/',
  '\\',
  '^',
  '(',
  ')',
  '{',
  '}',
  ',',
  '.',
  '!',
  '?',
];
const CS_OPS = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '=>',
  '=',
  '<',
  '>',
  '&',
  '|',
  '^',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '!',
  '?',
  ':',
];
/** VB reads typographic double quotes as string delimiters, as the VB compiler does. */
const VB_QUOTES = '"“”';

// The lexer's character tests, made once: a regex literal inside the loop is a new object at every
// turn. The sticky (y) ones match at `lastIndex`, so the text is not sliced at every token.
const SPACE = /\s/;
const DIGIT = /[0-9]/;
const WORD = /\w/;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const LINE_CONTINUATION = /_[ \t]*\r?\n/y;
const CS_VERBATIM = /[@$]{1,2}"/y;

/** The operators by their first character, longest first as in the lists, so a token tries a few. */
function byFirstChar(ops: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const o of ops) map.set(o[0], [...(map.get(o[0]) ?? []), o]);
  return map;
}
const VB_OPS_BY_CHAR = byFirstChar(VB_OPS);
const CS_OPS_BY_CHAR = byFirstChar(CS_OPS);

/** A-Z, a-z or _, by character code. */
const isIdentStart = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** Whether a sticky regex matches `text` at `at`. */
function matchesAt(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(text);
}

export function tokenize(text: string, lang: Lang): Token[] {
  const out: Token[] = [];
  const ops = lang === 'vb' ? VB_OPS_BY_CHAR : CS_OPS_BY_CHAR;
  const err = (pos: number, msg: string): never => {
    throw new ExpressionError(text, pos, msg);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const code = text.charCodeAt(i);
    if (code === 32 || SPACE.test(c) || (lang === 'vb' && c === '_' && matchesAt(LINE_CONTINUATION, text, i))) {
      i++;
      continue;
    }
    const start = i;
    if (lang === 'vb' && VB_QUOTES.includes(c)) {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) err(start, 'Unterminated string literal');
        if (VB_QUOTES.includes(text[i])) {
          if (i + 1 < text.length && VB_QUOTES.includes(text[i + 1])) {
            s += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += text[i++];
      }
      if ((text[i] === 'c' || text[i] === 'C') && !WORD.test(text[i + 1] ?? '')) {
        if (s.length !== 1) err(start, 'A character literal holds exactly one character');
        i++;
        out.push({ t: 'lit', v: s, pos: start, value: new NetChar(s) });
      } else out.push({ t: 'lit', v: s, pos: start, value: s });
      continue;
    }
    if (lang === 'cs' && (c === '"' || c === "'" || ((c === '@' || c === '$') && matchesAt(CS_VERBATIM, text, i)))) {
      i = lexCsString(text, i, out, err);
      continue;
    }
    if (
      (code >= 48 && code <= 57) ||
      (c === '.' && DIGIT.test(text[i + 1] ?? '')) ||
      (lang === 'vb' && c === '&' && /[hHoObB]/.test(text[i + 1] ?? ''))
    ) {
      i = lexNumber(text, i, lang, out, err);
      continue;
    }
    if (isIdentStart(code) || (c === '[' && lang === 'vb') || (c === '@' && lang === 'cs')) {
      const escaped = c === '[' || c === '@';
      if (escaped) i++;
      IDENT.lastIndex = i;
      const m = IDENT.exec(text);
      if (!m) return err(start, `Unexpected '${c}'`);
      i += m[0].length;
      if (c === '[') {
        if (text[i] !== ']') err(i, "Expected ']'");
        i++;
      }
      out.push({ t: 'id', v: m[0], pos: start, escaped });
      continue;
    }
    const op = ops.get(c)?.find((o) => text.startsWith(o, i));
    if (!op) return err(start, `Unexpected character '${c}'`);
    out.push({ t: 'op', v: op, pos: start });
    i += op.length;
  }
  out.push({ t: 'eof', v: '', pos: text.length });
  return out;
}

function lexNumber(text: string, i: number, lang: Lang, out: Token[], err: (p: number, m: string) => never): number {
  const start = i;
  const rest = text.slice(i);
  const hex = lang === 'vb' ? /^&([hH])([0-9a-fA-F]+)/.exec(rest) : /^0([xX])([0-9a-fA-F]+)/.exec(rest);
  if (hex) {
    const n = parseInt(hex[2], 16);
    out.push({ t: 'lit', v: hex[0], pos: start, value: n > 0x7fffffff && n <= 0xffffffff ? n | 0 : n });
    return i + hex[0].length;
  }
  const m = /^(\d*\.?\d*)([eE][+-]?\d+)?/.exec(rest);
  if (!m || m[0] === '') return err(start, 'Bad number');
  let body = m[0];
  // "1.ToString" in VB / C#: a dot followed by a letter is a member access, not a decimal point.
  if (body.endsWith('.') && /[A-Za-z_]/.test(text[i + body.length] ?? '')) body = body.slice(0, -1);
  i += body.length;
  const suffix = (lang === 'vb' ? /^(UI|UL|US|[DRFLISdrflis@#!&%])/ : /^([mMdDfFlLuU])/).exec(text.slice(i));
  const s = suffix ? suffix[1].toUpperCase() : '';
  if ((suffix && !/\w/.test(text[i + suffix[1].length] ?? '')) || (suffix && /[@#!&%]/.test(s)))
    i += suffix ? suffix[1].length : 0;
  else if (suffix) return err(start, 'Bad number suffix');
  const fractional = /[.eE]/.test(body);
  let value: Value;
  const decimalSuffix = lang === 'vb' ? s === 'D' || s === '@' : s === 'M';
  if (decimalSuffix) value = NetDecimal.parse(body) ?? err(start, 'Bad decimal literal');
  else if (s === 'R' || s === '#' || s === 'F' || s === '!' || (lang === 'cs' && s === 'D') || fractional)
    value = new NetDouble(Number(body));
  else if (s === 'L' || s === '&' || s === 'UL') value = new NetLong(BigInt(body));
  else {
    const n = Number(body);
    if (n <= 0x7fffffff) value = s === 'I' || s === '%' || s === 'S' ? checkInt32(n) : n;
    else value = new NetLong(BigInt(body));
  }
  out.push({ t: 'lit', v: text.slice(start, i), pos: start, value });
  return i;
}

/** One {expression[:format]} hole of an interpolated string; returns the index after its '}'. */
