import { compare, equals } from './arith';
import { convertTo, toInt32, toNumber } from './cast';
import { DataColumn, DataColumnCollection, DataRow, DataRowCollection, DataTable, DBNULL } from './datatable';
import { DAY_MS, NetDateTime, NetTimeSpan } from './datetime';
import { fail, MESSAGES, NetException } from './exceptions';
import { MISSING, stringMember, type Found } from './strings';
import { formatValue, textOrEmpty, typeName } from './text';
import {
  keyIdentity,
  NetArray,
  NetChar,
  NetDictionary,
  NetEnum,
  NetKeyValue,
  NetList,
  TypeRef,
  type Value,
} from './values';

const DAY_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function checkIndex(i: number, length: number, list: boolean): void {
  if (i < 0 || i >= length)
    fail(
      list ? 'ArgumentOutOfRangeException' : 'IndexOutOfRangeException',
      list ? MESSAGES.argumentOutOfRange : MESSAGES.indexOutOfRange,
    );
}

/** A member of any value other than a static type: property (no args) or method. */
export function instanceMember(t: Value, lc: string, args: Value[]): Found {
  if (t === null) fail('NullReferenceException', MESSAGES.nullReference);
  if (typeof t === 'string') {
    const r = stringMember(t, lc, args);
    if (r !== MISSING) return r;
  }
  if (lc === 'tostring') return formatValue(t, args.length && args[0] !== null ? textOrEmpty(args[0]) : null);
  if (lc === 'equals' && args.length === 1) return equals(t, args[0], false);
  if (lc === 'gettype') return new TypeRef(typeName(t));
  if (lc === 'compareto' && args.length === 1) return compare(t, args[0], false);
  if (t instanceof NetDateTime) return dateMember(t, lc, args);
  if (t instanceof NetTimeSpan) return timeSpanMember(t, lc);
  if (t instanceof NetArray || t instanceof NetList) return listMember(t, lc, args);
  if (t instanceof NetDictionary) return dictionaryMember(t, lc, args);
  if (t instanceof NetKeyValue) return lc === 'key' ? t.key : lc === 'value' ? t.value : MISSING;
  if (t instanceof DataTable) return tableMember(t, lc, args);
  if (t instanceof DataRowCollection) return rowsMember(t, lc, args);
  if (t instanceof DataColumnCollection) return columnsMember(t, lc, args);
  if (t instanceof DataRow) return rowMember(t, lc, args);
  if (t instanceof DataColumn)
    return lc === 'columnname'
      ? t.columnName
      : lc === 'datatype'
        ? new TypeRef(t.dataType)
        : lc === 'table'
          ? t.table
          : MISSING;
  if (t instanceof NetException) return exceptionMember(t, lc);
  if (t instanceof NetEnum && lc === 'value__') return t.n;
  if (t instanceof TypeRef && (lc === 'name' || lc === 'fullname')) return lc === 'name' ? t.name : `System.${t.name}`;
  return MISSING;
}

function dateMember(d: NetDateTime, lc: string, args: Value[]): Found {
  const n = () => toNumber(args[0]);
  switch (lc) {
    case 'year':
      return d.year;
    case 'month':
      return d.month;
    case 'day':
      return d.day;
    case 'hour':
      return d.hour;
    case 'minute':
      return d.minute;
    case 'second':
      return d.second;
    case 'millisecond':
      return d.millisecond;
    case 'dayofyear':
      return d.dayOfYear;
    case 'dayofweek':
      return new NetEnum('DayOfWeek', DAY_OF_WEEK[d.dayOfWeek], d.dayOfWeek);
    case 'date':
      return d.date;
    case 'timeofday':
      return new NetTimeSpan(d.ms - d.date.ms);
    case 'kind':
      return new NetEnum('DateTimeKind', d.kind, ['Unspecified', 'Utc', 'Local'].indexOf(d.kind));
    case 'adddays':
      return d.add(Math.round(n() * DAY_MS));
    case 'addhours':
      return d.add(Math.round(n() * 3_600_000));
    case 'addminutes':
      return d.add(Math.round(n() * 60_000));
    case 'addseconds':
      return d.add(Math.round(n() * 1000));
    case 'addmilliseconds':
      return d.add(Math.round(n()));
    case 'addmonths':
      return d.addMonths(toInt32(args[0]));
    case 'addyears':
      return d.addMonths(12 * toInt32(args[0]));
    case 'add':
      return d.add((args[0] as NetTimeSpan).ms);
    case 'subtract':
      return args[0] instanceof NetDateTime ? new NetTimeSpan(d.ms - args[0].ms) : d.add(-(args[0] as NetTimeSpan).ms);
    case 'toshortdatestring':
      return formatValue(d, 'd');
    case 'tolongdatestring':
      return formatValue(d, 'D');
    case 'toshorttimestring':
      return formatValue(d, 't');
    case 'tolongtimestring':
      return formatValue(d, 'T');
    case 'touniversaltime':
      return d.kind === 'Local'
        ? new NetDateTime(d.ms - d.offsetMinutes * 60_000, 'Utc')
        : new NetDateTime(d.ms, 'Utc');
  }
  return MISSING;
}

