import { need } from './calls';
import { toInt32 } from './cast';
import { defaultOf } from './byref';
import { fail } from './exceptions';
import { linqMember } from './linq';
import { defaultCompare, elementType, fn, pred } from './linqCore';
import { MISSING, type Found } from './strings';
import { NetArray, NetSequence, TypeRef, type Value } from './values';

const outOfRange = (name: string): never =>
  fail('ArgumentOutOfRangeException', `Specified argument was out of the range of valid values. (Parameter '${name}')`);

/**
 * System.Linq.Enumerable called as a static class: Range, Repeat, Empty(Of T), and every
 * operator written `Enumerable.Where(source, …)` rather than `source.Where(…)`.
 */
export function enumerableStatic(lc: string, a: Value[]): Found {
  switch (lc) {
    case 'range': {
      need(a, 2, 2);
      const start = toInt32(a[0]);
      const count = toInt32(a[1]);
      if (count < 0 || start + count - 1 > 2147483647) outOfRange('count');
      return new NetSequence(
        'Int32',
        Array.from({ length: count }, (_, i) => start + i),
      );
    }
    case 'repeat': {
      need(a, 2, 2);
      const count = toInt32(a[1]);
      if (count < 0) outOfRange('count');
      return new NetSequence(elementType([a[0]]), new Array<Value>(count).fill(a[0]));
    }
    case 'empty':
      need(a, 0, 1);
      return new NetSequence(a[0] instanceof TypeRef ? a[0].name : 'Object', []);
  }
  need(a, 1);
  return linqMember(a[0], lc, a.slice(1));
}

function arrayArg(v: Value | undefined): NetArray {
  if (v === null || v === undefined) return fail('ArgumentNullException', "Value cannot be null. (Parameter 'array')");
  if (!(v instanceof NetArray)) return fail('InvalidCastException', 'Conversion to type Array is not valid.');
  return v;
}

/** System.Array's static methods over a T() array. */
export function arrayStatic(lc: string, a: Value[]): Found {
  if (lc === 'empty') {
    need(a, 0, 1);
    return new NetArray(a[0] instanceof TypeRef ? a[0].name : 'Object', []);
  }
  need(a, 1);
  const arr = arrayArg(a[0]);
  const items = arr.items;
  switch (lc) {
    case 'convertall': {
      need(a, 2, 2);
      const f = fn(a[1]);
      const out = items.map((x) => f(x, 0));
      return new NetArray(elementType(out), out);
    }
    case 'indexof':
    case 'lastindexof': {
      need(a, 2, 3);
      const from = a.length > 2 ? toInt32(a[2]) : lc === 'indexof' ? 0 : items.length - 1;
      if (from < 0 || (from >= items.length && items.length > 0)) outOfRange('startIndex');
      const same = (x: Value) => defaultCompare(x, a[1]) === 0 && (x === null) === (a[1] === null);
      if (lc === 'indexof') {
        for (let i = from; i < items.length; i++) if (same(items[i])) return i;
      } else {
        for (let i = from; i >= 0; i--) if (same(items[i])) return i;
      }
      return -1;
    }
    case 'exists':
      need(a, 2, 2);
      return items.some((x) => pred(a[1])(x, 0));
    case 'trueforall':
      need(a, 2, 2);
      return items.every((x) => pred(a[1])(x, 0));
    case 'find':
    case 'findlast': {
      need(a, 2, 2);
      const p = pred(a[1]);
      const hits = items.filter((x) => p(x, 0));
      return hits.length ? (lc === 'find' ? hits[0] : hits[hits.length - 1]) : defaultOf(arr.elementType);
    }
    case 'findindex': {
      need(a, 2, 2);
      const p = pred(a[1]);
      return items.findIndex((x) => p(x, 0));
    }
    case 'findall': {
      need(a, 2, 2);
      const p = pred(a[1]);
      return new NetArray(
        arr.elementType,
        items.filter((x) => p(x, 0)),
      );
    }
    case 'reverse':
      need(a, 1, 1);
      items.reverse();
      return null;
    case 'sort':
      need(a, 1, 1);
      items.sort(defaultCompare);
      return null;
  }
  return MISSING;
}
