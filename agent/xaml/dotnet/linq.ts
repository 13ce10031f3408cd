import { equals } from './arith';
import { defaultOf } from './byref';
import { need } from './calls';
import { isInstanceOf, toInt32 } from './cast';
import { fail, MESSAGES } from './exceptions';
import { enumerate } from './collections';
import { JArray, JObject } from './jtoken';
import { aggregateMember } from './linqAggregate';
import { fn, fn2, NetOrdered, pred, seq } from './linqCore';
import { setMember } from './linqSets';
import { MISSING, type Found } from './strings';
import { textOrEmpty, typeName } from './text';
import { NetArray, NetChar, NetDelegate, NetDictionary, NetInstance, NetList, TypeRef, type Value } from './values';

/** Whether `target` is a sequence the LINQ operators walk. */
function enumerable(target: Value): boolean {
  return (
    target instanceof NetArray ||
    target instanceof NetList ||
    typeof target === 'string' ||
    target instanceof NetDictionary ||
    target instanceof JArray ||
    target instanceof JObject ||
    (target instanceof NetInstance && target.items() !== null) ||
    (target !== null && typeof target === 'object' && 'list' in target)
  );
}

/** The element type a source declares (List(Of Integer) is Int32 even when empty). */
function declaredType(target: Value): string {
  return target instanceof NetArray || target instanceof NetList ? target.elementType : 'Object';
}

/**
 * The operators of System.Linq.Enumerable workflows use, called as extension methods on
 * anything enumerable; MISSING when `lc` is none of them. They run at once (not deferred, as
 * .NET's do): the result is the same unless a lambda changes the source while it is walked.
 */
export function linqMember(target: Value, lc: string, args: Value[]): Found {
  if (!LINQ.has(lc)) return MISSING;
  if (target === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'source')");
  if (!enumerable(target)) return MISSING;
  const items = enumerate(target);
  const t = declaredType(target);
  const a0 = args[0];
  switch (lc) {
    case 'where':
      need(args, 1, 1);
      return seq(items.filter(pred(a0)), t);
    case 'select': {
      need(args, 1, 1);
      return seq(items.map(fn(a0)));
    }
    case 'selectmany': {
      need(args, 1, 2);
      const f = fn(a0);
      const result = args.length > 1 ? fn2(args[1]) : null;
      return seq(items.flatMap((x, i) => enumerate(f(x, i)).map((y) => (result ? result(x, y) : y))));
    }
    case 'take':
    case 'skip':
    case 'takelast':
    case 'skiplast': {
      need(args, 1, 1);
      const n = Math.max(0, toInt32(a0));
      const out =
        lc === 'take'
          ? items.slice(0, n)
          : lc === 'skip'
            ? items.slice(n)
            : lc === 'takelast'
              ? items.slice(Math.max(0, items.length - n))
              : items.slice(0, Math.max(0, items.length - n));
      return seq(out, t);
    }
    case 'takewhile':
    case 'skipwhile': {
      need(args, 1, 1);
      const p = pred(a0);
      let i = 0;
      while (i < items.length && p(items[i], i)) i++;
      return seq(lc === 'takewhile' ? items.slice(0, i) : items.slice(i), t);
    }
    case 'first':
    case 'last':
    case 'single':
    case 'firstordefault':
    case 'lastordefault':
    case 'singleordefault':
      need(args, 0, 2);
      return pick(items, lc, args, t);
    case 'elementat':
    case 'elementatordefault': {
      need(args, 1, 1);
      const i = toInt32(a0);
      if (i >= 0 && i < items.length) return items[i];
      if (lc === 'elementatordefault') return defaultOf(t);
      return fail('ArgumentOutOfRangeException', `${MESSAGES.argumentOutOfRange} (Parameter 'index')`);
    }
    case 'orderby':
    case 'orderbydescending':
      need(args, 1, 1);
      return new NetOrdered([...items], [{ key: single(a0), descending: lc === 'orderbydescending' }]);
    case 'thenby':
    case 'thenbydescending':
      need(args, 1, 1);
      if (!(target instanceof NetOrdered)) return MISSING;
      return new NetOrdered(target.source, [
        ...target.keys,
        { key: single(a0), descending: lc === 'thenbydescending' },
      ]);
    case 'reverse':
      need(args, 0, 0);
      return seq([...items].reverse(), t);
    case 'contains':
      need(args, 1, 1);
      return items.some((x) => equals(x, a0, false));
    case 'tolist':
      need(args, 0, 0);
      return new NetList(t === 'Object' ? seq(items).elementType : t, [...items]);
    case 'toarray':
      need(args, 0, 0);
      return new NetArray(t === 'Object' ? seq(items).elementType : t, [...items]);
    case 'asenumerable':
      need(args, 0, 0);
      return seq([...items], t);
    case 'cast':
    case 'oftype':
      return castOrFilter(items, lc, args, t);
    case 'defaultifempty':
      need(args, 0, 1);
      return items.length ? seq([...items], t) : seq([args.length ? a0 : defaultOf(t)], t);
  }
  const agg = aggregateMember(items, lc, args, t);
  if (agg !== MISSING) return agg;
  return setMember(items, lc, args, t);
}

