import * as lib from '../../library';
import { canonicalType } from '../../dotnet/cast';
import { DataColumn } from '../../dotnet/datatable';
import { NetError } from '../../dotnet/exceptions';
import { NetList, type Value } from '../../dotnet/values';
import type { Compiler, Factory, Getter } from '../compiler';
import type { Frame } from '../frame';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';
import { enumAttr, outArg, tableOf, textOf } from './libraryArgs';

/** UiPath.System.Activities' Add Data Column, Join Data Tables and Create List. */

/** An option left unset (`{x:Null}`, absent) reads as null: the default applies. */
function option(get: Getter | null, scope: Frame): Value {
  return get ? get(scope) : null;
}

function boolOption(get: Getter | null, scope: Frame): boolean | null {
  const v = option(get, scope);
  return v === null ? null : v === true;
}

/**
 * AddDataColumn<T>: Column (a DataColumn) when given, else a column ColumnName of type T with
 * AllowDBNull, AutoIncrement, DefaultValue, MaxLength and Unique, added to DataTable.
 */
const addDataColumn: Factory = (node, c) => {
  const type = attr(node, 'TypeArguments', NS.x) ?? 'x:Object';
  const table = c.required(node, 'DataTable', 'x:Object');
  const column = c.value(node, 'Column', 'x:Object');
  const name = c.value(node, 'ColumnName', 'x:String');
  const allowDBNull = c.value(node, 'AllowDBNull', 'x:Boolean');
  const autoIncrement = c.value(node, 'AutoIncrement', 'x:Boolean');
  const unique = c.value(node, 'Unique', 'x:Boolean');
  const maxLength = c.value(node, 'MaxLength', 'x:Int32');
  const defaultValue = c.value(node, 'DefaultValue', type);
  return {
    display: c.display(node),
    run(_rt, scope) {
      const given = option(column, scope);
      const t = tableOf(table, scope);
      const max = option(maxLength, scope);
      lib.addDataColumn(t, given instanceof DataColumn ? given : null, textOf(name, scope), type, {
        allowDBNull: boolOption(allowDBNull, scope),
        autoIncrement: boolOption(autoIncrement, scope),
        unique: boolOption(unique, scope),
        maxLength: typeof max === 'number' ? max : null,
        defaultValue: option(defaultValue, scope),
      });
    },
  };
};

interface JoinArg {
  column1: Getter;
  column2: Getter;
  operator: string;
  booleanOperator: string;
}

/** Arguments: a `scg:List` of JoinOperationArgument (Column1, Column2, Operator, BooleanOperator). */
function joinArgs(c: Compiler, node: XNode): JoinArg[] {
  const list = c.propElement(node, 'Arguments');
  const items = (list?.children ?? []).flatMap((ch) => (ch.name === 'List' ? ch.children : [ch]));
  return items
    .filter((a) => a.name !== 'Null')
    .map((a) => {
      if (a.name !== 'JoinOperationArgument') c.fail(node, `${a.qname} is not a join argument`);
      const operator = attr(a, 'Operator') ?? 'EQ';
      try {
        lib.joinOperator(operator);
      } catch (e) {
        if (e instanceof NetError) c.fail(a, e.exception.message);
        throw e;
      }
      return {
        column1: c.required(a, 'Column1', 'x:Object'),
        column2: c.required(a, 'Column2', 'x:Object'),
        operator,
        booleanOperator: enumAttr(c, a, 'BooleanOperator', ['And', 'Or'], 'And'),
      };
    });
}

/** JoinDataTables: DataTable1 joined with DataTable2 by JoinType (Inner, Left, Full) → OutputDataTable. */
const joinDataTables: Factory = (node, c) => {
  const table1 = c.required(node, 'DataTable1', 'x:Object');
  const table2 = c.required(node, 'DataTable2', 'x:Object');
  const joinType = enumAttr(c, node, 'JoinType', ['Inner', 'Left', 'Full'], 'Inner');
  const args = joinArgs(c, node);
  const out = outArg(c, node, 'OutputDataTable');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const result = lib.joinDataTables(
        tableOf(table1, scope, 'DataTable1'),
        tableOf(table2, scope, 'DataTable2'),
        joinType,
        args.map((a, i) => ({
          column1: a.column1(scope),
          column2: a.column2(scope),
          operator: a.operator,
          // The first condition has nothing before it: its BooleanOperator is And whatever is written.
          booleanOperator: i === 0 ? 'And' : a.booleanOperator,
        })),
      );
      if (out) out(scope, result);
    },
  };
};

/** CreateList<T>: a new List(Of T) holding ListItems (each converted to T) → NewList. */
const createList: Factory = (node, c) => {
  const type = attr(node, 'TypeArguments', NS.x) ?? 'x:Object';
  const list = c.propElement(node, 'ListItems');
  const items = (list?.children ?? [])
    .flatMap((ch) => (ch.name === 'List' ? ch.children : [ch]))
    .filter((i) => i.name !== 'Null')
    .map((i) => c.valueElement(i, type, node));
  const out = outArg(c, node, 'NewList');
  const elementType = canonicalType(type);
  return {
    display: c.display(node),
    run(_rt, scope) {
      const made = new NetList(
        elementType,
        items.map((g) => g(scope)),
      );
      if (out) out(scope, made);
    },
  };
};

export const SYSTEM_DATA_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['AddDataColumn', addDataColumn],
  ['JoinDataTables', joinDataTables],
  ['CreateList', createList],
];
