import { canonicalType, convertTo, toInt32 } from './cast';
import { DataColumn, DataRow, DataTable, DBNULL } from './datatable';
import { NetDecimal } from './decimal';
import { NetDateTime, NetTimeSpan } from './datetime';
import { fail, MESSAGES, NetException } from './exceptions';
import { JArray, JObject, JProperty, JToken, JValue } from './jtoken';
import { textOrEmpty, toStr, typeName } from './text';
import {
  NetArray,
  NetChar,
  NetDictionary,
  NetDouble,
  NetEnum,
  NetKeyValue,
  NetList,
  NetLong,
  type Value,
} from './values';
import { dictionarySet } from './collections';
import { provideTokenConversion } from './tokenConversion';

/** A .NET value as the token JsonConvert.SerializeObject / JToken.FromObject makes of it. */
export function tokenFromValue(v: Value): JToken {
  if (v instanceof JToken) return v;
  if (v === null || v === DBNULL) return new JValue('Null', null);
  if (typeof v === 'string') return new JValue('String', v);
  if (typeof v === 'boolean') return new JValue('Boolean', v);
  if (typeof v === 'number' || v instanceof NetLong) return new JValue('Integer', v);
  if (v instanceof NetDouble || v instanceof NetDecimal) return new JValue('Float', v);
  if (v instanceof NetChar) return new JValue('String', v.c);
  if (v instanceof NetDateTime) return new JValue('Date', v);
  if (v instanceof NetTimeSpan || v instanceof NetEnum)
    return new JValue(v instanceof NetEnum ? 'Integer' : 'String', v instanceof NetEnum ? v.n : toStr(v));
  if (v instanceof NetArray || v instanceof NetList) return new JArray(v.items.map(tokenFromValue));
  if (v instanceof NetDictionary) {
    const o = new JObject();
    for (const e of v.map.values()) o.props.set(textOrEmpty(e.key), tokenFromValue(e.value));
    return o;
  }
  if (v instanceof NetKeyValue) {
    const o = new JObject();
    o.props.set('Key', tokenFromValue(v.key));
    o.props.set('Value', tokenFromValue(v.value));
    return o;
  }
  // A DataTable serializes as an array of row objects, a DataRow as one object.
  if (v instanceof DataTable) return new JArray(v.rows.list.map(tokenFromValue));
  if (v instanceof DataRow) {
    const o = new JObject();
    v.table.columns.list.forEach((c, i) => o.props.set(c.columnName, tokenFromValue(v.values[i])));
    return o;
  }
  if (v instanceof NetException) {
    const o = new JObject();
    o.props.set('ClassName', new JValue('String', `${typeName(v)}`));
    o.props.set('Message', new JValue('String', v.message));
    return o;
  }
  return fail('JsonSerializationException', `Type '${typeName(v)}' cannot be serialized.`);
}

