import * as lib from '../../library';
import type { Value } from '../../dotnet/values';
import type { Compiler, Factory } from '../compiler';
import type { Runtime } from '../engine';
import type { Frame } from '../frame';
import { attr, type XNode } from '../xml';
import { flag, neededText, nullArgument, outArg, tableOf, textOf } from './libraryArgs';

/**
 * UiPath's workbook activities (UiPath.Excel.Activities, no Excel needed): Read Range, Write
 * Range, Append Range, Read Cell, Write Cell and Get Workbook Sheets on .xlsx files, read and
 * written by agent/xaml/library/workbook.ts through the run's Host.
 */

/**
 * The workbook as another activity's variable (`Workbook`) or an Orchestrator resource
 * (`WorkbookPathResource`) is not reachable from this agent: a value given there fails the load.
 */
function refuseUnsupported(c: Compiler, node: XNode, name: string): void {
  const written = attr(node, name)?.trim();
  const el = c.propElement(node, name);
  const inElement = el?.children.some((ch) => ch.name !== 'Null' && (ch.text !== '' || ch.children.length > 0));
  if ((written !== undefined && written !== '' && written !== '{x:Null}') || inElement === true)
    c.fail(node, `${name} is not supported by this agent: give the file's WorkbookPath`);
}

/** WorkbookPath, SheetName ("Sheet1" when not written) and Password, read when the activity runs. */
function target(c: Compiler, node: XNode): (scope: Frame) => lib.WorkbookTarget {
  refuseUnsupported(c, node, 'Workbook');
  refuseUnsupported(c, node, 'WorkbookPathResource');
  const path = c.required(node, 'WorkbookPath', 'x:String');
  const sheet = c.value(node, 'SheetName', 'x:String');
  const password = c.value(node, 'Password', 'x:String');
  return (scope) => ({
    path: neededText(path, scope, 'WorkbookPath'),
    sheetName: sheet ? (textOf(sheet, scope) ?? nullArgument('SheetName')) : 'Sheet1',
    password: textOf(password, scope),
  });
}

/** An activity whose work is awaited (the file is read and written asynchronously). */
function awaited(c: Compiler, node: XNode, work: (scope: Frame) => Promise<void>) {
  return {
    display: c.display(node),
    async run(rt: Runtime, scope: Frame) {
      await work(scope);
      rt.resumed();
    },
  };
}

const readRange: Factory = (node, c) => {
  const where = target(c, node);
  const range = c.value(node, 'Range', 'x:String');
  const addHeaders = flag(c, node, 'AddHeaders', true);
  const preserveFormat = flag(c, node, 'PreserveFormat', false);
  const useFilter = flag(c, node, 'UseFilter', false);
  const out = outArg(c, node, 'DataTable');
  return awaited(c, node, async (scope) => {
    const table = await lib.readRange(scope.host, where(scope), textOf(range, scope), {
      addHeaders: addHeaders(scope),
      preserveFormat: preserveFormat(scope),
      useFilter: useFilter(scope),
    });
    if (out) out(scope, table);
  });
};

const writeRange: Factory = (node, c) => {
  const where = target(c, node);
  const table = c.required(node, 'DataTable', 'x:Object');
  const startingCell = c.value(node, 'StartingCell', 'x:String');
  const addHeaders = flag(c, node, 'AddHeaders', false);
  return awaited(c, node, (scope) =>
    lib.writeRange(scope.host, where(scope), textOf(startingCell, scope), tableOf(table, scope), addHeaders(scope)),
  );
};

const appendRange: Factory = (node, c) => {
  const where = target(c, node);
  const table = c.required(node, 'DataTable', 'x:Object');
  return awaited(c, node, (scope) => lib.appendRange(scope.host, where(scope), tableOf(table, scope)));
};

const readCell: Factory = (node, c) => {
  const where = target(c, node);
  const cell = c.required(node, 'Cell', 'x:String');
  const preserveFormat = flag(c, node, 'PreserveFormat', false);
  const out = outArg(c, node, 'Result');
  return awaited(c, node, async (scope) => {
    const value = await lib.readCellValue(
      scope.host,
      where(scope),
      neededText(cell, scope, 'Cell'),
      preserveFormat(scope),
    );
    if (out) out(scope, value);
  });
};

const writeCell: Factory = (node, c) => {
  const where = target(c, node);
  const cell = c.required(node, 'Cell', 'x:String');
  const text = c.value(node, 'Text', 'x:Object');
  return awaited(c, node, (scope) => {
    const value: Value = text ? text(scope) : null;
    return lib.writeCellValue(scope.host, where(scope), neededText(cell, scope, 'Cell'), value);
  });
};

const getWorkbookSheets: Factory = (node, c) => {
  refuseUnsupported(c, node, 'Workbook');
  refuseUnsupported(c, node, 'WorkbookPathResource');
  const path = c.required(node, 'WorkbookPath', 'x:String');
  const password = c.value(node, 'Password', 'x:String');
  const out = outArg(c, node, 'Result');
  return awaited(c, node, async (scope) => {
    const names = await lib.getWorkbookSheets(
      scope.host,
      neededText(path, scope, 'WorkbookPath'),
      textOf(password, scope),
    );
    if (out) out(scope, names);
  });
};

/** The workbook activities by element name, in UiPath's namespace. */
export const WORKBOOK_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['ReadRange', readRange],
  ['WriteRange', writeRange],
  ['AppendRange', appendRange],
  ['ReadCell', readCell],
  ['WriteCell', writeCell],
  ['GetWorkbookSheets', getWorkbookSheets],
];
