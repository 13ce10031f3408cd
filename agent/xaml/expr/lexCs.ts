import type { Token } from './token';
import { NetChar } from '../dotnet/values';

const ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
  '\\': '\\',
  '"': '"',
  "'": "'",
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};

export function lexCsString(text: string, i: number, out: Token[], err: (p: number, m: string) => never): number {
  const start = i;
  let verbatim = false;
  let interp = false;
  while (text[i] === '@' || text[i] === '$') {
    if (text[i] === '@') verbatim = true;
    else interp = true;
    i++;
  }
  const quote = text[i++];
  const parts: NonNullable<Token['parts']> = [];
  let s = '';
  for (;;) {
    if (i >= text.length) err(start, 'Unterminated literal');
    const c = text[i];
    if (c === quote) {
      if (verbatim && text[i + 1] === quote) {
        s += quote;
        i += 2;
        continue;
      }
      i++;
      break;
    }
    if (c === '\\' && !verbatim) {
      const e = text[i + 1];
      if (e === 'u') {
        s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        s += ESCAPES[e] ?? err(i, `Unknown escape '\\${e}'`);
        i += 2;
      }
      continue;
    }
    if (interp && (c === '{' || c === '}')) {
      if (text[i + 1] === c) {
        s += c;
        i += 2;
        continue;
      }
      if (c === '}') err(i, "Unexpected '}'");
      parts.push(s);
      s = '';
      i = lexHole(text, i + 1, parts, err);
      continue;
    }
    s += c;
    i++;
  }
  if (quote === "'") {
    if (s.length !== 1) err(start, 'A character literal holds exactly one character');
    out.push({ t: 'lit', v: s, pos: start, value: new NetChar(s) });
  } else if (interp) {
    parts.push(s);
    out.push({ t: 'interp', v: text.slice(start, i), pos: start, parts });
  } else out.push({ t: 'lit', v: s, pos: start, value: s });
  return i;
}

function lexHole(
  text: string,
  i: number,
  parts: NonNullable<Token['parts']>,
  err: (p: number, m: string) => never,
): number {
  const start = i;
  let depth = 0;
  let quote = '';
  for (; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '}' && depth === 0) {
      parts.push({ src: text.slice(start, i), pos: start, format: null });
      return i + 1;
    } else if (c === '}') depth--;
    else if (c === ':' && depth === 0 && text[i + 1] !== ':') {
      const end = text.indexOf('}', i);
      if (end < 0) break;
      parts.push({ src: text.slice(start, i), pos: start, format: text.slice(i + 1, end) });
      return end + 1;
    }
  }
  return err(start, 'Unterminated interpolation hole');
}
