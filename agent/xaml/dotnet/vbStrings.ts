import { need } from './calls';
import { toInt32 } from './cast';
import { NetDateTime } from './datetime';
import { NetDecimal } from './decimal';
import { fail } from './exceptions';
import { textOrEmpty } from './text';
import { NetArray, NetChar, NetDouble, NetEnum, NetLong, type Value } from './values';
import { fold, geZero, gtZero, replace, reverseTextElements, split, strConv, textCompare } from './vbStringsEdit';

/**
 * Microsoft.VisualBasic.Strings, which VB names bare (`Left(s, 3)`) or as `Strings.Left(s, 3)`.
 * Positions are 1-based; a String argument that is Nothing reads as "" unless the function
 * documents otherwise (LCase and the two-argument Mid return Nothing; Replace returns Nothing
 * for a Nothing expression).
 */

/** VB's spaces for Trim: the space and the ideographic space, not tabs or line breaks. */
const SPACES = /^[ \u3000]+|[ \u3000]+$/g;

export function vbStringFunction(lc: string, a: Value[]): Value | undefined {
  const str = (i: number) => textOrEmpty(a[i] ?? null);
  switch (lc) {
    case 'len':
      need(a, 1, 1);
      return len(a[0]);
    case 'ucase':
    case 'lcase': {
      need(a, 1, 1);
      const v = a[0];
      if (v instanceof NetChar) return new NetChar(lc === 'ucase' ? v.c.toUpperCase() : v.c.toLowerCase());
      if (v === null) return lc === 'ucase' ? '' : null;
      return lc === 'ucase' ? str(0).toUpperCase() : str(0).toLowerCase();
    }
    case 'trim':
      need(a, 1, 1);
      return str(0).replace(SPACES, '');
    case 'ltrim':
      need(a, 1, 1);
      return str(0).replace(/^[ \u3000]+/, '');
    case 'rtrim':
      need(a, 1, 1);
      return str(0).replace(/[ \u3000]+$/, '');
    case 'left':
    case 'right': {
      need(a, 2, 2);
      const n = toInt32(a[1]);
      if (n < 0) geZero('Length');
      const s = str(0);
      return lc === 'left' ? s.slice(0, n) : s.slice(Math.max(0, s.length - n));
    }
    case 'mid':
      need(a, 2, 3);
      return mid(a);
    case 'instr':
      need(a, 2, 4);
      return inStr(a);
    case 'instrrev':
      need(a, 2, 4);
      return inStrRev(a);
    case 'replace':
      need(a, 3, 6);
      return replace(a);
    case 'split':
      need(a, 1, 4);
      return split(a);
    case 'space': {
      need(a, 1, 1);
      const n = toInt32(a[0]);
      if (n < 0) geZero('Number');
      return ' '.repeat(n);
    }
    case 'strreverse':
      need(a, 1, 1);
      return reverseTextElements(str(0));
    case 'strconv':
      need(a, 2, 3);
      return strConv(a[0], a[1]);
    case 'strdup': {
      need(a, 2, 2);
      const n = toInt32(a[0]);
      if (n < 0) geZero('Number');
      const c = str(1);
      if (c === '') fail('ArgumentException', "Length of argument 'Character' must be greater than zero.");
      return c[0].repeat(n);
    }
    case 'strcomp': {
      need(a, 2, 3);
      const x = fold(str(0), textCompare(a[2]));
      const y = fold(str(1), textCompare(a[2]));
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'chrw':
    case 'chr': {
      need(a, 1, 1);
      const code = toInt32(a[0]);
      if (code < -32768 || code > 65535)
        fail('ArgumentException', "Argument 'CharCode' must be within the range of -32768 to 65535.");
      return new NetChar(String.fromCharCode(code & 0xffff));
    }
    case 'ascw':
    case 'asc': {
      need(a, 1, 1);
      const s = str(0);
      if (s === '') fail('ArgumentException', "Length of argument 'String' must be greater than zero.");
      return s.charCodeAt(0);
    }
    case 'join': {
      need(a, 1, 2);
      const items =
        a[0] instanceof NetArray ? a[0].items : fail('ArgumentException', "Argument 'SourceArray' is not valid.");
      return items.length === 0 ? null : items.map((x) => textOrEmpty(x)).join(a.length > 1 ? str(1) : ' ');
    }
  }
  return undefined;
}

/** Len: a string's length (Nothing is 0), or the storage size of a value type. */
function len(v: Value): number {
  if (v === null) return 0;
  if (typeof v === 'string') return v.length;
  if (typeof v === 'number') return 4;
  if (typeof v === 'boolean' || v instanceof NetChar) return 2;
  if (v instanceof NetLong || v instanceof NetDouble || v instanceof NetDateTime || v instanceof NetDecimal) return 8;
  if (v instanceof NetArray && v.elementType === 'Char') return v.items.length;
  return fail('InvalidCastException', 'Type mismatch.');
}

/** Mid(str, Start[, Length]): Start is 1-based; past the end is "". */
function mid(a: Value[]): Value {
  const start = toInt32(a[1]);
  if (start <= 0) gtZero('Start');
  if (a.length > 2 && toInt32(a[2]) < 0) geZero('Length');
  if (a[0] === null) return a.length > 2 ? '' : null;
  const s = textOrEmpty(a[0]);
  const length = a.length > 2 ? toInt32(a[2]) : s.length;
  return s.substr(start - 1, length);
}

/** InStr([Start,] String1, String2[, Compare]): the 1-based position of String2, 0 when absent. */
function inStr(a: Value[]): number {
  const withStart = a.length === 4 || (a.length === 3 && !(a[2] instanceof NetEnum));
  const start = withStart ? toInt32(a[0]) : 1;
  if (start < 1) gtZero('Start');
  const rest = withStart ? a.slice(1) : a;
  const text = textCompare(rest[2]);
  const s = textOrEmpty(rest[0] ?? null);
  const find = textOrEmpty(rest[1] ?? null);
  if (start > s.length || s.length === 0) return 0;
  if (find === '') return start;
  return fold(s, text).indexOf(fold(find, text), start - 1) + 1;
}

/** InStrRev(StringCheck, StringMatch[, Start[, Compare]]): searches backwards from Start (-1: the end). */
function inStrRev(a: Value[]): number {
  let start = a.length > 2 ? toInt32(a[2]) : -1;
  if (start === 0 || start < -1) fail('ArgumentException', "Argument 'Start' must be greater than 0 or equal to -1.");
  const text = textCompare(a[3]);
  const s = textOrEmpty(a[0] ?? null);
  const find = textOrEmpty(a[1] ?? null);
  if (start === -1) start = s.length;
  if (start > s.length || s.length === 0) return 0;
  if (find === '') return start;
  const from = start - find.length;
  return from < 0 ? 0 : fold(s, text).lastIndexOf(fold(find, text), from) + 1;
}
