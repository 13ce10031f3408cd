import { checkInt32, toDecimal, toNumber } from './cast';
import { NetDecimal, decAdd, decCompare, decDiv, decMod, decMul, decSub } from './decimal';
import { DBNULL } from './datatable';
import { NetDateTime, NetTimeSpan } from './datetime';
import { fail, MESSAGES } from './exceptions';
import { textOrEmpty, typeName } from './text';
import { NetChar, NetDouble, NetEnum, NetInstance, NetLong, type Value } from './values';

/**
 * The binary operators with .NET's numeric promotion (Int32 < Int64 < Decimal < Double). `vb`
 * picks VB's rules: checked Int32 arithmetic (overflow throws), `/` always fractional, Nothing
 * as the type's default and strings converted to Double; otherwise C#'s: unchecked Int32
 * arithmetic (wraps), integer `/` truncates.
 */
const enum Rank {
  None = 0,
  Int = 1,
  Long = 2,
  Dec = 3,
  Dbl = 4,
}

function rank(v: Value, vb: boolean): Rank {
  if (typeof v === 'number') return Rank.Int;
  if (v instanceof NetDouble) return Rank.Dbl;
  if (v instanceof NetDecimal) return Rank.Dec;
  if (v instanceof NetLong) return Rank.Long;
  if (vb && (v === null || typeof v === 'boolean')) return Rank.Int;
  if (vb && typeof v === 'string') return Rank.Dbl;
  return Rank.None;
}

function asInt(v: Value): number {
  return typeof v === 'number' ? v : v === true ? -1 : 0;
}

function asLong(v: Value): bigint {
  return v instanceof NetLong ? v.v : BigInt(asInt(v));
}

function checkLong(x: bigint): NetLong {
  if (x > 9223372036854775807n || x < -9223372036854775808n) fail('OverflowException', MESSAGES.overflow);
  return new NetLong(x);
}

function int32(x: number, vb: boolean): number {
  return vb ? checkInt32(x) : x | 0;
}

function noOperator(op: string, a: Value, b: Value): never {
  if (a === null || b === null) fail('NullReferenceException', MESSAGES.nullReference);
  fail('InvalidCastException', `Operator '${op}' is not defined for type '${typeName(a)}' and type '${typeName(b)}'.`);
}

function isText(v: Value): boolean {
  return typeof v === 'string' || v instanceof NetChar;
}

export function add(a: Value, b: Value, vb: boolean): Value {
  if (typeof a === 'number' && typeof b === 'number') return int32(a + b, vb);
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (vb ? (isText(a) || a === null) && (isText(b) || b === null) : isText(a) || isText(b)) {
    if (!vb || isText(a) || isText(b)) return textOrEmpty(a === DBNULL ? '' : a) + textOrEmpty(b === DBNULL ? '' : b);
  }
  if (a instanceof NetDateTime && b instanceof NetTimeSpan) return a.add(b.ms);
  if (a instanceof NetTimeSpan && b instanceof NetTimeSpan) return new NetTimeSpan(a.ms + b.ms);
  return numeric('+', a, b, vb);
}

export function subtract(a: Value, b: Value, vb: boolean): Value {
  if (typeof a === 'number' && typeof b === 'number') return int32(a - b, vb);
  if (a instanceof NetDateTime && b instanceof NetDateTime) return new NetTimeSpan(a.ms - b.ms);
  if (a instanceof NetDateTime && b instanceof NetTimeSpan) return a.add(-b.ms);
  if (a instanceof NetTimeSpan && b instanceof NetTimeSpan) return new NetTimeSpan(a.ms - b.ms);
  return numeric('-', a, b, vb);
}

export function multiply(a: Value, b: Value, vb: boolean): Value {
  if (typeof a === 'number' && typeof b === 'number') return vb ? checkInt32(a * b) : Math.imul(a, b);
  return numeric('*', a, b, vb);
}

export function divide(a: Value, b: Value, vb: boolean): Value {
  const r = Math.max(rank(a, vb), rank(b, vb));
  if (rank(a, vb) === Rank.None || rank(b, vb) === Rank.None) return noOperator('/', a, b);
  if (r === Rank.Dec) return decDiv(toDecimal(a), toDecimal(b));
  if (vb || r === Rank.Dbl) return new NetDouble(toNumber(a) / toNumber(b));
  return integerDivide(a, b, false);
}

/** VB's `\` and C#'s integer `/`: truncated towards zero; divide by zero throws. */
export function integerDivide(a: Value, b: Value, vb: boolean): Value {
  const r = Math.max(rank(a, vb), rank(b, vb));
  if (r === Rank.Int) {
    if (asInt(b) === 0) fail('DivideByZeroException', MESSAGES.divideByZero);
    return int32(Math.trunc(asInt(a) / asInt(b)), vb);
  }
  const x = r === Rank.Long ? asLong(a) : BigInt(Math.round(toNumber(a)));
  const y = r === Rank.Long ? asLong(b) : BigInt(Math.round(toNumber(b)));
  if (y === 0n) fail('DivideByZeroException', MESSAGES.divideByZero);
  return checkLong(x / y);
}

export function modulo(a: Value, b: Value, vb: boolean): Value {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) fail('DivideByZeroException', MESSAGES.divideByZero);
    return a % b === 0 ? 0 : a % b;
  }
  return numeric('Mod', a, b, vb);
}

