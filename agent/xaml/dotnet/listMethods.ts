import { defaultOf } from './byref';
import { need } from './calls';
import { elementType, fn, pred } from './linqCore';
import { MISSING, type Found } from './strings';
import { NetList, type Value } from './values';

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
