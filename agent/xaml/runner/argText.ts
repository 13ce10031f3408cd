import { canonicalType, convertTo } from '../dotnet/cast';
import { dictionarySet } from '../dotnet/collections';
import { DataRow, DataTable, DBNULL } from '../dotnet/datatable';
import { NetDecimal } from '../dotnet/decimal';
import { NetError } from '../dotnet/exceptions';
import { toStr } from '../dotnet/text';
import { NetArray, NetDictionary, NetDouble, NetList, NetLong, type Value } from '../dotnet/values';
import { literalOf } from './literal';

/** The type arguments of a generic type as written: `scg:Dictionary(x:String, x:Object)` → both. */
export function typeArguments(written: string): string[] {
  const open = written.search(/[(<]/);
  if (open < 0) return [];
  const inner = written.slice(open + 1, written.length - 1);
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '(' || ch === '<') depth++;
    else if (ch === ')' || ch === '>') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(inner.slice(start).trim());
  return out.filter(Boolean);
}

/** JSON as .NET values of the type `written`: what a Run dialog parameter holds for collections. */
function fromJson(j: unknown, written: string): Value {
  const t = canonicalType(written);
  if (j === null) return null;
  if (t.endsWith('[]')) {
    if (!Array.isArray(j)) throw new TypeError('a JSON array is expected');
    const elem = written.replace(/(\[\]|\(\))$/, '');
    return new NetArray(
      canonicalType(elem),
      j.map((x) => fromJson(x, elem)),
    );
  }
  if (t === 'List') {
    if (!Array.isArray(j)) throw new TypeError('a JSON array is expected');
    const [elem = 'x:Object'] = typeArguments(written);
    return new NetList(
      canonicalType(elem),
      j.map((x) => fromJson(x, elem)),
    );
  }
  if (t === 'Dictionary') {
    if (typeof j !== 'object' || Array.isArray(j)) throw new TypeError('a JSON object is expected');
    const [k = 'x:String', v = 'x:Object'] = typeArguments(written);
    const d = new NetDictionary(canonicalType(k), canonicalType(v));
    for (const [key, value] of Object.entries(j)) dictionarySet(d, fromJson(key, k), fromJson(value, v));
    return d;
  }
  if (t === 'DataTable') return tableFromJson(j);
  if (typeof j === 'string') {
    const lit = literalOf(j, written);
    if (!lit) throw new TypeError(`'${j}' is not a valid ${t}`);
    return lit.value;
  }
  if (typeof j === 'number') {
    const n = Number.isInteger(j) && Math.abs(j) <= 2147483647 ? j : new NetDouble(j);
    return t === 'Object' ? n : convertTo(n, written);
  }
  if (typeof j === 'boolean') return t === 'Object' ? j : convertTo(j, written);
  if (Array.isArray(j)) return fromJson(j, 'scg:List(x:Object)');
  return fromJson(j, 'scg:Dictionary(x:String, x:Object)');
}

function tableFromJson(j: unknown): DataTable {
  if (!Array.isArray(j)) throw new TypeError('a JSON array of rows is expected');
  const table = new DataTable();
  for (const row of j) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new TypeError('each row is a JSON object');
    for (const name of Object.keys(row)) if (table.columns.indexOf(name) < 0) table.columns.add(name, 'Object');
  }
  for (const row of j as Record<string, unknown>[]) {
    const r = table.newRow();
    for (const [name, value] of Object.entries(row)) r.set(name, fromJson(value, 'x:Object') ?? DBNULL);
    table.rows.add(r);
  }
  return table;
}

/**
 * A Run dialog parameter as the argument's type reads it: text for scalars, JSON for arrays,
 * lists, dictionaries and tables. Throws a TypeError saying why when it does not convert.
 */
export function argumentFromText(text: string, written: string): Value {
  const t = canonicalType(written);
  const collection = t.endsWith('[]') || t === 'List' || t === 'Dictionary' || t === 'DataTable';
  try {
    if (!collection) {
      const lit = literalOf(text, written);
      if (!lit) throw new TypeError(`'${text}' is not a valid ${t}`);
      return lit.value;
    }
    let j: unknown;
    try {
      j = JSON.parse(text);
    } catch {
      throw new TypeError(`'${text}' is not JSON`);
    }
    return fromJson(j, written);
  } catch (e) {
    if (e instanceof NetError) throw new TypeError(e.message);
    throw e;
  }
}

function toJson(v: Value): unknown {
  if (v === null || v === DBNULL) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof NetDouble) return Number.isFinite(v.v) ? v.v : toStr(v);
  if (v instanceof NetLong) return Number.isSafeInteger(Number(v.v)) ? Number(v.v) : toStr(v);
  if (v instanceof NetDecimal) return Number(v.toString());
  if (v instanceof NetArray || v instanceof NetList) return v.items.map(toJson);
  if (v instanceof NetDictionary) {
    const o: Record<string, unknown> = {};
    for (const e of v.map.values()) o[toStr(e.key)] = toJson(e.value);
    return o;
  }
  if (v instanceof DataTable) return v.rows.list.map(rowJson);
  if (v instanceof DataRow) return rowJson(v);
  return toStr(v);
}

function rowJson(r: DataRow): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  r.table.columns.list.forEach((c, i) => (o[c.columnName] = toJson(r.values[i])));
  return o;
}

/** An Out argument's value as the run reports it: ToString() for scalars, JSON for collections and tables. */
export function argumentToText(v: Value): string {
  if (v === null) return '';
  if (v instanceof NetArray || v instanceof NetList || v instanceof NetDictionary || v instanceof DataTable)
    return JSON.stringify(toJson(v));
  if (v instanceof DataRow) return JSON.stringify(rowJson(v));
  return toStr(v);
}
