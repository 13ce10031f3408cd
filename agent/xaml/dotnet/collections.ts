import { equals } from './arith';
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
