import { compare, equals } from './arith';
import { convertTo, toInt32, toNumber } from './cast';
import { DataColumn, DataColumnCollection, DataRow, DataRowCollection, DataTable } from './datatable';
import { DAY_MS, NetDateTime, NetTimeSpan } from './datetime';
import { fail, MESSAGES, NetException } from './exceptions';
import { MISSING, stringMember, type Found } from './strings';
import { formatValue, textOrEmpty, typeName } from './text';
import {
  NetArray,
  NetDictionary,
  NetEnum,
  NetInstance,
  NetKeyValue,
  NetList,
  NetObject,
  NetSequence,
  TypeRef,
  type Value,
} from './values';
import { JToken } from './jtoken';
import { jsonMember } from './jsonMembers';
import { badShape, need } from './calls';
import { dictionaryExtra, NOT_ON_CONCURRENT } from './concurrent';
import { listMember, listPredicateMember } from './listMethods';
import { columnsMember, dictionaryMember, rowMember, rowsMember, tableMember } from './collections';

const DAY_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A member of any value other than a static type: property (no args) or method. */
export function instanceMember(t: Value, lc: string, args: Value[]): Found {
  if (t === null) fail('NullReferenceException', MESSAGES.nullReference);
  if (typeof t === 'string') {
    const r = stringMember(t, lc, args);
    if (r !== MISSING) return r;
  }
  if (t instanceof JToken) {
    const r = jsonMember(t, lc, args);
    if (r !== MISSING) return r;
  }
  if (t instanceof NetInstance) {
    const r = t.member(lc, args);
    if (r !== MISSING) return r;
  }
  if (lc === 'tostring') return formatValue(t, args.length && args[0] !== null ? textOrEmpty(args[0]) : null);
  if (lc === 'equals' && args.length === 1) return equals(t, args[0], false);
  if (lc === 'gettype') return new TypeRef(typeName(t));
  if (lc === 'compareto' && args.length === 1) return compare(t, args[0], false);
  if (t instanceof NetDateTime) return dateMember(t, lc, args);
  if (t instanceof NetTimeSpan) return timeSpanMember(t, lc);
  if (t instanceof NetArray || t instanceof NetList) {
    const r = listMember(t, lc, args);
    return r !== MISSING || t instanceof NetArray || t instanceof NetSequence ? r : listPredicateMember(t, lc, args);
  }
  if (t instanceof NetDictionary) {
    const r = dictionaryExtra(t, lc, args);
    return r !== MISSING || (t.concurrent && NOT_ON_CONCURRENT.has(lc)) ? r : dictionaryMember(t, lc, args);
  }
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
  // A small framework object (a Match, a FileInfo) answers its named fields as properties.
  if (t instanceof NetObject && args.length === 0 && t.fields.has(lc)) return t.fields.get(lc) ?? null;
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
      need(args, 1, 1);
      return args[0] instanceof NetTimeSpan ? d.add(args[0].ms) : badShape();
    case 'subtract':
      need(args, 1, 1);
      if (args[0] instanceof NetDateTime) return new NetTimeSpan(d.ms - args[0].ms);
      return args[0] instanceof NetTimeSpan ? d.add(-args[0].ms) : badShape();
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
