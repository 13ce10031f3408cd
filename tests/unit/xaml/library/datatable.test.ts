import { describe, expect, it } from 'vitest';
import { DataTable, NetArray, toStr, typeName, type Value } from '../../../../agent/xaml/dotnet';
import { addDataRow, buildDataTable, filterDataTable, sortDataTable } from '../../../../agent/xaml/library';
import { thrown } from '../helpers';

/** A TableInfo as Studio writes it (after the XAML attribute's entities are decoded). */
const TABLE_INFO = `<NewDataSet>
  <xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">
    <xs:element name="NewDataSet" msdata:IsDataSet="true" msdata:MainDataTable="Staff_x0020_List" msdata:UseCurrentLocale="true">
      <xs:complexType>
        <xs:choice minOccurs="0" maxOccurs="unbounded">
          <xs:element name="Staff_x0020_List">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="Full_x0020_Name" type="xs:string" minOccurs="0" />
                <xs:element name="Age" type="xs:int" minOccurs="0" />
                <xs:element name="Salary" type="xs:decimal" minOccurs="0" />
                <xs:element name="Active" type="xs:boolean" minOccurs="0" />
                <xs:element name="Hired" type="xs:dateTime" minOccurs="0" />
                <xs:element name="Code" minOccurs="0">
                  <xs:simpleType><xs:restriction base="xs:string"><xs:maxLength value="10" /></xs:restriction></xs:simpleType>
                </xs:element>
              </xs:sequence>
            </xs:complexType>
          </xs:element>
        </xs:choice>
      </xs:complexType>
    </xs:element>
  </xs:schema>
  <Staff_x0020_List>
    <Full_x0020_Name>Ada Lovelace</Full_x0020_Name>
    <Age>36</Age>
    <Salary>1200.50</Salary>
    <Active>true</Active>
    <Hired>2024-03-01T09:30:00</Hired>
    <Code>A1</Code>
  </Staff_x0020_List>
  <Staff_x0020_List>
    <Full_x0020_Name>bob</Full_x0020_Name>
    <Age>7</Age>
    <Active>false</Active>
  </Staff_x0020_List>
</NewDataSet>`;

const cells = (t: DataTable): string[][] => t.rows.list.map((r) => r.values.map((v) => toStr(v)));
const columns = (t: DataTable): string[] => t.columns.list.map((c) => `${c.columnName}:${c.dataType}`);

function people(): DataTable {
  const t = new DataTable('People');
  t.columns.add('Name', 'String');
  t.columns.add('Age', 'Int32');
  t.columns.add('City', 'String');
  for (const [n, a, c] of [
    ['Ann', 34, 'Paris'],
    ['bob', 7, 'Lyon'],
    ['Cid', 51, ''],
    ['Dee', 34, 'Paris Sud'],
  ] as const)
    addDataRow(t, new NetArray('Object', [n, a, c]), null);
  return t;
}

describe('BuildDataTable and AddDataRow', () => {
  it('reads the table name, typed columns and rows of a TableInfo', () => {
    const t = buildDataTable(TABLE_INFO);
    expect(t.tableName).toBe('Staff List');
    expect(columns(t)).toEqual([
      'Full Name:String',
      'Age:Int32',
      'Salary:Decimal',
      'Active:Boolean',
      'Hired:DateTime',
      'Code:String',
    ]);
    expect(cells(t)).toEqual([
      ['Ada Lovelace', '36', '1200.50', 'True', '03/01/2024 09:30:00', 'A1'],
      ['bob', '7', '', 'False', '', ''],
    ]);
    expect(typeName(t.rows.list[0].values[1])).toBe('Int32');
    expect(typeName(t.rows.list[1].values[2])).toBe('DBNull');
  });

  it('refuses a TableInfo that is not a DataSet', () => {
    expect(thrown(() => buildDataTable('<NewDataSet><Row/></NewDataSet>'))).toBe(
      'ArgumentException: The TableInfo of BuildDataTable is not valid: no schema.',
    );
  });

  it('converts an ArrayRow to the column types, and says which cell does not fit', () => {
    const t = people();
    addDataRow(t, new NetArray('Object', ['Eve', '42']), null);
    expect(cells(t)[4]).toEqual(['Eve', '42', '']);
    expect(typeName(t.rows.list[4].values[1])).toBe('Int32');
    expect(thrown(() => addDataRow(t, new NetArray('Object', ['Fay', 'old']), null))).toBe(
      "ArgumentException: Input string was not in a correct format.Couldn't store <old> in Age Column.  Expected type is Int32.",
    );
    expect(thrown(() => addDataRow(t, new NetArray('Object', [1, 2, 3, 4]), null))).toBe(
      'ArgumentException: Input array is longer than the number of columns in this table.',
    );
    const row = t.newRow();
    row.set('Name', 'Gus');
    addDataRow(t, null, row);
    expect(t.rows.list.length).toBe(6);
    expect(thrown(() => addDataRow(t, null, row))).toBe('ArgumentException: This row already belongs to this table.');
  });
});

