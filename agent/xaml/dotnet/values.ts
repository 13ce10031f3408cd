import type { NetDecimal } from './decimal';
import type { NetDateTime, NetTimeSpan } from './datetime';
import type { NetException } from './exceptions';

/**
 * The .NET types a value can have, each under a key (the key itself means nothing). A value type
 * defined in a module that imports this one (DataTable, the JSON tokens) adds its entries from
 * that module by declaration merging (`declare module './values'`), so this module imports none
 * of them, not even for types: the value types and the Value union form no import circle.
 */
export interface ValueTypes {
  null: null;
  string: string;
  number: number;
  boolean: boolean;
  NetDouble: NetDouble;
  NetLong: NetLong;
  NetChar: NetChar;
  NetDecimal: NetDecimal;
  NetDateTime: NetDateTime;
  NetTimeSpan: NetTimeSpan;
  NetArray: NetArray;
  NetList: NetList;
  NetDictionary: NetDictionary;
  NetKeyValue: NetKeyValue;
  NetException: NetException;
  NetDelegate: NetDelegate;
  TypeRef: TypeRef;
  NetEnum: NetEnum;
  NetObject: NetObject;
  NetInstance: NetInstance;
}

/**
 * A .NET value as the interpreters see it. The frequent types stay JS primitives so that the
 * hot path allocates nothing: a String is a JS string, an Int32 a JS number (always an integer
 * in range), a Boolean a JS boolean, Nothing/null is null. Every other type is a class: those
 * below, and those the other modules add to ValueTypes (DataTable, DataRow, DataColumn and their
 * collections in datatable.ts, the JSON tokens in jtoken.ts).
 */
export type Value = ValueTypes[keyof ValueTypes];

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

/**
 * What a LINQ operator returns: an IEnumerable(Of T), walked like a list but without List's
 * members, so `query.Reverse()` is Enumerable.Reverse (a new sequence), not List.Reverse.
 */
export class NetSequence extends NetList {}

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
    /** A ConcurrentDictionary(Of K, V): the same map, its own members (TryAdd, GetOrAdd…). */
    readonly concurrent = false,
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

/**
 * A value that names and prints itself (the JSON tokens): GetType().Name, ToString() and
 * ToString(format) ask it. The text functions thus need not import its module, which needs them
 * to print the values it holds.
 */
export abstract class NetSelfPrinting {
  /** GetType().Name, e.g. "JObject". */
  abstract readonly netType: string;
  /** ToString(). */
  abstract toString(): string;
  /** ToString(format): its ToString() unless it holds a value that formats. */
  formatted(_format: string | null): string {
    return this.toString();
  }
}

/** Any other object: a type name and named fields (used for small framework objects). */
export class NetObject {
  constructor(
    readonly typeName: string,
    readonly fields: Map<string, Value>,
  ) {}
}

const VALUE_DEFAULTS = new Map<string, () => Value>();

/** Lets a value type defined in its own module (Guid) name its default value. */
export function registerValueDefault(type: string, make: () => Value): void {
  VALUE_DEFAULTS.set(type, make);
}

/** default(T) of a registered value type (by canonical name); undefined for the others. */
export function valueDefault(type: string): Value | undefined {
  return VALUE_DEFAULTS.get(type)?.();
}

/** What a member lookup answers when the value has no member of that name. */
export const MISSING = Symbol('missing');

/**
 * A framework object with members of its own (Guid, Regex and its matches, FileInfo, the
 * concurrent collections…): it names its .NET type, prints itself, answers its members and,
 * when it is a collection, gives the items a For Each or a LINQ operator walks. Adding such a
 * type is one subclass; the interpreters reach it through these methods alone.
 */
export abstract class NetInstance {
  /** GetType().Name, e.g. "Guid", "ConcurrentQueue`1". */
  abstract readonly netType: string;
  /** The namespace GetType().FullName and the default ToString() print. */
  abstract readonly netNamespace: string;
  /** A property (`args` empty, as VB also calls a method written without parentheses) or method. */
  abstract member(lc: string, args: Value[]): Value | typeof MISSING;
  /** ToString(): the full type name unless the type prints otherwise. */
  toText(): string {
    return `${this.netNamespace}.${this.netType}`;
  }
  /** The items it enumerates, or null when it is no collection. */
  items(): Value[] | null {
    return null;
  }
  /** Equals(): reference equality unless the type compares by value. */
  sameAs(other: Value): boolean {
    return this === other;
  }
  /** What a Dictionary key of this value hashes to: itself unless it compares by value. */
  identity(): unknown {
    return this;
  }
}

/** The identity a Dictionary key hashes to. */
export function keyIdentity(key: Value): unknown {
  if (key instanceof NetInstance) return key.identity();
  if (key instanceof NetChar) return 'c:' + key.c;
  if (key instanceof NetDouble) return key.v;
  if (key instanceof NetLong) return key.v;
  if (typeof key === 'string') return 's:' + key;
  if (key !== null && typeof key === 'object' && 'coef' in key) return 'm:' + key.toString();
  if (key !== null && typeof key === 'object' && 'ms' in key) return 't:' + key.ms;
  return key;
}
