import { toInt32 } from './cast';
import { fail } from './exceptions';
import { textOrEmpty } from './text';
import { NetArray, NetEnum, type Value } from './values';

export const gtZero = (name: string): never =>
  fail('ArgumentException', `Argument '${name}' must be greater than zero.`);
export const geZero = (name: string): never =>
  fail('ArgumentException', `Argument '${name}' must be greater or equal to zero.`);

/** Option Compare Text (CompareMethod.Text) compares ignoring case; Binary (the default) does not. */
export function textCompare(v: Value | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (v instanceof NetEnum) return v.n === 1;
  return toInt32(v) === 1;
}

export const fold = (s: string, text: boolean) => (text ? s.toLowerCase() : s);

/**
 * Replace(Expression, Find, Replacement[, Start[, Count[, Compare]]]): the result begins at
 * Start (the text before it is dropped, as the function documents) and replaces at most Count
 * occurrences (-1: all).
 */
export function replace(a: Value[]): Value {
  const start = a.length > 3 ? toInt32(a[3]) : 1;
  const count = a.length > 4 ? toInt32(a[4]) : -1;
  if (count < -1) fail('ArgumentException', "Argument 'Count' must be greater than or equal to -1.");
  if (start <= 0) gtZero('Start');
  if (a[0] === null) return null;
  const whole = textOrEmpty(a[0]);
  if (start > whole.length) return null;
  const s = whole.slice(start - 1);
  const find = textOrEmpty(a[1]);
  if (find === '' || count === 0) return s;
  const text = textCompare(a[5]);
  const hay = fold(s, text);
  const needle = fold(find, text);
  const replacement = textOrEmpty(a[2]);
  let out = '';
  let at = 0;
  let done = 0;
  while (at < s.length && (count === -1 || done < count)) {
    const hit = hay.indexOf(needle, at);
    if (hit < 0) break;
    out += s.slice(at, hit) + replacement;
    at = hit + find.length;
    done++;
  }
  return out + s.slice(at);
}

/** Split(Expression[, Delimiter[, Limit[, Compare]]]): Delimiter " " by default; Limit -1 splits at each. */
export function split(a: Value[]): NetArray {
  const s = textOrEmpty(a[0] ?? null);
  const delimiter = a.length > 1 ? textOrEmpty(a[1]) : ' ';
  const limit = a.length > 2 ? toInt32(a[2]) : -1;
  const text = textCompare(a[3]);
  if (s === '') return new NetArray('String', ['']);
  if (delimiter === '' || limit === 1) return new NetArray('String', [s]);
  const hay = fold(s, text);
  const needle = fold(delimiter, text);
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const hit = limit > 0 && parts.length === limit - 1 ? -1 : hay.indexOf(needle, at);
    if (hit < 0) {
      parts.push(s.slice(at));
      break;
    }
    parts.push(s.slice(at, hit));
    at = hit + delimiter.length;
  }
  return new NetArray('String', parts);
}

/** StrReverse reverses text elements, so a letter keeps its combining marks and surrogate pairs stay whole. */
export function reverseTextElements(s: string): string {
  const segments = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((x) => x.segment);
  return segments.reverse().join('');
}

/**
 * StrConv: Uppercase, Lowercase and ProperCase (the first letter of every word upper, the rest
 * lower, as TextInfo.ToTitleCase does after lowering the text: a letter after any character
 * that is no letter starts a word, except after an apostrophe inside a word). The East Asian
 * conversions do not apply to the invariant culture the agent uses.
 */
export function strConv(v: Value, conversion: Value): Value {
  const n = conversion instanceof NetEnum ? conversion.n : toInt32(conversion);
  if (n & ~(1 | 2 | 4 | 8 | 16 | 32 | 256 | 512 | 1024))
    fail('ArgumentException', "Argument 'Conversion' is not valid.");
  if (n & (4 | 8))
    fail('ArgumentException', 'VbStrConv.Wide and VbStrConv.Narrow are not applicable to the locale specified.');
  if (n & (16 | 32)) fail('ArgumentException', 'This system does not contain support for the Japanese locale.');
  if (n & (256 | 512))
    fail('ArgumentException', 'This system does not contain support for the Simplified Chinese locale.');
  const s = textOrEmpty(v);
  switch (n & 3) {
    case 1:
      return s.toUpperCase();
    case 2:
      return s.toLowerCase();
    case 3:
      return properCase(s.toLowerCase());
  }
  return v === null ? null : s;
}

function properCase(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const prev = s[i - 1] ?? '';
    const inWord = /\p{L}|\p{M}/u.test(prev) || (prev === "'" && /\p{L}/u.test(s[i - 2] ?? ''));
    out += /\p{L}/u.test(c) && !inWord ? c.toUpperCase() : c;
  }
  return out;
}
