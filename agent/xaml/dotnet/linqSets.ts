import { equals } from './arith';
import { badShape, need } from './calls';
import { enumerate } from './collections';
import { fail } from './exceptions';
import { elementType, fn, fn2, NetGrouping, NetTuple, seq } from './linqCore';
import { MISSING, type Found } from './strings';
import { textOrEmpty } from './text';
import { keyIdentity, NetDelegate, NetDictionary, NetKeyValue, NetObject, type Value } from './values';

/** The identity the default equality comparer gives a value, or a case-insensitive one for strings. */
function identityWith(comparer: Value | undefined): (x: Value) => unknown {
  const ignoreCase = comparer instanceof NetObject && comparer.typeName.toLowerCase().includes('ignorecase');
  return ignoreCase ? (x) => (typeof x === 'string' ? 's:' + x.toLowerCase() : keyIdentity(x)) : keyIdentity;
}

/** A trailing StringComparer argument, if the call ends with one. */
function comparerArg(args: Value[], at: number): Value | undefined {
  const c = args[at];
  if (c === undefined) return undefined;
  if (c instanceof NetObject && c.typeName.startsWith('StringComparer')) return c;
  return badShape();
}

function distinct(items: Value[], id: (x: Value) => unknown): Value[] {
  const seen = new Set<unknown>();
  const out: Value[] = [];
  for (const x of items) {
    const k = id(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}

/** Distinct, Union, Intersect, Except, Concat, SequenceEqual, GroupBy, ToDictionary and Zip. */
export function setMember(items: Value[], lc: string, args: Value[], t: string): Found {
  const a0 = args[0];
  switch (lc) {
    case 'distinct':
      need(args, 0, 1);
      return seq(distinct(items, identityWith(comparerArg(args, 0))), t);
    case 'concat':
      need(args, 1, 1);
      return seq([...items, ...enumerate(a0)], t);
    case 'union':
    case 'intersect':
    case 'except': {
      need(args, 1, 2);
      const id = identityWith(comparerArg(args, 1));
      const other = enumerate(a0);
      if (lc === 'union') return seq(distinct([...items, ...other], id), t);
      const inOther = new Set(other.map(id));
      // Intersect keeps the first sequence's distinct items found in the second; Except those not.
      return seq(
        distinct(items, id).filter((x) => inOther.has(id(x)) === (lc === 'intersect')),
        t,
      );
    }
    case 'sequenceequal': {
      need(args, 1, 2);
      const other = enumerate(a0);
      const id = identityWith(comparerArg(args, 1));
      return (
        other.length === items.length && items.every((x, i) => id(x) === id(other[i]) || equals(x, other[i], false))
      );
    }
    case 'groupby':
      need(args, 1, 3);
      return groupBy(items, args);
    case 'todictionary':
      need(args, 1, 3);
      return toDictionary(items, args);
    case 'zip': {
      need(args, 1, 2);
      const other = enumerate(a0);
      const n = Math.min(items.length, other.length);
      const pairs: Value[] = [];
      const f = args.length > 1 ? fn2(args[1]) : null;
      for (let i = 0; i < n; i++)
        pairs.push(f ? f(items[i], other[i]) : new NetTuple([items[i], other[i]], ['First', 'Second']));
      return seq(pairs);
    }
  }
  return MISSING;
}

/**
 * GroupBy(key[, element][, result]): groups in the order their keys first appear. A second
 * lambda of one parameter selects the elements; one of two parameters (key, items) makes each
 * result.
 */
function groupBy(items: Value[], args: Value[]): Value {
  const key = fn(args[0]);
  const second = args[1];
  const third = args[2];
  const element = second instanceof NetDelegate && second.arity !== 2 ? fn(second) : null;
  const result = third instanceof NetDelegate ? third : second instanceof NetDelegate && !element ? second : null;
  if ((second !== undefined && !(second instanceof NetDelegate)) || (third !== undefined && !result)) badShape();
  const groups = new Map<unknown, NetGrouping>();
  items.forEach((x, i) => {
    const k = key(x, i);
    const id = keyIdentity(k);
    let g = groups.get(id);
    if (!g) {
      g = new NetGrouping(k, []);
      groups.set(id, g);
    }
    g.list.push(element ? element(x, i) : x);
  });
  const all = [...groups.values()];
  return result ? seq(all.map((g) => result.fn([g.key, seq(g.list)]))) : seq(all);
}

/** ToDictionary(key[, element]): a key met twice is the ArgumentException Dictionary.Add throws. */
function toDictionary(items: Value[], args: Value[]): NetDictionary {
  const key = fn(args[0]);
  const element = args[1] instanceof NetDelegate ? fn(args[1]) : null;
  const comparer = comparerArg(args, element ? 2 : 1);
  if (comparer instanceof NetObject && comparer.typeName.toLowerCase().includes('ignorecase'))
    fail('NotSupportedException', 'A Dictionary with a case-insensitive comparer is not supported.');
  const keys = items.map((x, i) => key(x, i));
  const values = element ? items.map((x, i) => element(x, i)) : items;
  const d = new NetDictionary(elementType(keys), elementType(values));
  keys.forEach((k, i) => {
    if (k === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'key')");
    const id = keyIdentity(k);
    if (d.map.has(id))
      fail('ArgumentException', `An item with the same key has already been added. Key: ${textOrEmpty(k)}`);
    d.map.set(id, new NetKeyValue(k, values[i]));
  });
  return d;
}
