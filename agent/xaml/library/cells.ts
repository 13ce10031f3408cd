import { MESSAGES } from '../dotnet/exceptions';
import { convertTo, DataColumn, DataRow, DataTable, DBNULL, NetError, fail, textOrEmpty, type Value } from '../dotnet';

/**
 * Storing a value into a typed DataTable column, as DataRow's setter does: Nothing becomes
 * DBNull, a String column takes any value's text, other types convert (a failure is .NET's
 * ArgumentException "Couldn't store <v> in Col Column.  Expected type is T.").
 */
export function storeCell(column: DataColumn, value: Value): Value {
  if (value === null || value === DBNULL) return DBNULL;
  if (column.dataType === 'Object') return value;
  if (column.dataType === 'String') return textOrEmpty(value);
  try {
    return convertTo(value, column.dataType);
  } catch (e) {
    if (!(e instanceof NetError)) throw e;
    // Text that is no number fails in Convert.ChangeType with FormatException's wording.
    const inner =
      typeof value === 'string' && e.exception.type === 'InvalidCastException' ? MESSAGES.format : e.exception.message;
    return fail(
      'ArgumentException',
      `${inner}Couldn't store <${textOrEmpty(value)}> in ${column.columnName} Column.  Expected type is ${column.dataType}.`,
    );
  }
}

/**
 * A new row of `table` holding `values` in column order, converted to the columns' types;
 * Nothing leaves a cell its initial value (DefaultValue, or the next auto-increment number).
 */
export function rowFromValues(table: DataTable, values: Value[]): DataRow {
  if (values.length > table.columns.list.length)
    fail('ArgumentException', 'Input array is longer than the number of columns in this table.');
  const row = table.newRow();
  values.forEach((v, i) => {
    if (v !== null) row.values[i] = storeCell(table.columns.list[i], v);
  });
  return row;
}

/** A column of `table` named by its name (case-insensitively), its index or the column itself. */
export function columnIndex(table: DataTable, column: Value): number {
  if (column instanceof DataColumn) {
    const i = table.columns.list.indexOf(column);
    if (i < 0) fail('ArgumentException', `Column '${column.columnName}' does not belong to table ${table.tableName}.`);
    return i;
  }
  if (typeof column === 'number') {
    if (column < 0 || column >= table.columns.list.length)
      fail('IndexOutOfRangeException', `Cannot find column ${column}.`);
    return column;
  }
  const name = textOrEmpty(column);
  const i = table.columns.indexOf(name);
  if (i < 0) fail('ArgumentException', `Column '${name}' does not belong to table ${table.tableName}.`);
  return i;
}

/** A table with the same name and columns as `table` but only the columns at `keep`, no rows. */
export function tableWithColumns(table: DataTable, keep: number[]): DataTable {
  const out = new DataTable(table.tableName);
  for (const i of keep) out.columns.add(table.columns.list[i].columnName, table.columns.list[i].dataType);
  return out;
}
