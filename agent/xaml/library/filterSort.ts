import { DataColumn, DataTable, DBNULL, fail, textOrEmpty, type Value } from '../dotnet';
import { compare } from '../dotnet/arith';
import { columnIndex, storeCell, tableWithColumns } from './cells';

/** One row of FilterDataTable's Filters: Column, Operator, Operand, BooleanOperator to the previous one. */
export interface RowFilter {
  column: Value;
  operator: string;
  operand: Value;
  booleanOperator?: string;
}

/**
 * The operators as Studio writes them (the FilterOperator enum: LT GT LTE GTE EQ NOTEQ EMPTY
 * NOTEMPTY STARTSWITH ENDSWITH CONTAINS NOTSTARTSWITH NOTENDSWITH NOTCONTAINS) and as people
 * do (symbols, NE/LE/GE, STARTS_WITH).
 */
const OPERATORS: Record<string, string> = {
  eq: '=',
  '=': '=',
  noteq: '<>',
  ne: '<>',
  '<>': '<>',
  lt: '<',
  '<': '<',
  lte: '<=',
  le: '<=',
  '<=': '<=',
  gt: '>',
  '>': '>',
  gte: '>=',
  ge: '>=',
  '>=': '>=',
  contains: 'contains',
  startswith: 'startswith',
  endswith: 'endswith',
  notcontains: 'notcontains',
  notstartswith: 'notstartswith',
  notendswith: 'notendswith',
  empty: 'empty',
  isempty: 'empty',
  notempty: 'notempty',
  isnotempty: 'notempty',
};

/** The operator a filter's Operator names; ArgumentException for one that names none. */
export function filterOperator(written: string): string {
  return (
    OPERATORS[written.replace(/[\s_]/g, '').toLowerCase()] ??
    fail('ArgumentException', `'${written}' is not a filter operator.`)
  );
}

const isEmpty = (v: Value): boolean => v === null || v === DBNULL || textOrEmpty(v) === '';

/** Whether `cell` passes `op` against `operand`: the operand takes the cell's type first. */
function test(cell: Value, op: string, operand: Value, column: DataColumn): boolean {
  if (op === 'empty') return isEmpty(cell);
  if (op === 'notempty') return !isEmpty(cell);
  // Does not contain / start / end with: the negation, so an empty cell passes.
  if (op.startsWith('not') && op !== 'notempty') return !test(cell, op.slice(3), operand, column);
  if (cell === DBNULL || cell === null) return false;
  // An empty operand only equals an empty cell (already answered above: the cell has a value).
  if (operand === null || operand === DBNULL) return op === '<>';
  if (op === 'contains' || op === 'startswith' || op === 'endswith') {
    const text = textOrEmpty(cell);
    const part = textOrEmpty(operand);
    return op === 'contains' ? text.includes(part) : op === 'startswith' ? text.startsWith(part) : text.endsWith(part);
  }
  const c = compare(cell, storeCell(column, operand), true);
  switch (op) {
    case '=':
      return c === 0;
    case '<>':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    default:
      return c >= 0;
  }
}

/**
 * FilterDataTable: a new table with the rows that pass (Keep) or fail (Remove) the filters, and
 * the selected columns kept (in the order listed) or removed. Filters chain left to right, And
 * binding tighter than Or, as in a condition written out in full.
 */
export function filterDataTable(
  table: DataTable,
  filters: RowFilter[],
  filterRowsMode = 'Keep',
  selectColumns: Value[] = [],
  selectColumnsMode = 'Keep',
): DataTable {
  const compiled = filters.map((f) => ({
    index: columnIndex(table, f.column),
    op: filterOperator(f.operator),
    operand: f.operand,
    or: /^or$/i.test(f.booleanOperator ?? 'And'),
  }));
  const passes = (values: Value[]): boolean => {
    if (compiled.length === 0) return true;
    let any = false;
    let group = true;
    compiled.forEach((f, i) => {
      if (i > 0 && f.or) {
        any ||= group;
        group = true;
      }
      group &&= test(values[f.index], f.op, f.operand, table.columns.list[f.index]);
    });
    return any || group;
  };
  const remove = /^remove$/i.test(filterRowsMode);
  const chosen = selectColumns.map((c) => columnIndex(table, c));
  const all = table.columns.list.map((_, i) => i);
  const keep =
    chosen.length === 0 ? all : /^remove$/i.test(selectColumnsMode) ? all.filter((i) => !chosen.includes(i)) : chosen;
  const out = tableWithColumns(table, keep);
  for (const row of table.rows.list) {
    if (passes(row.values) === remove) continue;
    const copy = out.newRow();
    keep.forEach((from, to) => (copy.values[to] = row.values[from]));
    out.rows.add(copy);
  }
  return out;
}

/**
 * DataView's comparison of two cells: DBNull first, strings ignoring case (a DataTable is not
 * case-sensitive by default) in culture order, the other types by value.
 */
const collator = new Intl.Collator('en', { sensitivity: 'accent' });
function compareCells(a: Value, b: Value): number {
  const an = a === DBNULL || a === null;
  const bn = b === DBNULL || b === null;
  if (an || bn) return an && bn ? 0 : an ? -1 : 1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return compare(a, b, false);
}

/** SortDataTable: a sorted copy (stable) by one column, Ascending by default. */
export function sortDataTable(table: DataTable, column: Value, orderByType = 'Ascending'): DataTable {
  const index = columnIndex(table, column);
  const sign = /^desc/i.test(orderByType) ? -1 : 1;
  const out = table.clone(false);
  const rows = [...table.rows.list].sort((x, y) => sign * compareCells(x.values[index], y.values[index]));
  for (const r of rows) out.addValues([...r.values]);
  return out;
}
