import { fail } from './exceptions';
import { NetObject, type Value } from './values';

/** DBNull.Value: what a new row's cells hold until set; prints as "". */
export const DBNULL = new NetObject('DBNull', new Map());

export class DataColumn {
  constructor(
    public columnName: string,
    readonly dataType: string,
    public table: DataTable | null = null,
  ) {}
}

export class DataColumnCollection {
  readonly list: DataColumn[] = [];
  constructor(readonly table: DataTable) {}

  /** Column names match case-insensitively, as DataTable's do when no two differ only by case. */
  indexOf(name: string): number {
    const exact = this.list.findIndex((c) => c.columnName === name);
    if (exact >= 0) return exact;
    const lower = name.toLowerCase();
    return this.list.findIndex((c) => c.columnName.toLowerCase() === lower);
  }

  add(name: string | null, dataType = 'String'): DataColumn {
    const columnName = name ?? `Column${this.list.length + 1}`;
    if (this.indexOf(columnName) >= 0) {
      fail('DuplicateNameException', `A column named '${columnName}' already belongs to this DataTable.`);
    }
    const col = new DataColumn(columnName, dataType, this.table);
    this.list.push(col);
    for (const row of this.table.rows.list) row.values.push(DBNULL);
    return col;
  }

  get(key: Value): DataColumn {
    const i = typeof key === 'number' ? key : this.indexOf(String(key));
    const col = this.list[i];
    if (!col) {
      if (typeof key === 'number') fail('IndexOutOfRangeException', `Cannot find column ${key}.`);
      fail('ArgumentException', `Column '${String(key)}' does not belong to table ${this.table.tableName}.`);
    }
    return col;
  }
}

export class DataRowCollection {
  readonly list: DataRow[] = [];
  constructor(readonly table: DataTable) {}

  get(index: number): DataRow {
    const row = this.list[index];
    if (!row) fail('IndexOutOfRangeException', `There is no row at position ${index}.`);
    return row;
  }

  add(row: DataRow): void {
    if (row.table !== this.table) fail('ArgumentException', 'This row already belongs to another table.');
    if (this.list.includes(row)) fail('ArgumentException', 'This row already belongs to this table.');
    this.list.push(row);
  }
}

export class DataTable {
  readonly columns: DataColumnCollection = new DataColumnCollection(this);
  readonly rows: DataRowCollection = new DataRowCollection(this);
  constructor(public tableName = '') {}

  newRow(): DataRow {
    return new DataRow(
      this,
      this.columns.list.map(() => DBNULL),
    );
  }

  /** Rows.Add(values…): a new row with the values in column order. */
  addValues(values: Value[]): DataRow {
    if (values.length > this.columns.list.length)
      fail('ArgumentException', 'Input array is longer than the number of columns in this table.');
    const row = this.newRow();
    values.forEach((v, i) => (row.values[i] = v ?? DBNULL));
    this.rows.add(row);
    return row;
  }

  /** Clone(): the columns without the rows; Copy(): both. */
  clone(withRows: boolean): DataTable {
    const t = new DataTable(this.tableName);
    for (const c of this.columns.list) t.columns.add(c.columnName, c.dataType);
    if (withRows) for (const r of this.rows.list) t.addValues([...r.values]);
    return t;
  }
}

export class DataRow {
  constructor(
    readonly table: DataTable,
    readonly values: Value[],
  ) {}

  get(key: Value): Value {
    return this.values[this.columnIndex(key)];
  }

  set(key: Value, value: Value): void {
    this.values[this.columnIndex(key)] = value ?? DBNULL;
  }

  private columnIndex(key: Value): number {
    if (key instanceof DataColumn) return this.table.columns.list.indexOf(key);
    if (typeof key === 'number') {
      if (key < 0 || key >= this.values.length) fail('IndexOutOfRangeException', `Cannot find column ${key}.`);
      return key;
    }
    const i = this.table.columns.indexOf(String(key));
    if (i < 0) fail('ArgumentException', `Column '${String(key)}' does not belong to table ${this.table.tableName}.`);
    return i;
  }
}
