import { defaultCompare, equals } from './arith';
import { defaultOf } from './byref';
import { need } from './calls';
import { toInt32 } from './cast';
import { enumerate } from './collections';
import { fail, MESSAGES } from './exceptions';
import { elementType, fn, pred } from './linqCore';
import { MISSING, type Found } from './strings';
import { NetArray, NetList, NetSequence, type Value } from './values';

function checkIndex(i: number, length: number, list: boolean): void {
  if (i < 0 || i >= length)
    fail(
      list ? 'ArgumentOutOfRangeException' : 'IndexOutOfRangeException',
      list ? MESSAGES.argumentOutOfRange : MESSAGES.indexOutOfRange,
    );
}

export function listMember(l: NetArray | NetList, lc: string, args: Value[]): Found {
  // A LINQ result has none of List's or an array's members: its Count, Reverse… are LINQ's.
  if (l instanceof NetSequence) return MISSING;
  const list = l instanceof NetList;
  const items = l.items;
  switch (lc) {
    case 'length':
      return list ? MISSING : items.length;
    case 'count':
      return list && args.length === 0 ? items.length : MISSING;
    case 'item':
    case 'getvalue': {
      need(args, 1, 1);
      const i = toInt32(args[0]);
      checkIndex(i, items.length, list);
      return items[i];
    }
  }
  // A T() array has a fixed length: these are List(Of T)'s alone.
  if (!list) return lc === 'indexof' || lc === 'contains' ? searchMember(items, lc, args) : MISSING;
  switch (lc) {
    case 'add':
      need(args, 1, 1);
      items.push(args[0]);
      return null;
    case 'addrange':
      need(args, 1, 1);
      // A copy first: list.AddRange(list) doubles the list, as .NET's does.
      for (const v of [...enumerate(args[0])]) items.push(v);
      return null;
    case 'insert': {
      need(args, 2, 2);
      const i = toInt32(args[0]);
      if (i < 0 || i > items.length)
        fail('ArgumentOutOfRangeException', "Index must be within the bounds of the List. (Parameter 'index')");
      items.splice(i, 0, args[1]);
      return null;
    }
    case 'remove': {
      need(args, 1, 1);
      const i = items.findIndex((v) => equals(v, args[0], false));
      if (i >= 0) items.splice(i, 1);
      return i >= 0;
    }
    case 'removeat':
      need(args, 1, 1);
      checkIndex(toInt32(args[0]), items.length, true);
      items.splice(toInt32(args[0]), 1);
      return null;
    case 'clear':
      need(args, 0, 0);
      items.length = 0;
      return null;
    case 'sort':
      need(args, 0, 0);
      // Comparer(Of T).Default: strings in culture order, as String.CompareTo orders them.
      items.sort(defaultCompare);
      return null;
    case 'reverse':
      if (args.length || !list) return MISSING;
      items.reverse();
      return null;
  }
  return MISSING;
}

/** IndexOf and Contains, which arrays and lists both have. */
function searchMember(items: Value[], lc: string, args: Value[]): Found {
  need(args, 1, 1);
  return lc === 'indexof'
    ? items.findIndex((v) => equals(v, args[0], false))
    : items.some((v) => equals(v, args[0], false));
}

/** List(Of T)'s methods taking a converter or a predicate (ConvertAll, Find, RemoveAll…). */
export function listPredicateMember(l: NetList, lc: string, args: Value[]): Found {
  const items = l.items;
  switch (lc) {
    case 'convertall': {
      need(args, 1, 1);
      const f = fn(args[0]);
      const out = items.map((x) => f(x, 0));
      return new NetList(elementType(out), out);
    }
    case 'find':
    case 'findlast': {
      need(args, 1, 1);
      const hits = items.filter((x) => pred(args[0])(x, 0));
      return hits.length ? hits[lc === 'find' ? 0 : hits.length - 1] : defaultOf(l.elementType);
    }
    case 'findall':
      need(args, 1, 1);
      return new NetList(
        l.elementType,
        items.filter((x) => pred(args[0])(x, 0)),
      );
    case 'findindex':
      need(args, 1, 1);
      return items.findIndex((x) => pred(args[0])(x, 0));
    case 'exists':
      need(args, 1, 1);
      return items.some((x) => pred(args[0])(x, 0));
    case 'trueforall':
      need(args, 1, 1);
      return items.every((x) => pred(args[0])(x, 0));
    case 'removeall': {
      need(args, 1, 1);
      const p = pred(args[0]);
      const keep = items.filter((x) => !p(x, 0));
      const removed = items.length - keep.length;
      items.splice(0, items.length, ...keep);
      return removed;
    }
    case 'foreach': {
      need(args, 1, 1);
      const f = fn(args[0]);
      for (const x of [...items]) f(x, 0);
      return null;
    }
  }
  return MISSING;
}
