import { need } from './calls';
import { NetDecimal } from './decimal';
import { NetDateTime, NetTimeSpan } from './datetime';
import { canonicalType } from './cast';
import { MISSING, NetChar, NetDouble, NetInstance, NetLong, valueDefault, type Value } from './values';

/**
 * The variable a ByRef (VB) or `out`/`ref` (C#) argument names, while the call runs: the
 * member writes `value`, and the caller stores it back into the variable afterwards.
 */
export class NetRef extends NetInstance {
  readonly netType = 'Ref';
  readonly netNamespace = 'System';
  constructor(public value: Value) {
    super();
  }
  member(): typeof MISSING {
    return MISSING;
  }
}

/**
 * Methods whose last parameter is an out parameter (TryParse, TryGetValue, TryDequeue…): VB
 * passes a variable there by reference without a keyword, so the caller needs to know them.
 */
export const OUT_LAST = new Set([
  'tryparse',
  'tryparseexact',
  'trygetvalue',
  'trydequeue',
  'trypeek',
  'tryremove',
  'trytake',
  'trypop',
]);

/** The out cell of a Try… call: its last argument, after at least `min` arguments. */
export function outCell(args: readonly Value[], min = 2): { value: Value } {
  need(args, min);
  const last = args[args.length - 1];
  // Called other than through an expression (InvokeMethod): the value is written nowhere.
  return last instanceof NetRef ? last : { value: null };
}

const DEFAULTS = new Map<string, () => Value>([
  ['Int32', () => 0],
  ['Int64', () => new NetLong(0n)],
  ['Double', () => new NetDouble(0)],
  ['Decimal', () => NetDecimal.fromInt(0)],
  ['Boolean', () => false],
  ['Char', () => new NetChar('\0')],
  ['DateTime', () => NetDateTime.of(1, 1, 1)],
  ['TimeSpan', () => new NetTimeSpan(0)],
]);

/** default(T): zero for the value types, Nothing for the others. */
export function defaultOf(type: string): Value {
  const t = canonicalType(type);
  const make = DEFAULTS.get(t);
  return make ? make() : (valueDefault(t) ?? null);
}
