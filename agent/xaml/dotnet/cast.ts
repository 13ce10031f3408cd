import { NetDecimal, decRound } from './decimal';
import { DataRow, DataTable, DBNULL } from './datatable';
import { NetDateTime, NetTimeSpan } from './datetime';
import { parseDate } from './dtparse';
import { exceptionDerivesFrom, exceptionTypeName, fail, MESSAGES, NetException } from './exceptions';
import { textOrEmpty, typeName } from './text';
import { JToken } from './jtoken';
import { convertToken } from './tokenConversion';
import {
  NetArray,
  NetChar,
  NetDictionary,
  NetDouble,
  NetEnum,
  NetList,
  NetLong,
  valueDefault,
  type Value,
} from './values';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const TOKEN_TARGETS =
  /^(JObject|JArray|JValue|String|Int32|Int64|Double|Decimal|Boolean|DateTime|Char|TimeSpan|List|Dictionary|DataTable|.*\[\])$/;

/** Type names as workflows write them (VB keywords, C# keywords, namespaces) → one spelling. */
const ALIASES: Record<string, string> = {
  integer: 'Int32',
  int: 'Int32',
  int32: 'Int32',
  long: 'Int64',
  int64: 'Int64',
  short: 'Int32',
  int16: 'Int32',
  byte: 'Int32',
  string: 'String',
  boolean: 'Boolean',
  bool: 'Boolean',
  double: 'Double',
  single: 'Double',
  float: 'Double',
  decimal: 'Decimal',
  char: 'Char',
  date: 'DateTime',
  datetime: 'DateTime',
  timespan: 'TimeSpan',
  object: 'Object',
  datatable: 'DataTable',
  datarow: 'DataRow',
};

const CANONICAL = new Map<string, string>();

/** The canonical name of a type written as "System.Int32", "x:Int32", "Integer", "int" or "String()". */
export function canonicalType(written: string): string {
  // Asked for every typed expression, variable and conversion with the few type names a
  // workflow writes: each is worked out once (the answer depends on the text alone), up to a
  // bound so names made at run time cannot grow the table without end.
  let known = CANONICAL.get(written);
  if (known === undefined) {
    known = canonicalTypeOf(written);
    if (CANONICAL.size < 1000) CANONICAL.set(written, known);
  }
  return known;
}