/** The type arguments written in a generic type name, in any of the spellings workflows use. */
export function typeArgsOf(written: string): string[] {
  const open = written.search(/[(<[]/);
  if (open < 0) return [];
  let inner = written.slice(open + 1, written.length - 1).trim();
  inner = inner.replace(/^Of\s+/i, '');
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if ('(<['.includes(ch)) depth++;
    else if (')>]'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(inner.slice(start).trim());
  return out.filter((s) => s !== '').map((s) => s.replace(/^\[(.*)\]$/, '$1'));
}

/** A token's plain .NET value where it has one (a JValue), the token itself otherwise. */
export function plainValue(t: JToken | null): Value {
  return t instanceof JValue ? t.value : t;
}

const cannot = (t: JToken | null, target: string): never =>
  fail(
    'JsonSerializationException',
    `Cannot deserialize the current JSON ${t instanceof JArray ? 'array' : t instanceof JObject ? 'object' : 'value'} into type '${target}'.`,
  );

/** token.ToObject(Of T) / JsonConvert.DeserializeObject(Of T): the token as a T. */
export function tokenToType(t: JToken | null, written: string): Value {
  const type = canonicalType(written);
  if (t === null || (t instanceof JValue && t.tokenType === 'Null'))
    return t instanceof JToken && /^J/.test(type) ? t : null;
  switch (type) {
    case 'JToken':
      return t;
    case 'JObject':
    case 'JArray':
      if (typeName(t) !== type) {
        const item = t instanceof JObject ? 'StartObject' : t instanceof JArray ? 'StartArray' : t.tokenType;
        const what = type === 'JObject' ? 'an object' : 'an array';
        fail(
          'JsonReaderException',
          `Error reading ${type} from JsonReader. Current JsonReader item is not ${what}: ${item}. Path '', line 1, position 1.`,
        );
      }
      return t;
    case 'JValue':
    case 'JProperty':
      return typeName(t) === type
        ? t
        : fail('InvalidCastException', `Unable to cast object of type '${typeName(t)}' to type '${type}'.`);
    case 'Object':
      return plainValue(t);
    case 'List':
    case 'Dictionary':
    case 'DataTable':
      break;
    default:
      if (type.endsWith('[]')) {
        if (!(t instanceof JArray)) return cannot(t, written);
        return new NetArray(
          type.slice(0, -2),
          t.items.map((i) => tokenToType(i, type.slice(0, -2))),
        );
      }
      if (!(t instanceof JValue)) return cannot(t, written);
      if (type === 'Int32' && t.tokenType === 'Float') return toInt32(t.value);
      return convertTo(t.value, type);
  }
  const args = typeArgsOf(written);
  if (type === 'List') {
    if (!(t instanceof JArray)) return cannot(t, written);
    const element = args[0] ?? 'Object';
    return new NetList(
      canonicalType(element),
      t.items.map((i) => tokenToType(i, element)),
    );
  }
  if (type === 'Dictionary') {
    if (!(t instanceof JObject)) return cannot(t, written);
    const d = new NetDictionary(canonicalType(args[0] ?? 'String'), canonicalType(args[1] ?? 'Object'));
    for (const [k, v] of t.props)
      dictionarySet(d, convertTo(k, args[0] ?? 'String'), tokenToType(v, args[1] ?? 'Object'));
    return d;
  }
  return tableFromToken(t, written);
}

const COLUMN_TYPES: Record<string, string> = {
  String: 'String',
  Integer: 'Int64',
  Float: 'Double',
  Boolean: 'Boolean',
  Date: 'DateTime',
};

/** An array of objects as a DataTable: columns from the first object, typed by its values. */
function tableFromToken(t: JToken, written: string): DataTable {
  if (!(t instanceof JArray)) return cannot(t, written);
  const table = new DataTable();
  for (const item of t.items) {
    if (!(item instanceof JObject)) return cannot(item, 'DataRow');
    const row = table.newRow();
    for (const [name, v] of item.props) {
      let i = table.columns.indexOf(name);
      if (i < 0) {
        const kind = v instanceof JValue ? (COLUMN_TYPES[v.tokenType] ?? 'String') : 'Object';
        table.columns.add(name, kind);
        row.values.push(DBNULL);
        i = table.columns.list.length - 1;
      }
      const col: DataColumn = table.columns.list[i];
      const plain = plainValue(v);
      row.values[i] = plain === null ? DBNULL : col.dataType === 'Object' ? plain : convertTo(plain, col.dataType);
    }
    table.rows.add(row);
  }
  return table;
}

/** The child of a container token named by a key (JObject) or an index (JArray); null if absent. */
export function tokenChild(t: JToken, key: Value): JToken | null {
  if (t instanceof JObject) {
    if (typeof key !== 'string')
      fail(
        'ArgumentException',
        `Accessed JObject values with invalid key value: ${textOrEmpty(key)}. Object property name expected.`,
      );
    return t.props.get(key) ?? null;
  }
  if (t instanceof JArray) {
    if (typeof key !== 'number' && !(key instanceof NetLong))
      fail(
        'ArgumentException',
        `Accessed JArray values with invalid key value: "${textOrEmpty(key)}". Int32 array index expected.`,
      );
    const i = toInt32(key);
    if (i < 0 || i >= t.items.length)
      fail('ArgumentOutOfRangeException', `${MESSAGES.argumentOutOfRange} (Parameter 'index')`);
    return t.items[i];
  }
  if (t instanceof JProperty) return tokenChild(t.value, key);
  return fail('InvalidOperationException', `Cannot access child value on Newtonsoft.Json.Linq.${typeName(t)}.`);
}

export function setTokenChild(t: JToken, key: Value, value: Value): void {
  const token = tokenFromValue(value);
  if (t instanceof JObject && typeof key === 'string') t.props.set(key, token);
  else if (t instanceof JArray) {
    tokenChild(t, key);
    t.items[toInt32(key)] = token;
  } else fail('InvalidOperationException', `Cannot set child value on Newtonsoft.Json.Linq.${typeName(t)}.`);
}

// convertTo (cast.ts) converts a token to a .NET type through this.
provideTokenConversion(tokenToType);
