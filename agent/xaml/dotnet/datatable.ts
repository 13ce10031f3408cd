import { fail } from './exceptions';
import { keyIdentity, NetDouble, NetLong, NetObject, type Value } from './values';

// The table types are values too: added to the Value union here, where they are defined.
declare module './values' {
  interface ValueTypes {
    DataTable: DataTable;
    DataRow: DataRow;
    DataColumn: DataColumn;
    DataRowCollection: DataRowCollection;
    DataColumnCollection: DataColumnCollection;
  }
}

/** DBNull.Value: what a new row's cells hold until set; prints as "". */
export const DBNULL = new NetObject('DBNull', new Map());

export class DataColumn {
  /** AllowDBNull: whether a row in the table may hold DBNull here (True by default). */
  allowDBNull = true;
  /** DefaultValue: what the cell of a new row holds (DBNull by default). */
  defaultValue: Value = DBNULL;
  /** MaxLength of a String column's text; -1 is no limit. */
  maxLength = -1;
  /** Unique: no two rows of the table hold the same value here (DBNull aside). */
  unique = false;
  /** AutoIncrement: each new row gets the next number, from AutoIncrementSeed by AutoIncrementStep. */
  autoIncrement = false;
  autoIncrementSeed = 0;
  autoIncrementStep = 1;
  private nextAuto: number | null = null;

  constructor(
    public columnName: string,
    readonly dataType: string,
    public table: DataTable | null = null,
  ) {}

  /** Whether the column has a rule its rows must keep (rows of other tables are never checked). */
  get ruled(): boolean {
    return !this.allowDBNull || this.unique || (this.maxLength >= 0 && this.dataType === 'String');
  }

  /** The cell a new row starts with: the next auto-increment number, else DefaultValue. */
  initial(): Value {
    if (!this.autoIncrement) return this.defaultValue;
    const n = this.nextAuto ?? this.autoIncrementSeed;
    this.nextAuto = n + this.autoIncrementStep;
    return this.dataType === 'Int64' ? new NetLong(BigInt(n)) : n;
  }

  /** A column of the same name, type and rules, in no table (DataTable.Clone's copy). */
  copy(): DataColumn {
    const c = new DataColumn(this.columnName, this.dataType);
    c.allowDBNull = this.allowDBNull;
    c.defaultValue = this.defaultValue;
    c.maxLength = this.maxLength;
    c.unique = this.unique;
    c.autoIncrement = this.autoIncrement;
    c.autoIncrementSeed = this.autoIncrementSeed;
    c.autoIncrementStep = this.autoIncrementStep;
    return c;
  }

  /**
   * Whether `value` may be stored in `row`'s cell here. Text over MaxLength is refused on any
   * row; DBNull and duplicates only on a row of the table, as .NET checks them when a row is
   * added or a cell of an added row is set.
   */
  check(row: DataRow, value: Value, attached: boolean): void {
    if (typeof value === 'string' && this.maxLength >= 0 && this.dataType === 'String' && value.length > this.maxLength)
      fail(
        'ArgumentException',
        `Cannot set column '${this.columnName}'. The value violates the MaxLength limit of this column.`,
      );
    if (!attached || !this.table) return;
    if (value === DBNULL) {
      if (!this.allowDBNull) fail('NoNullAllowedException', `Column '${this.columnName}' does not allow nulls.`);
      return;
    }
    if (!this.unique) return;
    const i = this.table.columns.list.indexOf(this);
    const key = cellKey(value);
    for (const other of this.table.rows.list) {
      if (other !== row && cellKey(other.values[i]) === key)
        fail(
          'ConstraintException',
          `Column '${this.columnName}' is constrained to be unique.  Value '${toText(value)}' is already present.`,
        );
    }
  }
}

/** What Unique compares: text ignoring case (a DataTable is not case-sensitive by default), else the value. */
function cellKey(v: Value): unknown {
  return typeof v === 'string' ? 's:' + v.toLowerCase() : keyIdentity(v);
}

function toText(v: Value): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v instanceof NetDouble || v instanceof NetLong) return String(v.v);
  return String(v);
}

export class DataColumnCollection {
  readonly list: DataColumn[] = [];
  /** Whether a column has a rule (AllowDBNull off, Unique, MaxLength): only then are rows checked. */
  ruled = false;
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

  /**
   * Columns.Add(column): a column made with its rules joins the table; an empty name becomes
   * ColumnN, and each row already there gets the column's initial value (its DefaultValue or
   * the next auto-increment number).
   */
  attach(col: DataColumn): DataColumn {
    if (col.table === this.table && this.list.includes(col))
      fail('ArgumentException', `Column '${col.columnName}' already belongs to this DataTable.`);
    if (col.table && col.table !== this.table)
      fail('ArgumentException', `Column '${col.columnName}' already belongs to another DataTable.`);
    if (col.columnName === '') col.columnName = `Column${this.list.length + 1}`;
    if (this.indexOf(col.columnName) >= 0)
      fail('DuplicateNameException', `A column named '${col.columnName}' already belongs to this DataTable.`);
    col.table = this.table;
    this.list.push(col);
    for (const row of this.table.rows.list) row.values.push(col.initial());
    if (col.ruled) this.ruled = true;
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
    if (this.table.columns.ruled) this.table.columns.list.forEach((c, i) => c.check(row, row.values[i], true));
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
      this.columns.list.map((c) => c.initial()),
    );
  }

  /**
   * Rows.Add(values…): a new row with the values in column order; Nothing leaves a cell its
   * initial value (the column's DefaultValue or auto-increment number), as .NET documents.
   */
  addValues(values: Value[]): DataRow {
    if (values.length > this.columns.list.length)
      fail('ArgumentException', 'Input array is longer than the number of columns in this table.');
    const row = this.newRow();
    values.forEach((v, i) => {
      if (v !== null) row.values[i] = v;
    });
    this.rows.add(row);
    return row;
  }

  /** Clone(): the columns (with their rules) without the rows; Copy(): both. */
  clone(withRows: boolean): DataTable {
    const t = new DataTable(this.tableName);
    for (const c of this.columns.list) t.columns.attach(c.copy());
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
    const i = this.columnIndex(key);
    const v = value ?? DBNULL;
    if (this.table.columns.ruled) this.table.columns.list[i].check(this, v, this.table.rows.list.includes(this));
    this.values[i] = v;
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