describe('FilterDataTable', () => {
  const f = (column: Value, operator: string, operand: Value, booleanOperator = 'And') => ({
    column,
    operator,
    operand,
    booleanOperator,
  });
  const names = (t: DataTable) => t.rows.list.map((r) => toStr(r.get(0)));

  it('compares numbers as numbers and text as text', () => {
    expect(names(filterDataTable(people(), [f('Age', '>', '10')]))).toEqual(['Ann', 'Cid', 'Dee']);
    expect(names(filterDataTable(people(), [f('age', 'LTE', 34)]))).toEqual(['Ann', 'bob', 'Dee']);
    expect(names(filterDataTable(people(), [f(2, 'StartsWith', 'Paris')]))).toEqual(['Ann', 'Dee']);
    expect(names(filterDataTable(people(), [f('City', 'Contains', 'yo')]))).toEqual(['bob']);
    expect(names(filterDataTable(people(), [f('City', 'EndsWith', 'Sud')]))).toEqual(['Dee']);
    expect(names(filterDataTable(people(), [f('City', 'Is Empty', null)]))).toEqual(['Cid']);
    expect(names(filterDataTable(people(), [f('City', 'NOTEMPTY', null)]))).toEqual(['Ann', 'bob', 'Dee']);
    expect(names(filterDataTable(people(), [f('Name', '=', 'Bob')]))).toEqual([]);
    expect(names(filterDataTable(people(), [f('Name', '<>', 'bob')]))).toEqual(['Ann', 'Cid', 'Dee']);
    expect(names(filterDataTable(people(), [f('City', '=', null)]))).toEqual([]);
    expect(names(filterDataTable(people(), [f('City', '<>', null)]))).toEqual(['Ann', 'bob', 'Cid', 'Dee']);
  });

  it('chains with And before Or, removes instead of keeping, and selects columns', () => {
    // Age = 34 And City = "Paris"  Or  Name = "bob"
    const filters = [f('Age', '=', 34), f('City', '=', 'Paris', 'And'), f('Name', '=', 'bob', 'Or')];
    expect(names(filterDataTable(people(), filters))).toEqual(['Ann', 'bob']);
    expect(names(filterDataTable(people(), filters, 'Remove'))).toEqual(['Cid', 'Dee']);
    const kept = filterDataTable(people(), [], 'Keep', ['City', 'Name'], 'Keep');
    expect(columns(kept)).toEqual(['City:String', 'Name:String']);
    expect(cells(kept)[0]).toEqual(['Paris', 'Ann']);
    const removed = filterDataTable(people(), [f('Age', '<', 10)], 'Keep', ['City'], 'Remove');
    expect(columns(removed)).toEqual(['Name:String', 'Age:Int32']);
    expect(cells(removed)).toEqual([['bob', '7']]);
  });

  it('names a column that does not exist and an unknown operator', () => {
    expect(thrown(() => filterDataTable(people(), [f('Town', '=', 'x')]))).toBe(
      "ArgumentException: Column 'Town' does not belong to table People.",
    );
    expect(thrown(() => filterDataTable(people(), [f('City', 'Like', 'x')]))).toBe(
      "ArgumentException: 'Like' is not a filter operator.",
    );
  });
});

describe('SortDataTable', () => {
  it('sorts numbers by value and text ignoring case, stably, leaving the input as it was', () => {
    const t = people();
    expect(sortDataTable(t, 'Age').rows.list.map((r) => toStr(r.get('Name')))).toEqual(['bob', 'Ann', 'Dee', 'Cid']);
    expect(sortDataTable(t, 0, 'Descending').rows.list.map((r) => toStr(r.get(0)))).toEqual([
      'Dee',
      'Cid',
      'bob',
      'Ann',
    ]);
    expect(sortDataTable(t, 'City').rows.list.map((r) => toStr(r.get(2)))).toEqual(['', 'Lyon', 'Paris', 'Paris Sud']);
    expect(t.rows.list.map((r) => toStr(r.get(0)))).toEqual(['Ann', 'bob', 'Cid', 'Dee']);
  });

  it('puts empty cells first when ascending', () => {
    const t = buildDataTable(TABLE_INFO);
    expect(sortDataTable(t, 'Salary').rows.list.map((r) => toStr(r.get(0)))).toEqual(['bob', 'Ada Lovelace']);
  });
});
