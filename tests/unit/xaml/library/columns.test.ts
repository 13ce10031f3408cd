import { describe, expect, it } from 'vitest';
import { DataColumn, DataTable, toStr, typeName, type Value } from '../../../../agent/xaml/dotnet';
import { addDataColumn, joinDataTables } from '../../../../agent/xaml/library';
import { thrown } from '../helpers';

function table(columns: [string, string][], rows: Value[][]): DataTable {
  const t = new DataTable();
  for (const [n, type] of columns) t.columns.add(n, type);
  for (const r of rows) t.addValues(r);
  return t;
}

/** Each row as text, cells separated by "|" (DBNull prints as ""). */
const rowsOf = (t: DataTable) => t.rows.list.map((r) => r.values.map((v) => toStr(v)).join('|'));
const namesOf = (t: DataTable) => t.columns.list.map((c) => c.columnName);

/** AddDataColumn builds a System.Data.DataColumn: the expectations follow DataColumn's documentation. */
describe('addDataColumn', () => {
  it('adds a column of the type argument; rows already there and new rows hold DBNull', () => {
    const t = table([['Name', 'String']], [['a']]);
    const col = addDataColumn(t, null, 'Status', 'x:String');
    expect(col.dataType).toBe('String');
    t.addValues(['b']);
    expect(rowsOf(t)).toEqual(['a|', 'b|']);
    expect(thrown(() => addDataColumn(t, null, 'status', 'x:Int32'))).toBe(
      "DuplicateNameException: A column named 'status' already belongs to this DataTable.",
    );
  });

  it('gives new rows the DefaultValue, converted to the column type', () => {
    const t = table([['Name', 'String']], []);
    addDataColumn(t, null, 'Tries', 'x:Int32', { defaultValue: '3' });
    t.addValues(['a']);
    expect(rowsOf(t)).toEqual(['a|3']);
    expect(typeName(t.rows.list[0].values[1])).toBe('Int32');
  });

  it('numbers new rows from 0 by 1 with AutoIncrement, making a non-integer column Int32', () => {
    const t = table([['Name', 'String']], []);
    const col = addDataColumn(t, null, 'Id', 'x:String', { autoIncrement: true });
    expect(col.dataType).toBe('Int32');
    for (const n of ['a', 'b', 'c']) t.addValues([n]);
    expect(rowsOf(t)).toEqual(['a|0', 'b|1', 'c|2']);
  });

  it('refuses Nothing in a column with AllowDBNull False, when the row is added or its cell set', () => {
    const t = table([['Name', 'String']], []);
    addDataColumn(t, null, 'Code', 'x:String', { allowDBNull: false });
    expect(thrown(() => t.addValues(['a']))).toBe("NoNullAllowedException: Column 'Code' does not allow nulls.");
    const row = t.addValues(['a', 'X1']);
    expect(thrown(() => row.set('Code', null))).toBe("NoNullAllowedException: Column 'Code' does not allow nulls.");
    expect(rowsOf(t)).toEqual(['a|X1']);
  });

  it('refuses a value already in a Unique column, with .NET message', () => {
    const t = table([['Name', 'String']], []);
    addDataColumn(t, null, 'Id', 'x:Int32', { unique: true });
    t.addValues(['a', 1]);
    t.addValues(['b', 2]);
    expect(thrown(() => t.addValues(['c', 1]))).toBe(
      "ConstraintException: Column 'Id' is constrained to be unique.  Value '1' is already present.",
    );
    expect(thrown(() => t.rows.list[1].set('Id', 1))).toContain('ConstraintException');
    expect(rowsOf(t)).toEqual(['a|1', 'b|2']);
  });

  it('refuses text longer than a String column MaxLength, and ignores MaxLength on other types', () => {
    const t = table([['Name', 'String']], []);
    addDataColumn(t, null, 'Code', 'x:String', { maxLength: 3 });
    addDataColumn(t, null, 'Count', 'x:Int32', { maxLength: 0 });
    t.addValues(['a', 'abc', 12345]);
    expect(thrown(() => t.addValues(['b', 'abcd']))).toBe(
      "ArgumentException: Cannot set column 'Code'. The value violates the MaxLength limit of this column.",
    );
    expect(thrown(() => t.rows.list[0].set('Code', 'abcd'))).toContain('MaxLength limit');
  });

  it('adds a DataColumn given as Column, once', () => {
    const t = table([['Name', 'String']], [['a']]);
    const col = new DataColumn('Extra', 'Double');
    addDataColumn(t, col, 'ignored', 'x:String');
    expect(namesOf(t)).toEqual(['Name', 'Extra']);
    expect(thrown(() => addDataColumn(t, col, null, 'x:Object'))).toBe(
      "ArgumentException: Column 'Extra' already belongs to this DataTable.",
    );
    expect(thrown(() => addDataColumn(new DataTable(), col, null, 'x:Object'))).toBe(
      "ArgumentException: Column 'Extra' already belongs to another DataTable.",
    );
  });
});

