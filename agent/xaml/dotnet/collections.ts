import { defaultCompare, equals } from './arith';
import { badShape, need } from './calls';
import { toInt32 } from './cast';
import { DataColumn, DataColumnCollection, DataRow, DataRowCollection, DataTable, DBNULL } from './datatable';
import { fail, MESSAGES } from './exceptions';
import { JArray, JObject, JProperty } from './jtoken';
import { MISSING, type Found } from './strings';
import { textOrEmpty, typeName } from './text';
import {
  keyIdentity,
  NetArray,
  NetChar,
  NetDictionary,
  NetInstance,
  NetKeyValue,
  NetList,
  NetSequence,
  TypeRef,
  type Value,
} from './values';

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

export function dictionaryMember(d: NetDictionary, lc: string, args: Value[]): Found {
  const key = args[0] ?? null;
  switch (lc) {
    case 'count':
      return args.length ? MISSING : d.map.size;
    // Keys and Values are collections of their own, not Lists: their Reverse, Count… are LINQ's.
    case 'keys':
      return new NetSequence(
        d.keyType,
        [...d.map.values()].map((e) => e.key),
      );
    case 'values':
      return new NetSequence(
        d.valueType,
        [...d.map.values()].map((e) => e.value),
      );
    case 'item':
      return dictionaryGet(d, key);
    case 'containskey':
      return d.map.has(keyIdentity(nonNullKey(key)));
    case 'containsvalue':
      return [...d.map.values()].some((e) => equals(e.value, args[0], false));
    case 'add':
      need(args, 2, 2);
      if (d.map.has(keyIdentity(nonNullKey(key))))
        fail('ArgumentException', `An item with the same key has already been added. Key: ${textOrEmpty(key)}`);
      d.map.set(keyIdentity(key), new NetKeyValue(key, args[1]));
      return null;
    case 'remove':
      return d.map.delete(keyIdentity(nonNullKey(key)));
    case 'clear':
      d.map.clear();
      return null;
  }
  return MISSING;
}

function nonNullKey(key: Value): Value {
  if (key === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'key')");
  return key;
}

export function dictionaryGet(d: NetDictionary, key: Value): Value {
  const e = d.map.get(keyIdentity(nonNullKey(key)));
  if (!e) fail('KeyNotFoundException', MESSAGES.keyNotFound(textOrEmpty(key)));
  return e.value;
}

export function dictionarySet(d: NetDictionary, key: Value, value: Value): void {
  d.map.set(keyIdentity(nonNullKey(key)), new NetKeyValue(key, value));
}

export function tableMember(t: DataTable, lc: string, args: Value[]): Found {
  switch (lc) {
    case 'rows':
      return t.rows;
    case 'columns':
      return t.columns;
    case 'newrow':
      return t.newRow();
    case 'tablename':
      return t.tableName;
    case 'clone':
      return t.clone(false);
    case 'copy':
      return t.clone(true);
    case 'clear':
      t.rows.list.length = 0;
      return null;
    case 'asenumerable':
      return new NetSequence('DataRow', [...t.rows.list]);
    case 'importrow':
      need(args, 1, 1);
      if (!(args[0] instanceof DataRow)) return args[0] === null ? null : badShape();
      t.addValues([...args[0].values]);
      return null;
  }
  return MISSING;
}

export function rowsMember(r: DataRowCollection, lc: string, args: Value[]): Found {
  switch (lc) {
    case 'count':
      return args.length ? MISSING : r.list.length;
    case 'item':
      return r.get(toInt32(args[0]));
    case 'add':
      if (args.length === 1 && args[0] instanceof DataRow) {
        r.add(args[0]);
        return null;
      }
      return r.table.addValues(args.length === 1 && args[0] instanceof NetArray ? args[0].items : args);
    case 'removeat':
      r.get(toInt32(args[0]));
      r.list.splice(toInt32(args[0]), 1);
      return null;
    case 'remove':
      r.list.splice(r.list.indexOf(args[0] as DataRow), 1);
      return null;
    case 'clear':
      r.list.length = 0;
      return null;
  }
  return MISSING;
}

export function columnsMember(c: DataColumnCollection, lc: string, args: Value[]): Found {
  switch (lc) {
    case 'count':
      return args.length ? MISSING : c.list.length;
    case 'item':
      return c.get(args[0]);
    case 'add':
      if (args[0] instanceof DataColumn) {
        c.list.push(args[0]);
        args[0].table = c.table;
        for (const row of c.table.rows.list) row.values.push(DBNULL);
        return null;
      }
      return c.add(args.length ? textOrEmpty(args[0]) : null, args[1] instanceof TypeRef ? args[1].name : 'String');
    case 'contains':
      return c.indexOf(textOrEmpty(args[0])) >= 0;
    case 'indexof':
      return c.indexOf(textOrEmpty(args[0]));
  }
  return MISSING;
}

export function rowMember(r: DataRow, lc: string, args: Value[]): Found {
  switch (lc) {
    case 'item':
      return r.get(args[0]);
    case 'itemarray':
      return new NetArray('Object', [...r.values]);
    case 'table':
      return r.table;
    case 'isnull':
      return r.get(args[0]) === DBNULL;
    case 'field': {
      const v = r.get(args[0]);
      return v === DBNULL ? null : v;
    }
  }
  return MISSING;
}

export function enumerate(v: Value): Value[] {
  if (v instanceof NetArray || v instanceof NetList) return v.items;
  if (typeof v === 'string') return [...v].map((c) => new NetChar(c));
  if (v instanceof DataRowCollection) return v.list;
  if (v instanceof DataColumnCollection) return v.list;
  if (v instanceof NetDictionary) return [...v.map.values()];
  if (v instanceof JArray) return v.items;
  if (v instanceof JObject) return [...v.props].map(([k, t]) => new JProperty(k, t));
  if (v instanceof NetInstance) {
    const items = v.items();
    if (items) return items;
  }
  if (v === null) fail('NullReferenceException', MESSAGES.nullReference);
  return fail('InvalidCastException', `Unable to cast object of type '${typeName(v)}' to type 'IEnumerable'.`);
}
