import { XMLParser } from 'fast-xml-parser';
import { DataRow, DataTable, DBNULL, fail, NetArray, NetDouble, type Value } from '../dotnet';
import { rowFromValues, storeCell } from './cells';

/**
 * BuildDataTable's `TableInfo`: the DataSet XML Studio writes (an XSD schema naming the table
 * and its typed columns, then one element per row). Column and table names are XML-encoded
 * there (`First_x0020_Name`); cells are the XSD text of their value.
 */

const XS_TYPES: Record<string, string> = {
  string: 'String',
  int: 'Int32',
  short: 'Int32',
  byte: 'Int32',
  unsignedByte: 'Int32',
  long: 'Int64',
  double: 'Double',
  float: 'Double',
  decimal: 'Decimal',
  boolean: 'Boolean',
  dateTime: 'DateTime',
  anyType: 'Object',
};

type XmlNode = Record<string, unknown>;

const asList = (v: unknown): XmlNode[] =>
  v === undefined || v === null
    ? []
    : (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'object' ? x : {}) as XmlNode);

/** XmlConvert.DecodeName: `_xHHHH_` escapes back to their characters. */
export function decodeXmlName(name: string): string {
  return name.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const invalid = (detail: string): never =>
  fail('ArgumentException', `The TableInfo of BuildDataTable is not valid: ${detail}.`);

function columnType(el: XmlNode): string {
  const dataType = el['@_msdata:DataType'];
  if (typeof dataType === 'string') {
    // msdata:DataType names a .NET type the XSD types cannot (Object, TimeSpan, …).
    const m = /^System\.(\w+)/.exec(dataType);
    const known = ['String', 'Int32', 'Int64', 'Double', 'Decimal', 'Boolean', 'DateTime'];
    return m && known.includes(m[1]) ? m[1] : 'Object';
  }
  let type = el['@_type'];
  if (typeof type !== 'string') {
    // A restricted type (MaxLength set in Studio) names its base in a nested simpleType.
    const restriction = asList(asList(el['xs:simpleType'])[0]?.['xs:restriction'])[0];
    type = restriction?.['@_base'];
  }
  if (typeof type !== 'string') return 'String';
  return XS_TYPES[type.replace(/^.*:/, '')] ?? invalid(`unknown column type '${type}'`);
}

/** BuildDataTable: the DataTable its TableInfo describes, rows included. */
export function buildDataTable(tableInfo: string): DataTable {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name !== 'NewDataSet' && name !== 'xs:schema',
  });
  let doc: XmlNode;
  try {
    doc = parser.parse(tableInfo, true) as XmlNode;
  } catch (e) {
    return invalid(e instanceof Error ? e.message : String(e));
  }
  const dataSetKey = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const dataSet = dataSetKey ? (doc[dataSetKey] as XmlNode) : invalid('no DataSet element');
  const schema = (dataSet['xs:schema'] as XmlNode | undefined) ?? invalid('no schema');
  const root = asList(schema['xs:element'])[0] ?? invalid('no DataSet element in the schema');
  const choice = asList(asList(root['xs:complexType'])[0]?.['xs:choice'])[0] ?? invalid('no table in the schema');
  const tables = asList(choice['xs:element']);
  const main = root['@_msdata:MainDataTable'];
  const tableEl =
    tables.find((t) => typeof main === 'string' && t['@_name'] === main.replace(/^.*:/, '')) ??
    tables[0] ??
    invalid('no table in the schema');
  const encodedName = String(tableEl['@_name']);
  const table = new DataTable(decodeXmlName(encodedName));
  const sequence = asList(asList(tableEl['xs:complexType'])[0]?.['xs:sequence'])[0];
  const encodedColumns: string[] = [];
  for (const col of asList(sequence?.['xs:element'])) {
    const enc = String(col['@_name']);
    encodedColumns.push(enc);
    // The column is named by the element's name; msdata:Caption (which Studio writes empty) is
    // only the column's display caption and never its name.
    table.columns.add(decodeXmlName(enc), columnType(col));
  }
  for (const rowEl of asList(dataSet[encodedName])) {
    const row = table.newRow();
    encodedColumns.forEach((enc, i) => {
      const raw = rowEl[enc];
      const cell: unknown = Array.isArray(raw) ? raw[0] : raw;
      const text = typeof cell === 'object' && cell !== null ? ((cell as XmlNode)['#text'] ?? '') : cell;
      row.values[i] =
        text === undefined
          ? DBNULL
          : storeCell(table.columns.list[i], xsdValue(String(text), table.columns.list[i].dataType));
    });
    table.rows.add(row);
  }
  return table;
}

/** An XSD lexical value as the .NET value DataSet reads it (so xs:boolean "true" is True). */
function xsdValue(text: string, type: string): Value {
  if (type === 'Boolean') return text.trim() === 'true' || text.trim() === '1';
  if (type === 'Double' && /^-?INF$/.test(text.trim()))
    return new NetDouble(text.trim().startsWith('-') ? -Infinity : Infinity);
  return text;
}

/**
 * AddDataRow: ArrayRow (an object array, values in column order, converted to the columns'
 * types) or DataRow (a row created by this table's NewRow) appended to DataTable.
 */
export function addDataRow(table: DataTable, arrayRow: Value, dataRow: Value): void {
  if (dataRow instanceof DataRow) {
    table.rows.add(dataRow);
    return;
  }
  if (arrayRow instanceof NetArray) {
    table.rows.add(rowFromValues(table, arrayRow.items));
    return;
  }
  fail('ArgumentException', 'AddDataRow needs an ArrayRow or a DataRow.');
}
