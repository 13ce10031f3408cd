import { compare } from '../dotnet/arith';
import {
  canonicalType,
  convertTo,
  DataColumn,
  DataTable,
  DBNULL,
  fail,
  NetError,
  textOrEmpty,
  type Value,
} from '../dotnet';

/** AddDataColumn's options; each absent one (Nothing) keeps .NET's DataColumn default. */
export interface ColumnRules {
  allowDBNull?: boolean | null;
  autoIncrement?: boolean | null;
  defaultValue?: Value;
  maxLength?: number | null;
  unique?: boolean | null;
}

const INTEGRAL = new Set(['Int32', 'Int64']);

/**
 * AddDataColumn: `column` when given (a DataColumn made elsewhere), else a new column named
 * `name` of `type` with the rules, added to `table`. An AutoIncrement column whose type is not
 * an integer becomes Int32, as DataColumn.AutoIncrement documents; MaxLength binds String
 * columns only (Studio writes it on every column, whatever its type).
 */
export function addDataColumn(
  table: DataTable,
  column: DataColumn | null,
  name: string | null,
  type: string,
  rules: ColumnRules = {},
): DataColumn {
  if (column) return table.columns.attach(column);
  const auto = rules.autoIncrement === true;
  const written = canonicalType(type);
  const dataType = auto && !INTEGRAL.has(written) ? 'Int32' : written;
  const col = new DataColumn(name ?? '', dataType);
  if (rules.allowDBNull === false) col.allowDBNull = false;
  if (rules.unique === true) col.unique = true;
  if (typeof rules.maxLength === 'number' && dataType === 'String') col.maxLength = rules.maxLength;
  const def = rules.defaultValue ?? null;
  if (def !== null && def !== DBNULL) {
    if (auto) fail('ArgumentException', 'Cannot set AutoIncrement property for a column with DefaultValue set.');
    col.defaultValue = dataType === 'String' ? textOrEmpty(def) : convertTo(def, dataType);
  }
  col.autoIncrement = auto;
  return table.columns.attach(col);
}

/** One condition of JoinDataTables' Arguments: a column of each table, an operator, And/Or to the one before. */
export interface JoinCondition {
  column1: Value;
  column2: Value;
  operator: string;
  booleanOperator?: string;
}

/** The JoinOperator enum as Studio writes it. */
const JOIN_OPERATORS: Record<string, string> = { eq: '=', noteq: '<>', lt: '<', gt: '>', lte: '<=', gte: '>=' };

/** The comparison a join condition's Operator names; ArgumentException for one that names none. */
export function joinOperator(written: string): string {
  return (
    JOIN_OPERATORS[written.trim().toLowerCase()] ??
    fail('ArgumentException', `'${written}' is not a join operator (EQ, NOTEQ, LT, GT, LTE, GTE).`)
  );
}

function columnOf(table: DataTable, column: Value, which: string): number {
  if (column instanceof DataColumn) {
    const i = table.columns.list.indexOf(column);
    if (i >= 0) return i;
  } else if (typeof column === 'number') {
    if (column >= 0 && column < table.columns.list.length) return column;
  } else if (column !== null) {
    const i = table.columns.indexOf(textOrEmpty(column));
    if (i >= 0) return i;
  }
  const shown = column instanceof DataColumn ? column.columnName : textOrEmpty(column);
  return fail('ArgumentException', `Column '${shown}' does not belong to ${which}.`);
}

/** Two cells compared by value; cells of types that do not compare are compared as text. */
function compareCells(a: Value, b: Value): number {
  try {
    const c = compare(a, b, false);
    if (!Number.isNaN(c)) return c;
  } catch (e) {
    if (!(e instanceof NetError)) throw e;
  }
  const x = textOrEmpty(a);
  const y = textOrEmpty(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether a condition holds: DBNull equals only DBNull and is neither less nor greater than anything. */
function holds(a: Value, op: string, b: Value): boolean {
  const an = a === DBNULL || a === null;
  const bn = b === DBNULL || b === null;
  if (an || bn) return op === '=' ? an && bn : op === '<>' ? an !== bn : false;
  const c = compareCells(a, b);
  return op === '='
    ? c === 0
    : op === '<>'
      ? c !== 0
      : op === '<'
        ? c < 0
        : op === '>'
          ? c > 0
          : op === '<='
            ? c <= 0
            : c >= 0;
}

/**
 * JoinDataTables: a new table with DataTable1's columns then DataTable2's (a name DataTable1
 * already has gets "_1"), one row per pair of rows that meets the conditions (chained left to
 * right, And binding tighter than Or, as FilterDataTable's). Left also keeps each row of
 * DataTable1 that met none, with DBNull on DataTable2's side; Full does that and then adds each
 * row of DataTable2 that met none, with DBNull on DataTable1's side.
 */
export function joinDataTables(
  table1: DataTable,
  table2: DataTable,
  joinType: string,
  conditions: JoinCondition[],
): DataTable {
  const compiled = conditions.map((c) => ({
    i1: columnOf(table1, c.column1, 'DataTable1'),
    i2: columnOf(table2, c.column2, 'DataTable2'),
    op: joinOperator(c.operator),
    or: /^or$/i.test(c.booleanOperator ?? 'And'),
  }));
  const out = new DataTable();
  for (const c of table1.columns.list) out.columns.add(c.columnName, c.dataType);
  for (const c of table2.columns.list) {
    let name = c.columnName;
    for (let k = 1; out.columns.indexOf(name) >= 0; k++) name = `${c.columnName}_${k}`;
    out.columns.add(name, c.dataType);
  }
  const meets = (r1: Value[], r2: Value[]): boolean => {
    let any = false;
    let group = true;
    compiled.forEach((c, i) => {
      if (i > 0 && c.or) {
        any ||= group;
        group = true;
      }
      group &&= holds(r1[c.i1], c.op, r2[c.i2]);
    });
    return any || group;
  };
  const left = /^(left|full)$/i.test(joinType);
  const full = /^full$/i.test(joinType);
  const none1 = table1.columns.list.map(() => DBNULL);
  const none2 = table2.columns.list.map(() => DBNULL);
  const used2 = new Set<number>();
  for (const r1 of table1.rows.list) {
    let matched = false;
    table2.rows.list.forEach((r2, j) => {
      if (!meets(r1.values, r2.values)) return;
      matched = true;
      used2.add(j);
      out.addValues([...r1.values, ...r2.values]);
    });
    if (!matched && left) out.addValues([...r1.values, ...none2]);
  }
  if (full) table2.rows.list.forEach((r2, j) => used2.has(j) || out.addValues([...none1, ...r2.values]));
  return out;
}