/** Join Data Tables: Inner keeps the pairs meeting the rule, Left every DataTable1 row, Full every row of both. */
describe('joinDataTables', () => {
  const people = () =>
    table(
      [
        ['ID', 'Int32'],
        ['Name', 'String'],
      ],
      [
        [1, 'Ada'],
        [2, 'Bob'],
        [3, 'Cy'],
      ],
    );
  const cities = () =>
    table(
      [
        ['ID', 'Int32'],
        ['City', 'String'],
      ],
      [
        [1, 'Oslo'],
        [3, 'Rome'],
        [4, 'Lima'],
        [1, 'Bergen'],
      ],
    );
  const onId = [{ column1: 'ID', column2: 0, operator: 'EQ' }];

  it('Inner: one row per pair meeting the condition; a DataTable2 column name already used gets "_1"', () => {
    const out = joinDataTables(people(), cities(), 'Inner', onId);
    expect(namesOf(out)).toEqual(['ID', 'Name', 'ID_1', 'City']);
    expect(rowsOf(out)).toEqual(['1|Ada|1|Oslo', '1|Ada|1|Bergen', '3|Cy|3|Rome']);
    expect(out.columns.list.map((c) => c.dataType)).toEqual(['Int32', 'String', 'Int32', 'String']);
  });

  it('Left: also each DataTable1 row without a match, with nulls for DataTable2', () => {
    const out = joinDataTables(people(), cities(), 'Left', onId);
    expect(rowsOf(out)).toEqual(['1|Ada|1|Oslo', '1|Ada|1|Bergen', '2|Bob||', '3|Cy|3|Rome']);
  });

  it('Full: also each DataTable2 row without a match, with nulls for DataTable1', () => {
    const out = joinDataTables(people(), cities(), 'Full', onId);
    expect(rowsOf(out)).toEqual(['1|Ada|1|Oslo', '1|Ada|1|Bergen', '2|Bob||', '3|Cy|3|Rome', '||4|Lima']);
  });

  it('chains conditions with And and Or, and compares with the other operators', () => {
    const out = joinDataTables(people(), cities(), 'Inner', [
      { column1: 0, column2: 0, operator: 'LT' },
      { column1: 'Name', column2: 'City', operator: 'EQ', booleanOperator: 'Or' },
      { column1: 0, column2: 0, operator: 'GTE', booleanOperator: 'Or' },
    ]);
    // ID1 < ID2, or ID1 >= ID2: every pair.
    expect(out.rows.list.length).toBe(12);
    const notEq = joinDataTables(people(), cities(), 'Inner', [
      { column1: 0, column2: 0, operator: 'NOTEQ' },
      { column1: 0, column2: 0, operator: 'GT', booleanOperator: 'And' },
    ]);
    expect(rowsOf(notEq)).toEqual(['2|Bob|1|Oslo', '2|Bob|1|Bergen', '3|Cy|1|Oslo', '3|Cy|1|Bergen']);
  });

  it('fails on a column a table does not have and an operator JoinOperator does not have', () => {
    expect(
      thrown(() => joinDataTables(people(), cities(), 'Inner', [{ column1: 'Nope', column2: 0, operator: 'EQ' }])),
    ).toBe("ArgumentException: Column 'Nope' does not belong to DataTable1.");
    expect(
      thrown(() => joinDataTables(people(), cities(), 'Inner', [{ column1: 0, column2: 0, operator: 'LIKE' }])),
    ).toContain("'LIKE' is not a join operator");
  });
});
