import { add, compare, divide, equals } from './arith';
import { toBoolean } from './cast';
import { fail, MESSAGES } from './exceptions';
import { enumerate } from './collections';
import { MISSING, type Found } from './strings';
import { JArray, JObject } from './jtoken';
import { textOrEmpty } from './text';
import { NetArray, NetChar, NetDelegate, NetDictionary, NetDouble, NetList, type Value } from './values';

function fn(v: Value | undefined): (x: Value) => Value {
  if (!(v instanceof NetDelegate)) return fail('ArgumentException', 'A lambda was expected.');
  const args: Value[] = [null];
  return (x) => {
    args[0] = x;
    return v.fn(args);
  };
}

function pred(v: Value | undefined): (x: Value) => boolean {
  const f = fn(v);
  return (x) => toBoolean(f(x));
}

function elementType(items: Value[]): string {
  if (items.length && items.every((i) => typeof i === 'string')) return 'String';
  if (items.length && items.every((i) => typeof i === 'number')) return 'Int32';
  return 'Object';
}

/** The LINQ operators workflows use, on anything enumerable; MISSING when `lc` is none of them. */
export function linqMember(target: Value, lc: string, args: Value[]): Found {
  if (!LINQ.has(lc)) return MISSING;
  if (target === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'source')");
  if (!(
    target instanceof NetArray ||
    target instanceof NetList ||
    typeof target === 'string' ||
    target instanceof NetDictionary ||
    target instanceof JArray ||
    target instanceof JObject ||
    (typeof target === 'object' && 'list' in target)
  )) {
    return MISSING;
  }
  let items = enumerate(target);
  const a0 = args[0];
  const filtered = () => (args.length ? items.filter(pred(a0)) : items);
  switch (lc) {
    case 'where':
      return new NetList(elementType(items), items.filter(pred(a0)));
    case 'select': {
      const out = items.map(fn(a0));
      return new NetList(elementType(out), out);
    }
    case 'selectmany': {
      const f = fn(a0);
      const out = items.flatMap((x) => enumerate(f(x)));
      return new NetList(elementType(out), out);
    }
    case 'any':
      return args.length ? items.some(pred(a0)) : items.length > 0;
    case 'all':
      return items.every(pred(a0));
    case 'count':
    case 'longcount':
      return filtered().length;
    case 'first':
    case 'last':
    case 'single': {
      const f = filtered();
      if (f.length === 0) fail('InvalidOperationException', args.length ? MESSAGES.noMatch : MESSAGES.noElements);
      if (lc === 'single' && f.length > 1) fail('InvalidOperationException', 'Sequence contains more than one element');
      return lc === 'last' ? f[f.length - 1] : f[0];
    }
    case 'firstordefault':
    case 'lastordefault': {
      const f = filtered();
      return f.length === 0 ? null : lc === 'lastordefault' ? f[f.length - 1] : f[0];
    }
    case 'orderby':
    case 'orderbydescending': {
      const key = args.length ? fn(a0) : (x: Value) => x;
      const keyed = items.map((x) => [key(x), x] as const);
      const sign = lc === 'orderby' ? 1 : -1;
      keyed.sort((a, b) => sign * (compare(a[0], b[0], false) || 0));
      return new NetList(
        elementType(items),
        keyed.map((k) => k[1]),
      );
    }
    case 'distinct': {
      const out: Value[] = [];
      for (const x of items) if (!out.some((y) => equals(x, y, false))) out.push(x);
      return new NetList(elementType(items), out);
    }
    case 'skip':
      return new NetList(elementType(items), items.slice(Math.max(0, a0 as number)));
    case 'take':
      return new NetList(elementType(items), items.slice(0, Math.max(0, a0 as number)));
    case 'reverse':
      return new NetList(elementType(items), [...items].reverse());
    case 'concat':
    case 'union': {
      const out = [...items, ...enumerate(a0)];
      return new NetList(
        elementType(out),
        lc === 'union' ? out.filter((x, i) => out.findIndex((y) => equals(x, y, false)) === i) : out,
      );
    }
    case 'tolist':
      return new NetList(elementType(items), [...items]);
    case 'toarray':
      return new NetArray(
        target instanceof NetArray || target instanceof NetList ? target.elementType : elementType(items),
        [...items],
      );
    case 'elementat':
      if ((a0 as number) < 0 || (a0 as number) >= items.length)
        fail('ArgumentOutOfRangeException', MESSAGES.argumentOutOfRange);
      return items[a0 as number];
    case 'contains':
      return items.some((x) => equals(x, a0, false));
    case 'sum':
    case 'average':
    case 'max':
    case 'min': {
      if (args.length) items = items.map(fn(a0));
      if (lc === 'sum') return items.reduce((acc: Value, x) => add(acc, x, false), 0);
      if (items.length === 0) fail('InvalidOperationException', MESSAGES.noElements);
      if (lc === 'average')
        return divide(
          items.reduce((acc: Value, x) => add(acc, x, false), 0),
          new NetDouble(items.length),
          false,
        );
      return items.reduce((m, x) => ((lc === 'max' ? compare(x, m, false) > 0 : compare(x, m, false) < 0) ? x : m));
    }
    case 'cast':
    case 'oftype':
    case 'asenumerable':
      return new NetList(elementType(items), [...items]);
    case 'aggregate': {
      if (items.length === 0) fail('InvalidOperationException', MESSAGES.noElements);
      const f = a0 as NetDelegate;
      return items.reduce((acc, x) => f.fn([acc, x]));
    }
  }
  return MISSING;
}

const LINQ = new Set(
  'where select selectmany any all count longcount first last single firstordefault lastordefault orderby orderbydescending distinct skip take reverse concat union tolist toarray elementat contains sum average max min cast oftype asenumerable aggregate'.split(
    ' ',
  ),
);

/** String.Join(separator, values): an array/list, or the rest of the arguments. */
export function joinValues(sep: Value, rest: Value[]): string {
  const items =
    rest.length === 1 && rest[0] !== null && typeof rest[0] === 'object' && !(rest[0] instanceof NetChar)
      ? enumerate(rest[0])
      : rest;
  return items.map((x) => textOrEmpty(x)).join(textOrEmpty(sep));
}