function timeSpanMember(t: NetTimeSpan, lc: string): Found {
  switch (lc) {
    case 'days':
      return t.days;
    case 'hours':
      return t.hours;
    case 'minutes':
      return t.minutes;
    case 'seconds':
      return t.seconds;
    case 'milliseconds':
      return t.milliseconds;
    case 'totaldays':
      return convertTo(t.ms / DAY_MS, 'Double');
    case 'totalhours':
      return convertTo(t.ms / 3_600_000, 'Double');
    case 'totalminutes':
      return convertTo(t.ms / 60_000, 'Double');
    case 'totalseconds':
      return convertTo(t.ms / 1000, 'Double');
    case 'totalmilliseconds':
      return convertTo(t.ms, 'Double');
    case 'duration':
      return new NetTimeSpan(Math.abs(t.ms));
    case 'negate':
      return new NetTimeSpan(-t.ms);
  }
  return MISSING;
}

function listMember(l: NetArray | NetList, lc: string, args: Value[]): Found {
  const list = l instanceof NetList;
  const items = l.items;
  switch (lc) {
    case 'length':
      return list ? MISSING : items.length;
    case 'count':
      return list && args.length === 0 ? items.length : MISSING;
    case 'item':
    case 'getvalue': {
      const i = toInt32(args[0]);
      checkIndex(i, items.length, list);
      return items[i];
    }
    case 'add':
      if (!list) return MISSING;
      items.push(args[0]);
      return null;
    case 'addrange':
      for (const v of enumerate(args[0])) items.push(v);
      return null;
    case 'insert':
      items.splice(toInt32(args[0]), 0, args[1]);
      return null;
    case 'remove': {
      const i = items.findIndex((v) => equals(v, args[0], false));
      if (i >= 0) items.splice(i, 1);
      return i >= 0;
    }
    case 'removeat':
      checkIndex(toInt32(args[0]), items.length, true);
      items.splice(toInt32(args[0]), 1);
      return null;
    case 'clear':
      items.length = 0;
      return null;
    case 'indexof':
      return items.findIndex((v) => equals(v, args[0], false));
    case 'contains':
      return items.some((v) => equals(v, args[0], false));
    case 'sort':
      items.sort((a, b) => compare(a, b, false));
      return null;
    case 'reverse':
      if (args.length || !list) return MISSING;
      items.reverse();
      return null;
  }
  return MISSING;
}

function dictionaryMember(d: NetDictionary, lc: string, args: Value[]): Found {
  const key = args[0] ?? null;
  switch (lc) {
    case 'count':
      return args.length ? MISSING : d.map.size;
    case 'keys':
      return new NetList(
        d.keyType,
        [...d.map.values()].map((e) => e.key),
      );
    case 'values':
      return new NetList(
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

function tableMember(t: DataTable, lc: string, args: Value[]): Found {
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
      return new NetList('DataRow', [...t.rows.list]);
    case 'importrow':
      t.addValues([...(args[0] as DataRow).values]);
      return null;
  }
  return MISSING;
}

function rowsMember(r: DataRowCollection, lc: string, args: Value[]): Found {
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

function columnsMember(c: DataColumnCollection, lc: string, args: Value[]): Found {
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

function rowMember(r: DataRow, lc: string, args: Value[]): Found {
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

function exceptionMember(e: NetException, lc: string): Found {
  switch (lc) {
    case 'message':
      return e.message;
    case 'innerexception':
      return e.inner;
    case 'source':
      return 'Workflow';
    case 'stacktrace':
      return null;
    case 'getbaseexception': {
      let cur = e;
      while (cur.inner) cur = cur.inner;
      return cur;
    }
  }
  return MISSING;
}

/** The items a For Each or a LINQ operator walks. */
export function enumerate(v: Value): Value[] {
  if (v instanceof NetArray || v instanceof NetList) return v.items;
  if (typeof v === 'string') return [...v].map((c) => new NetChar(c));
  if (v instanceof DataRowCollection) return v.list;
  if (v instanceof DataColumnCollection) return v.list;
  if (v instanceof NetDictionary) return [...v.map.values()];
  if (v === null) fail('NullReferenceException', MESSAGES.nullReference);
  return fail('InvalidCastException', `Unable to cast object of type '${typeName(v)}' to type 'IEnumerable'.`);
}