export function power(a: Value, b: Value): Value {
  return new NetDouble(Math.pow(toNumber(a), toNumber(b)));
}

function numeric(op: '+' | '-' | '*' | 'Mod', a: Value, b: Value, vb: boolean): Value {
  const ra = rank(a, vb);
  const rb = rank(b, vb);
  if (ra === Rank.None || rb === Rank.None) return noOperator(op, a, b);
  const r = Math.max(ra, rb);
  if (r === Rank.Dbl) {
    const x = toNumber(a);
    const y = toNumber(b);
    return new NetDouble(op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x % y);
  }
  if (r === Rank.Dec) {
    const x = toDecimal(a);
    const y = toDecimal(b);
    return op === '+' ? decAdd(x, y) : op === '-' ? decSub(x, y) : op === '*' ? decMul(x, y) : decMod(x, y);
  }
  if (r === Rank.Long) {
    const x = asLong(a);
    const y = asLong(b);
    if (op === 'Mod' && y === 0n) fail('DivideByZeroException', MESSAGES.divideByZero);
    const z = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x % y;
    return vb ? checkLong(z) : new NetLong(BigInt.asIntN(64, z));
  }
  const x = asInt(a);
  const y = asInt(b);
  if (op === 'Mod') return modulo(x, y, vb);
  return op === '+' ? int32(x + y, vb) : op === '-' ? int32(x - y, vb) : vb ? checkInt32(x * y) : Math.imul(x, y);
}

export function negate(a: Value, vb: boolean): Value {
  if (typeof a === 'number') return int32(-a, vb);
  if (a instanceof NetDouble) return new NetDouble(-a.v);
  if (a instanceof NetDecimal) return new NetDecimal(-a.coef, a.scale);
  if (a instanceof NetLong) return vb ? checkLong(-a.v) : new NetLong(BigInt.asIntN(64, -a.v));
  if (a instanceof NetTimeSpan) return new NetTimeSpan(-a.ms);
  if (vb && (typeof a === 'string' || a === null || typeof a === 'boolean'))
    return negate(rank(a, vb) === Rank.Dbl ? new NetDouble(toNumber(a)) : asInt(a), vb);
  return noOperator('-', a, a);
}

/**
 * Ordering and equality: -1, 0, 1, or NaN when unordered (a NaN double). Strings compare
 * ordinally (VB's Option Compare Binary and C#'s string.CompareOrdinal); in VB Nothing
 * compares as the other side's default ("" or 0).
 */
export function compare(a: Value, b: Value, vb: boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (vb) {
    if (a === null && (isText(b) || b === null)) a = '';
    if (b === null && isText(a)) b = '';
  }
  if (isText(a) && isText(b)) {
    const x = a instanceof NetChar ? a.c : (a as string);
    const y = b instanceof NetChar ? b.c : (b as string);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? (vb ? -1 : 1) : vb ? 1 : -1;
  if (a instanceof NetDateTime && b instanceof NetDateTime) return Math.sign(a.ms - b.ms);
  if (a instanceof NetTimeSpan && b instanceof NetTimeSpan) return Math.sign(a.ms - b.ms);
  const ra = rank(a, vb);
  const rb = rank(b, vb);
  if (ra !== Rank.None && rb !== Rank.None && !(typeof a === 'string' && typeof b === 'string')) {
    const r = Math.max(ra, rb);
    if (r === Rank.Dec) return decCompare(toDecimal(a), toDecimal(b));
    if (r === Rank.Long) {
      const x = asLong(a);
      const y = asLong(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    const x = toNumber(a);
    const y = toNumber(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
  }
  if (a === b) return 0;
  if (a === null || b === null) return NaN;
  return noOperator('compare', a, b);
}

/** `=` / `==`: value equality for values, reference equality for objects. */
export function equals(a: Value, b: Value, vb: boolean): boolean {
  if (a === b) return true;
  if (a instanceof NetInstance) return a.sameAs(b);
  if (a instanceof NetEnum && b instanceof NetEnum) return a.type === b.type && a.n === b.n;
  if (!vb && (a === null || b === null)) return false;
  if (typeof a === 'object' && typeof b === 'object' && rank(a, vb) === Rank.None && !(a instanceof NetChar)) {
    if (!(a instanceof NetDateTime || a instanceof NetTimeSpan)) return false;
  }
  return compare(a, b, vb) === 0;
}

/** Made on first use: a collator loads ICU's collation data, which most runs never need. */
let culture: Intl.Collator | null = null;

/**
 * Comparer(Of T).Default: strings and chars in culture order ("a" < "A" < "b", as
 * String.CompareTo orders them), Nothing before everything, NaN before every other Double,
 * everything else by value.
 */
export function defaultCompare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if ((typeof a === 'string' || a instanceof NetChar) && (typeof b === 'string' || b instanceof NetChar))
    return Math.sign((culture ??= new Intl.Collator('en-US')).compare(textOrEmpty(a), textOrEmpty(b)));
  const r = compare(a, b, false);
  if (Number.isNaN(r)) {
    const an = a instanceof NetDouble && Number.isNaN(a.v);
    const bn = b instanceof NetDouble && Number.isNaN(b.v);
    return an === bn ? 0 : an ? -1 : 1;
  }
  return r;
}