function single(v: Value | undefined): (x: Value) => Value {
  const f = fn(v);
  return (x) => f(x, 0);
}

/** First, Last, Single and their OrDefault forms, with an optional predicate (or a default value). */
function pick(items: Value[], lc: string, args: Value[], t: string): Value {
  const orDefault = lc.endsWith('ordefault');
  const hasPred = args[0] instanceof NetDelegate;
  const found = hasPred ? items.filter(pred(args[0])) : items;
  const fallback = orDefault && args.length > (hasPred ? 1 : 0) ? args[args.length - 1] : defaultOf(t);
  if (lc.startsWith('single') && found.length > 1)
    fail(
      'InvalidOperationException',
      hasPred ? 'Sequence contains more than one matching element' : 'Sequence contains more than one element',
    );
  if (found.length === 0) {
    if (orDefault) return fallback;
    return fail('InvalidOperationException', hasPred ? MESSAGES.noMatch : MESSAGES.noElements);
  }
  return lc.startsWith('last') ? found[found.length - 1] : found[0];
}

/** Cast(Of T) converts nothing: an item that is no T fails; OfType(Of T) keeps the T items. */
function castOrFilter(items: Value[], lc: string, args: Value[], t: string): NetList {
  need(args, 0, 1);
  const target = args[0] instanceof TypeRef ? args[0].name : null;
  if (target === null) return seq([...items], t);
  if (lc === 'oftype')
    return seq(
      items.filter((x) => isInstanceOf(x, target)),
      target,
    );
  for (const x of items) {
    if (x !== null && !isInstanceOf(x, target))
      fail('InvalidCastException', `Unable to cast object of type 'System.${typeName(x)}' to type 'System.${target}'.`);
  }
  return seq([...items], target);
}

const LINQ = new Set(
  (
    'where select selectmany take skip takelast skiplast takewhile skipwhile first last single firstordefault ' +
    'lastordefault singleordefault elementat elementatordefault orderby orderbydescending thenby thenbydescending ' +
    'reverse contains tolist toarray asenumerable cast oftype defaultifempty any all count longcount sum average ' +
    'min max aggregate distinct union intersect except concat sequenceequal groupby todictionary zip'
  ).split(' '),
);

/** String.Join(separator, values): an array/list, or the rest of the arguments. */
export function joinValues(sep: Value, rest: Value[]): string {
  const items =
    rest.length === 1 && rest[0] !== null && typeof rest[0] === 'object' && !(rest[0] instanceof NetChar)
      ? enumerate(rest[0])
      : rest;
  return items.map((x) => textOrEmpty(x)).join(textOrEmpty(sep));
}
