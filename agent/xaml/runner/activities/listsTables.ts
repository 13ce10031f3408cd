import * as lib from '../../library';
import { callMember } from '../../expr/access';
import type { Value } from '../../dotnet/values';
import type { Factory } from '../compiler';
import { NS } from '../ns';
import { attr } from '../xml';
import { nullArgument, outArg, tableOf } from './libraryArgs';

/** UiPath's Append Item To List, Remove Data Column and Output Data Table. */

/** ui:AppendItemToList<T>: List.Add(Item), as the list's own Add does it (a fixed-size one refuses). */
const appendItemToList: Factory = (node, c) => {
  const type = attr(node, 'TypeArguments', NS.x) ?? 'x:Object';
  const list = c.required(node, 'List', 'x:Object');
  const item = c.value(node, 'Item', type);
  return {
    display: c.display(node),
    run(_rt, scope) {
      const target = list(scope);
      if (target === null) nullArgument('List');
      callMember(target, 'Add', 'add', [item ? item(scope) : null], true, scope.host);
    },
  };
};

/**
 * ui:RemoveDataColumn: the column of DataTable named by ColumnName (which wins over ColumnIndex,
 * as UiPath documents), DataColumn, or ColumnIndex, removed with its cells from every row.
 */
const removeDataColumn: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const by = [
    c.value(node, 'ColumnName', 'x:String'),
    c.value(node, 'DataColumn', 'x:Object'),
    c.value(node, 'ColumnIndex', 'x:Int32'),
  ];
  return {
    display: c.display(node),
    run(_rt, scope) {
      const t = tableOf(table, scope);
      let column: Value = null;
      for (const g of by) if (column === null && g) column = g(scope);
      if (column === null) nullArgument('ColumnName');
      const i = lib.columnIndex(t, column);
      const [removed] = t.columns.list.splice(i, 1);
      removed.table = null;
      for (const row of t.rows.list) row.values.splice(i, 1);
    },
  };
};

/**
 * ui:OutputDataTable: DataTable as CSV text → Text: a header line of the column names, then one
 * line per row, comma-separated, each line ended by a line break — the text Write CSV writes.
 */
const outputDataTable: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const text = outArg(c, node, 'Text');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const csv = lib.csvText(tableOf(table, scope), ',', true);
      if (text) text(scope, csv);
    },
  };
};

export const LIST_TABLE_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['AppendItemToList', appendItemToList],
  ['RemoveDataColumn', removeDataColumn],
  ['OutputDataTable', outputDataTable],
];
