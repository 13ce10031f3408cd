import { defaultCompare, equals } from './arith';

export { defaultCompare };
import { toBoolean } from './cast';
import { badShape } from './calls';
import { textOrEmpty, typeName } from './text';
import { MISSING, NetDelegate, NetInstance, NetSequence, type Value } from './values';

/**
 * What the LINQ operators share: calling the lambdas they are given, the element type of a
 * result, the default comparer's order, and the kinds of sequence they build.
 */

/** A lambda (or method group) of one parameter; a two-parameter lambda also gets the index. */
export function fn(v: Value | undefined): (x: Value, i: number) => Value {
  if (!(v instanceof NetDelegate)) return badShape();
  const withIndex = v.arity === 2;
  return (x, i) => v.fn(withIndex ? [x, i] : [x]);
}

export function pred(v: Value | undefined): (x: Value, i: number) => boolean {
  const f = fn(v);
  return (x, i) => toBoolean(f(x, i));
}

/** A lambda of two parameters (Aggregate's, Zip's, a result selector's). */
export function fn2(v: Value | undefined): (x: Value, y: Value) => Value {
  if (!(v instanceof NetDelegate)) return badShape();
  return (x, y) => v.fn([x, y]);
}

/** The element type of a result: the items' common type, or `fallback` when there are none. */
export function elementType(items: readonly Value[], fallback = 'Object'): string {
  if (items.length === 0) return fallback;
  const first = items[0];
  if (first === null) return 'Object';
  const t = typeName(first);
  for (let i = 1; i < items.length; i++) {
    const x = items[i];
    if (x === null || typeName(x) !== t) return 'Object';
  }
  return t;
}

/** A result sequence (LINQ's results are enumerated like lists). */
export function seq(items: Value[], fallback = 'Object'): NetSequence {
  return new NetSequence(elementType(items, fallback), items);
}

/** One key of an ordering: its selector and direction. */
export interface SortKey {
  key: (x: Value) => Value;
  descending: boolean;
}

/**
 * What OrderBy returns: the items sorted (stably) by its keys, remembering the unsorted source
 * and the keys so that ThenBy can add one.
 */
export class NetOrdered extends NetSequence {
  constructor(
    readonly source: Value[],
    readonly keys: SortKey[],
  ) {
    const keyed = source.map((x) => ({ x, k: keys.map((s) => s.key(x)) }));
    keyed.sort((p, q) => {
      for (let i = 0; i < keys.length; i++) {
        const c = defaultCompare(p.k[i], q.k[i]);
        if (c !== 0) return keys[i].descending ? -c : c;
      }
      return 0;
    });
    const items = keyed.map((e) => e.x);
    super(elementType(items), items);
  }
}

/** IGrouping(Of K, T): GroupBy's groups, each with its Key, enumerated as its items. */
export class NetGrouping extends NetInstance {
  readonly netType = 'Grouping`2';
  readonly netNamespace = 'System.Linq';
  constructor(
    readonly key: Value,
    readonly list: Value[],
  ) {
    super();
  }
  override items(): Value[] {
    return this.list;
  }
  member(lc: string, args: Value[]): Value | typeof MISSING {
    return lc === 'key' && args.length === 0 ? this.key : MISSING;
  }
}

/** A ValueTuple (Zip's pairs without a selector): Item1, Item2… and C#'s element names. */
export class NetTuple extends NetInstance {
  readonly netType: string;
  readonly netNamespace = 'System';
  constructor(
    readonly values: Value[],
    readonly names: string[] = [],
  ) {
    super();
    this.netType = `ValueTuple\`${values.length}`;
  }
  member(lc: string, args: Value[]): Value | typeof MISSING {
    if (args.length) return MISSING;
    const m = /^item(\d)$/.exec(lc);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= this.values.length) return this.values[Number(m[1]) - 1];
    const i = this.names.findIndex((n) => n.toLowerCase() === lc);
    return i >= 0 ? this.values[i] : MISSING;
  }
  override toText(): string {
    return `(${this.values.map((v) => textOrEmpty(v)).join(', ')})`;
  }
  override sameAs(other: Value): boolean {
    return (
      other instanceof NetTuple &&
      other.values.length === this.values.length &&
      this.values.every((v, i) => equals(v, other.values[i], false))
    );
  }
}
