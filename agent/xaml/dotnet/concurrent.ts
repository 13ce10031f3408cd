import { defaultOf, outCell } from './byref';
import { badShape, need } from './calls';
import { fail } from './exceptions';
import { MISSING, type Found } from './strings';
import { keyIdentity, NetArray, NetDelegate, NetDictionary, NetInstance, NetKeyValue, type Value } from './values';

/**
 * The thread-safe collections of System.Collections.Concurrent. A workflow's Parallel branches
 * take turns on one thread here, so each operation is already atomic; what these add is their
 * own members, with .NET's results.
 */

/** ConcurrentQueue(Of T): first in, first out. */
export class NetConcurrentQueue extends NetInstance {
  readonly netType = 'ConcurrentQueue`1';
  readonly netNamespace = 'System.Collections.Concurrent';
  constructor(
    readonly elementType: string,
    readonly queue: Value[],
  ) {
    super();
  }

  override items(): Value[] {
    return [...this.queue];
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    switch (lc) {
      case 'count':
        return args.length ? MISSING : this.queue.length;
      case 'isempty':
        return args.length ? MISSING : this.queue.length === 0;
      case 'enqueue':
        need(args, 1, 1);
        this.queue.push(args[0]);
        return null;
      case 'trydequeue':
      case 'trypeek': {
        const cell = outCell(args, 1);
        need(args, 1, 1);
        if (this.queue.length === 0) {
          cell.value = defaultOf(this.elementType);
          return false;
        }
        cell.value = lc === 'trydequeue' ? (this.queue.shift() ?? null) : this.queue[0];
        return true;
      }
      case 'toarray':
        need(args, 0, 0);
        return new NetArray(this.elementType, [...this.queue]);
      case 'clear':
        need(args, 0, 0);
        this.queue.length = 0;
        return null;
    }
    return MISSING;
  }
}

function key(k: Value | undefined): Value {
  if (k === null || k === undefined) return fail('ArgumentNullException', "Value cannot be null. (Parameter 'key')");
  return k;
}

/** A value argument or a factory lambda called with the key. */
function valueOrFactory(v: Value | undefined, k: Value): Value {
  if (v === undefined) return badShape();
  return v instanceof NetDelegate ? v.fn([k]) : v;
}

/** Dictionary's members a ConcurrentDictionary does not have publicly (it has TryAdd and TryRemove). */
export const NOT_ON_CONCURRENT = new Set(['add', 'remove']);

/**
 * The Try… members Dictionary and ConcurrentDictionary share (TryGetValue, TryAdd), and
 * ConcurrentDictionary's own (TryRemove, TryUpdate, AddOrUpdate, GetOrAdd, IsEmpty, ToArray);
 * MISSING for the others, which Dictionary's members answer. A ConcurrentDictionary has no
 * public Add or Remove.
 */
export function dictionaryExtra(d: NetDictionary, lc: string, args: Value[]): Found {
  const map = d.map;
  switch (lc) {
    case 'trygetvalue': {
      const cell = outCell(args, 2);
      need(args, 2, 2);
      const e = map.get(keyIdentity(key(args[0])));
      cell.value = e ? e.value : defaultOf(d.valueType);
      return e !== undefined;
    }
    case 'tryadd': {
      need(args, 2, 2);
      const id = keyIdentity(key(args[0]));
      if (map.has(id)) return false;
      map.set(id, new NetKeyValue(args[0], args[1]));
      return true;
    }
  }
  if (!d.concurrent) return MISSING;
  switch (lc) {
    case 'isempty':
      return args.length ? MISSING : map.size === 0;
    case 'tryremove': {
      const cell = outCell(args, 2);
      need(args, 2, 2);
      const id = keyIdentity(key(args[0]));
      const e = map.get(id);
      cell.value = e ? e.value : defaultOf(d.valueType);
      map.delete(id);
      return e !== undefined;
    }
    case 'tryupdate': {
      need(args, 3, 3);
      const id = keyIdentity(key(args[0]));
      const e = map.get(id);
      if (!e || keyIdentity(e.value) !== keyIdentity(args[2])) return false;
      map.set(id, new NetKeyValue(e.key, args[1]));
      return true;
    }
    case 'addorupdate': {
      // AddOrUpdate(key, addValue or addFactory(key), updateFactory(key, old)) → the value stored.
      need(args, 3, 3);
      const k = key(args[0]);
      const update = args[2];
      if (!(update instanceof NetDelegate)) return badShape();
      const id = keyIdentity(k);
      const e = map.get(id);
      const v = e ? update.fn([k, e.value]) : valueOrFactory(args[1], k);
      map.set(id, new NetKeyValue(e ? e.key : k, v));
      return v;
    }
    case 'getoradd': {
      need(args, 2, 2);
      const k = key(args[0]);
      const id = keyIdentity(k);
      const e = map.get(id);
      if (e) return e.value;
      const v = valueOrFactory(args[1], k);
      map.set(id, new NetKeyValue(k, v));
      return v;
    }
    case 'toarray':
      need(args, 0, 0);
      return new NetArray('KeyValuePair', [...map.values()]);
  }
  return MISSING;
}

/** New ConcurrentQueue(Of T)([items]) / New ConcurrentDictionary(Of K, V)(). */
export function constructConcurrent(type: string, typeArgs: string[], items: Value[] | null): Value | undefined {
  if (type === 'ConcurrentQueue') return new NetConcurrentQueue(typeArgs[0] ?? 'Object', items ?? []);
  if (type === 'ConcurrentDictionary') return new NetDictionary(typeArgs[0] ?? 'Object', typeArgs[1] ?? 'Object', true);
  return undefined;
}
