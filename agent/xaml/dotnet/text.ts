import { NetDecimal } from './decimal';
import { DataColumn, DataRow, DataTable, DBNULL } from './datatable';
import { decimalDigits, exactDoubleDigits, integerDigits, shortestDoubleDigits } from './digits';
import { NetDateTime, NetTimeSpan } from './datetime';
import { formatDate, formatTimeSpan } from './dtfmt';
import { fail, MESSAGES, NetException } from './exceptions';
import { formatNumber, type NumInput } from './numfmt';
import {
  NetArray,
  NetChar,
  NetDelegate,
  NetDictionary,
  NetDouble,
  NetEnum,
  NetKeyValue,
  NetList,
  NetLong,
  NetInstance,
  NetObject,
  NetSelfPrinting,
  TypeRef,
  type Value,
} from './values';

/** The .NET type name of a value, as GetType().Name gives it; "Nothing" for null. */
export function typeName(v: Value): string {
  if (v === null) return 'Nothing';
  switch (typeof v) {
    case 'string':
      return 'String';
    case 'number':
      return 'Int32';
    case 'boolean':
      return 'Boolean';
  }
  if (v instanceof NetDouble) return 'Double';
  if (v instanceof NetLong) return 'Int64';
  if (v instanceof NetChar) return 'Char';
  if (v instanceof NetDecimal) return 'Decimal';
  if (v instanceof NetDateTime) return 'DateTime';
  if (v instanceof NetTimeSpan) return 'TimeSpan';
  if (v instanceof NetArray) return `${v.elementType}[]`;
  if (v instanceof NetList) return 'List`1';
  if (v instanceof NetDictionary) return v.concurrent ? 'ConcurrentDictionary`2' : 'Dictionary`2';
  if (v instanceof NetKeyValue) return 'KeyValuePair`2';
  if (v instanceof DataTable) return 'DataTable';
  if (v instanceof DataRow) return 'DataRow';
  if (v instanceof DataColumn) return 'DataColumn';
  if (v instanceof NetException) return v.type;
  if (v instanceof NetDelegate) return 'Func`1';
  if (v instanceof TypeRef) return 'RuntimeType';
  if (v instanceof NetObject) return v.typeName;
  if (v instanceof NetInstance) return v.netType;
  if (v instanceof NetEnum) return v.type;
  if (v instanceof NetSelfPrinting) return v.netType;
  return v.constructor.name.replace(/^Net/, '');
}

/** The digits formatNumber needs, or null when the value is no number. */
export function numInput(v: Value): NumInput | null {
  if (typeof v === 'number') {
    const d = integerDigits(v);
    return { kind: 'int', exact: d, shortest: d, integer: BigInt(v) };
  }
  if (v instanceof NetLong) {
    const d = integerDigits(v.v);
    return { kind: 'int', exact: d, shortest: d, integer: v.v };
  }
  if (v instanceof NetDouble) {
    const x = v.v;
    if (Number.isNaN(x)) return { kind: 'double', exact: integerDigits(0), shortest: integerDigits(0), special: 'NaN' };
    if (!Number.isFinite(x)) {
      const special = x > 0 ? 'Infinity' : '-Infinity';
      return { kind: 'double', exact: integerDigits(0), shortest: integerDigits(0), special };
    }
    return { kind: 'double', exact: exactDoubleDigits(x), shortest: shortestDoubleDigits(x) };
  }
  if (v instanceof NetDecimal) {
    const d = decimalDigits(v.coef, v.scale);
    return { kind: 'decimal', exact: d, shortest: d };
  }
  return null;
}

/** value.ToString(format): numbers, dates and time spans take a format; others ignore it. */
export function formatValue(v: Value, format: string | null): string {
  if (v === null) fail('NullReferenceException', MESSAGES.nullReference);
  if (typeof v === 'string') return v;
  const num = numInput(v);
  if (num) return formatNumber(num, format);
  if (v instanceof NetDateTime) return formatDate(v, format);
  if (v instanceof NetTimeSpan) return formatTimeSpan(v, format);
  if (v instanceof NetSelfPrinting) return v.formatted(format);
  return toStr(v);
}

/** value.ToString(): .NET's text for each type; Nothing has none (NullReferenceException). */
export function toStr(v: Value): string {
  if (v === null) fail('NullReferenceException', MESSAGES.nullReference);
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'True' : 'False';
  }
  if (v instanceof NetChar) return v.c;
  if (v instanceof NetEnum) return v.name;
  if (v instanceof NetDecimal) return v.toString();
  if (v instanceof NetDouble || v instanceof NetLong) return formatValue(v, null);
  if (v instanceof NetDateTime || v instanceof NetTimeSpan) return formatValue(v, null);
  if (v instanceof NetException) return v.toString();
  if (v instanceof NetInstance) return v.toText();
  if (v === DBNULL) return '';
  if (v instanceof NetSelfPrinting) return v.toString();
  if (v instanceof NetArray) return `System.${v.elementType}[]`;
  if (v instanceof NetList) return `System.Collections.Generic.List\`1[System.${v.elementType}]`;
  if (v instanceof NetDictionary) {
    const ns = v.concurrent ? 'System.Collections.Concurrent.Concurrent' : 'System.Collections.Generic.';
    return `${ns}Dictionary\`2[System.${v.keyType},System.${v.valueType}]`;
  }
  if (v instanceof NetKeyValue) return `[${textOrEmpty(v.key)}, ${textOrEmpty(v.value)}]`;
  if (v instanceof DataTable) return v.tableName;
  if (v instanceof DataColumn) return v.columnName;
  if (v instanceof TypeRef) return `System.${v.name}`;
  if (v instanceof NetObject && v.fields.has('#text')) return textOrEmpty(v.fields.get('#text') ?? null);
  return `System.${typeName(v)}`;
}

/** CStr and VB's string concatenation: Nothing is "". */
export function textOrEmpty(v: Value): string {
  return v === null ? '' : toStr(v);
}
