import * as lib from '../../library';
import { NetError } from '../../dotnet/exceptions';
import type { Value } from '../../dotnet/values';
import type { Compiler, Factory, Getter } from '../compiler';
import type { Frame } from '../frame';
import { attr, type XNode } from '../xml';
import { enumAttr, flag, neededText, nullArgument, outArg, tableOf, textOf } from './libraryArgs';

/**
 * UiPath's DataTable and CSV activities: BuildDataTable, AddDataRow, FilterDataTable,
 * SortDataTable, ReadCsvFile, WriteCsvFile, AppendCsvFile and the newer AppendWriteCsvFile.
 */

const DELIMITERS = ['Comma', 'Semicolon', 'Tab', 'Caret', 'Pipe'] as const;

/**
 * BuildDataTable: TableInfo is a literal, so it is checked at load; each run builds a new table
 * from it (the workflow may change the table it gets).
 */
const buildDataTable: Factory = (node, c) => {
  const info = attr(node, 'TableInfo') ?? c.fail(node, 'TableInfo is required');
  try {
    lib.buildDataTable(info);
  } catch (e) {
    if (e instanceof NetError) c.fail(node, e.exception.message);
    throw e;
  }
  const out = outArg(c, node, 'DataTable');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const table = lib.buildDataTable(info);
      if (out) out(scope, table);
    },
  };
};

const addDataRow: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const arrayRow = c.value(node, 'ArrayRow', 'x:Object');
  const dataRow = c.value(node, 'DataRow', 'x:Object');
  return {
    display: c.display(node),
    run(_rt, scope) {
      lib.addDataRow(tableOf(table, scope), arrayRow ? arrayRow(scope) : null, dataRow ? dataRow(scope) : null);
    },
  };
};

interface FilterArg {
  column: Getter;
  operator: string;
  operand: Getter | null;
  booleanOperator: string;
}

/** A filter's Operator (`EQ`, `NOTEQ`, `GTE`, `STARTSWITH`…), checked at load. */
function filterOperator(c: Compiler, f: XNode): string {
  const written = attr(f, 'Operator') ?? 'EQ';
  try {
    lib.filterOperator(written);
  } catch (e) {
    if (e instanceof NetError) c.fail(f, e.exception.message);
    throw e;
  }
  return written;
}

function filterArgs(c: Compiler, node: XNode): FilterArg[] {
  const list = c.propElement(node, 'Filters');
  const items = (list?.children ?? []).flatMap((ch) => (ch.name === 'List' ? ch.children : [ch]));
  return items
    .filter((f) => f.name !== 'Null')
    .map((f) => {
      if (f.name !== 'FilterOperationArgument') c.fail(node, `${f.qname} is not a filter`);
      return {
        column: c.required(f, 'Column', 'x:Object'),
        operator: filterOperator(c, f),
        operand: c.value(f, 'Operand', 'x:Object'),
        booleanOperator: enumAttr(c, f, 'BooleanOperator', ['And', 'Or'], 'And'),
      };
    });
}

/** SelectColumns: a list of InArguments (name, index or DataColumn); `<x:Null/>` entries are none. */
function selectColumns(c: Compiler, node: XNode): Getter[] {
  const list = c.propElement(node, 'SelectColumns');
  const items = (list?.children ?? []).flatMap((ch) => (ch.name === 'List' ? ch.children : [ch]));
  return items.filter((i) => i.name !== 'Null').map((i) => c.valueElement(i, 'x:Object', node));
}

const filterDataTable: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const filters = filterArgs(c, node);
  const columns = selectColumns(c, node);
  const rowsMode = enumAttr(c, node, 'FilterRowsMode', ['Keep', 'Remove'], 'Keep');
  const columnsMode = enumAttr(c, node, 'SelectColumnsMode', ['Keep', 'Remove'], 'Keep');
  const out = outArg(c, node, 'OutputDataTable');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const result = lib.filterDataTable(
        tableOf(table, scope),
        filters.map((f, i) => ({
          column: f.column(scope),
          operator: f.operator,
          operand: f.operand ? f.operand(scope) : null,
          // The first condition has nothing before it: its BooleanOperator is And whatever is written.
          booleanOperator: i === 0 ? 'And' : f.booleanOperator,
        })),
        rowsMode,
        columns.map((g) => g(scope)),
        columnsMode,
      );
      if (out) out(scope, result);
    },
  };
};

/** SortDataTable: by ColumnName, ColumnIndex or DataColumn (the first one given), SortOrder Ascending. */
const sortDataTable: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const by = [
    c.value(node, 'ColumnName', 'x:String'),
    c.value(node, 'ColumnIndex', 'x:Int32'),
    c.value(node, 'DataColumn', 'x:Object'),
  ];
  const order = enumAttr(c, node, 'SortOrder', ['Ascending', 'Descending'], 'Ascending');
  const out = outArg(c, node, 'OutputDataTable');
  return {
    display: c.display(node),
    run(_rt, scope) {
      let column: Value = null;
      for (const g of by) if (column === null && g) column = g(scope);
      if (column === null) nullArgument('ColumnName');
      const result = lib.sortDataTable(tableOf(table, scope), column, order);
      if (out) out(scope, result);
    },
  };
};

/** The delimiter: `Delimitator`, or `DelimitatorForViewModel` that newer Studio versions also write. */
function delimiter(c: Compiler, node: XNode): string {
  const viewModel = enumAttr(c, node, 'DelimitatorForViewModel', DELIMITERS, 'Comma');
  return enumAttr(c, node, 'Delimitator', DELIMITERS, viewModel);
}

const readCsvFile: Factory = (node, c) => {
  const path = c.required(node, 'FilePath', 'x:String');
  const encoding = c.value(node, 'Encoding', 'x:String');
  const sep = delimiter(c, node);
  const header = flag(c, node, 'IncludeColumnNames', true);
  const out = outArg(c, node, 'DataTable');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const file = neededText(path, scope, 'FilePath');
      const table = lib.readCsvFile(scope.host, file, sep, header(scope), textOf(encoding, scope));
      if (out) out(scope, table);
    },
  };
};

/** WriteCsvFile, AppendCsvFile, and AppendWriteCsvFile whose CsvAction (Write by default) chooses. */
function writeCsv(mode: 'Write' | 'Append' | null): Factory {
  return (node, c) => {
    const path = c.required(node, 'FilePath', 'x:String');
    const table = c.required(node, 'DataTable', 'x:Object');
    const sep = delimiter(c, node);
    const headers = flag(c, node, 'AddHeaders', true);
    const action = mode ?? enumAttr(c, node, 'CsvAction', ['Write', 'Append'], 'Write');
    const write = action === 'Append' ? lib.appendWriteCsvFile : lib.writeCsvFile;
    return {
      display: c.display(node),
      run(_rt, scope: Frame) {
        write(scope.host, neededText(path, scope, 'FilePath'), tableOf(table, scope), sep, headers(scope));
      },
    };
  };
}

export const DATA_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['BuildDataTable', buildDataTable],
  ['AddDataRow', addDataRow],
  ['FilterDataTable', filterDataTable],
  ['SortDataTable', sortDataTable],
  ['ReadCsvFile', readCsvFile],
  ['WriteCsvFile', writeCsv('Write')],
  ['AppendCsvFile', writeCsv('Append')],
  ['AppendWriteCsvFile', writeCsv(null)],
];
