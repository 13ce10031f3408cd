import type { NetDecimal } from './decimal';
import type { NetDateTime, NetTimeSpan } from './datetime';
import type { DataColumn, DataColumnCollection, DataRow, DataRowCollection, DataTable } from './datatable';
import type { NetException } from './exceptions';
import type { JToken } from './jtoken';

/**
 * A .NET value as the interpreters see it. The frequent types stay JS primitives so that the
 * hot path allocates nothing: a String is a JS string, an Int32 a JS number (always an integer
 * in range), a Boolean a JS boolean, Nothing/null is null. Every other type is a class below.
 */
export type Value =
  | null
  | string
  | number
  | boolean
  | NetDouble
  | NetLong
  | NetChar
  | NetDecimal
  | NetDateTime
  | NetTimeSpan
  | NetArray
  | NetList
  | NetDictionary
  | NetKeyValue
  | DataTable
  | DataRow
  | DataColumn
  | DataRowCollection
  | DataColumnCollection
  | NetException
  | NetDelegate
  | TypeRef
  | NetEnum
  | NetObject
  | JToken;

/** System.Double (and Single, which is kept as a Double). */
export class NetDouble {
  constructor(readonly v: number) {}
}

/** System.Int64, exact through a bigint. */
export class NetLong {
  constructor(readonly v: bigint) {}
}

/** System.Char: one UTF-16 unit. */
export class NetChar {
  constructor(readonly c: string) {}
}

/** A T() array: fixed length, elements writable. */
export class NetArray {
  constructor(
    readonly elementType: string,
    readonly items: Value[],
  ) {}
}

/** List(Of T), and what LINQ operators return (their results are enumerated like a list). */
export class NetList {
  constructor(
    readonly elementType: string,
    readonly items: Value[],
  ) {}
}

/** KeyValuePair(Of K, V), as a Dictionary enumerates. */
export class NetKeyValue {
  constructor(
    readonly key: Value,
    readonly value: Value,
  ) {}
}

/**
 * Dictionary(Of K, V). Keys compare as .NET's default comparer does: strings ordinally (so
 * case-sensitive), numbers by value, objects by reference. The map's key is the primitive that
 * identifies the .NET key; the entry keeps the original key for enumeration.
 */
export class NetDictionary {
  readonly map = new Map<unknown, NetKeyValue>();
  constructor(
    readonly keyType: string,
    readonly valueType: string,
  ) {}
}

/** A lambda or any callable the interpreters hand to LINQ-style members. */
export class NetDelegate {
  constructor(
    readonly arity: number,
    readonly fn: (args: Value[]) => Value,
  ) {}
}

/** A type named in an expression (`String`, `Math`, `Path`): the target of its static members. */
export class TypeRef {
  constructor(readonly name: string) {}
}

/** A value of an enumeration (DayOfWeek.Monday, StringComparison.Ordinal): prints its name. */
export class NetEnum {
  constructor(
    readonly type: string,
    readonly name: string,
    readonly n: number,
  ) {}
}

/** Any other object: a type name and named fields (used for small framework objects). */
export class NetObject {
  constructor(
    readonly typeName: string,
    readonly fields: Map<string, Value>,
  ) {}
}

/** The identity a Dictionary key hashes to. */
export function keyIdentity(key: Value): unknown {
  if (key instanceof NetChar) return 'c:' + key.c;
  if (key instanceof NetDouble) return key.v;
  if (key instanceof NetLong) return key.v;
  if (typeof key === 'string') return 's:' + key;
  if (key !== null && typeof key === 'object' && 'coef' in key) return 'm:' + key.toString();
  if (key !== null && typeof key === 'object' && 'ms' in key) return 't:' + key.ms;
  return key;
}