function canonicalTypeOf(written: string): string {
  const t = written.trim();
  const arr = /^(.*?)(\(\)|\[\])$/.exec(t);
  if (arr) return canonicalType(arr[1]) + '[]';
  const generic = /^([\w.:]+?)(?:`\d+)?[(<[]/.exec(t);
  const base = (generic ? generic[1] : t).replace(/^.*[:.]/, '');
  const alias = ALIASES[base.toLowerCase()];
  if (alias) return alias;
  if (/^list$/i.test(base)) return 'List';
  if (/^dictionary$/i.test(base)) return 'Dictionary';
  return exceptionTypeName(base) ?? base;
}

/** TypeOf v Is T / `v is T` / catch-by-type: T is a canonical or written type name. */
export function isInstanceOf(v: Value, written: string): boolean {
  if (v === null) return false;
  const t = canonicalType(written);
  if (t === 'Object') return true;
  if (t === 'JToken') return v instanceof JToken;
  if (v instanceof NetException) return exceptionDerivesFrom(v.type, t);
  if (t === 'List') return v instanceof NetList;
  if (t === 'Dictionary') return v instanceof NetDictionary;
  if (t.endsWith('[]') && v instanceof NetArray) return t === 'Object[]' || canonicalType(v.elementType) + '[]' === t;
  // A generic type's name carries its arity (ConcurrentQueue`1); the written name does not.
  return typeName(v).replace(/`\d+$/, '') === t;
}

function invalidCast(v: Value, target: string): never {
  if (typeof v === 'string')
    fail('InvalidCastException', `Conversion from string "${v}" to type '${target}' is not valid.`);
  fail('InvalidCastException', `Conversion from type '${typeName(v)}' to type '${target}' is not valid.`);
}

/** Parses invariant number text; NaN when it is not one. */
export function parseNumberText(s: string): number {
  const t = s.trim();
  if (/^&H[0-9a-f]+$/i.test(t)) return parseInt(t.slice(2), 16);
  if (!/^[+-]?(\d[\d,]*\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
  return Number(t.replace(/,/g, ''));
}

/** Rounds to the nearest integer, ties to even: CInt, CLng and Convert.ToInt32 on a fraction. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

export function checkInt32(x: number): number {
  if (!(x >= INT32_MIN && x <= INT32_MAX)) fail('OverflowException', MESSAGES.overflow);
  return x;
}

/** The value as a JS number (Double semantics); InvalidCast for what VB would not widen. */
export function toNumber(v: Value, target = 'Double'): number {
  if (typeof v === 'number') return v;
  if (v === null) return 0;
  if (v instanceof NetDouble) return v.v;
  if (v instanceof NetDecimal) return v.toNumber();
  if (v instanceof NetLong) return Number(v.v);
  if (typeof v === 'boolean') return v ? -1 : 0;
  // An enumeration converts to its underlying number (CInt(SearchOption.AllDirectories) is 1).
  if (v instanceof NetEnum) return v.n;
  if (typeof v === 'string') {
    const n = parseNumberText(v);
    return Number.isNaN(n) ? invalidCast(v, target) : n;
  }
  return invalidCast(v, target);
}

/** CInt / CType(x, Integer): fractions round to even, strings parse as numbers first. */
export function toInt32(v: Value): number {
  if (typeof v === 'number') return v;
  if (v instanceof NetDecimal) return checkInt32(Number(decRound(v, 0, true).coef));
  return checkInt32(roundHalfEven(toNumber(v, 'Integer')));
}

export function toInt64(v: Value): NetLong {
  if (v instanceof NetLong) return v;
  if (v instanceof NetDecimal) return new NetLong(decRound(v, 0, true).coef);
  const n = roundHalfEven(toNumber(v, 'Long'));
  if (!Number.isFinite(n) || Math.abs(n) > 9.223372036854776e18) fail('OverflowException', MESSAGES.overflow);
  return new NetLong(BigInt(n));
}

export function toDecimal(v: Value): NetDecimal {
  if (v instanceof NetDecimal) return v;
  if (typeof v === 'number') return NetDecimal.fromInt(v);
  if (v instanceof NetLong) return NetDecimal.fromInt(v.v);
  if (typeof v === 'string') return NetDecimal.parse(v.replace(/,/g, '')) ?? invalidCast(v, 'Decimal');
  return NetDecimal.fromDouble(toNumber(v, 'Decimal'));
}

export function toBoolean(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
    const n = parseNumberText(v);
    return Number.isNaN(n) ? invalidCast(v, 'Boolean') : n !== 0;
  }
  return toNumber(v, 'Boolean') !== 0;
}

export function toDateTime(v: Value): NetDateTime {
  if (v instanceof NetDateTime) return v;
  if (typeof v === 'string') return parseDate(v);
  return invalidCast(v, 'Date');
}

/**
 * CType(v, T) and the conversion an Assign makes into a typed variable: VB's widening and
 * narrowing rules for the primitive types, identity (with a type check) for the others.
 */
export function convertTo(v: Value, written: string): Value {
  const t = canonicalType(written);
  if (v === DBNULL && t !== 'Object') return invalidCast(v, t);
  // A JSON token converts to the .NET types its explicit operators and ToObject reach.
  if (v instanceof JToken && TOKEN_TARGETS.test(t)) return convertToken(v, written);
  switch (t) {
    case 'Object':
      return v;
    case 'String':
      return v === null ? null : v instanceof NetArray ? invalidCast(v, 'String') : textOrEmpty(v);
    case 'Int32':
      return toInt32(v);
    case 'Int64':
      return toInt64(v);
    case 'Double':
      return new NetDouble(toNumber(v));
    case 'Decimal':
      return toDecimal(v);
    case 'Boolean':
      return toBoolean(v);
    case 'DateTime':
      return v === null ? new NetDateTime(NetDateTime.of(1, 1, 1).ms) : toDateTime(v);
    case 'Char':
      if (v instanceof NetChar) return v;
      if (typeof v === 'string' && v.length > 0) return new NetChar(v[0]);
      return invalidCast(v, 'Char');
    case 'TimeSpan':
      if (v === null || v instanceof NetTimeSpan) return v ?? new NetTimeSpan(0);
      return invalidCast(v, 'TimeSpan');
  }
  // Nothing converts to a value type's default (CType(Nothing, Guid) is Guid.Empty).
  if (v === null) return valueDefault(t) ?? null;
  if (isInstanceOf(v, t)) return v;
  if (t === 'DataTable' && !(v instanceof DataTable)) return invalidCast(v, t);
  if (t === 'DataRow' && !(v instanceof DataRow)) return invalidCast(v, t);
  if (exceptionTypeName(t)) return invalidCast(v, t);
  // Types this module does not model (interfaces, IEnumerable, generic parameters) pass through.
  return v;
}

/** Integer.Parse / Int32.Parse: an optional sign and digits, nothing else. */
export function parseInt32(s: Value): number {
  if (s === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 's')");
  const t = textOrEmpty(s).trim();
  if (!/^[+-]?\d+$/.test(t)) fail('FormatException', MESSAGES.format);
  const n = Number(t);
  if (n < INT32_MIN || n > INT32_MAX)
    fail('OverflowException', 'Value was either too large or too small for an Int32.');
  return n;
}

/** Double.Parse in the invariant culture. */
export function parseDouble(s: Value): NetDouble {
  if (s === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 's')");
  const n = parseNumberText(textOrEmpty(s));
  if (Number.isNaN(n)) fail('FormatException', MESSAGES.format);
  return new NetDouble(n);
}
