import { DataTable, fail, NetList, type Host, type Value } from '../dotnet';
import { openBook, saveBook, sheetToRead, sheetToWrite } from './workbookFile';
import { cellOf, MAX_COLS, MAX_ROWS, parseRange } from './workbookRange';
import { headerText, readCell, rowHidden, usedBounds, writeCell, writeFormula } from './workbookSheet';

/**
 * UiPath's workbook activities (Read Range, Write Range, Append Range, Read Cell, Write Cell,
 * Get Workbook Sheets): .xlsx files read and written without Excel, through the run's Host.
 */

/** The file and sheet an activity works on; an empty Password is none. */
export interface WorkbookTarget {
  path: string;
  sheetName: string;
  password: string | null;
}

export interface ReadRangeOptions {
  /** The first row of the range names the columns (True by default). */
  addHeaders: boolean;
  /** Each cell as the text the sheet shows, instead of its value. */
  preserveFormat: boolean;
  /** Rows hidden in the sheet (filtered out) are left out. */
  useFilter: boolean;
}

/** Cells an explicit range may read beyond the used range (see readRange). */
const MAX_READ_CELLS = 1_000_000;

/** A column name not yet in the table: a repeated header gets 1, 2… after it. */
function uniqueName(table: DataTable, name: string): string | null {
  if (name === '') return null;
  if (table.columns.indexOf(name) < 0) return name;
  let n = 1;
  while (table.columns.indexOf(`${name}${n}`) >= 0) n++;
  return `${name}${n}`;
}

/**
 * ReadRange: the cells of `range` as a DataTable of Object columns. No range is the sheet's used
 * range; one cell is from there to the last used row and column; "A:C" and "2:5" are whole
 * columns and rows up to the last used row or column. An empty cell is DBNull.
 */
export async function readRange(
  host: Host,
  t: WorkbookTarget,
  range: string | null,
  o: ReadRangeOptions,
): Promise<DataTable> {
  const book = await openBook(host, t.path, t.password, false);
  const sheet = sheetToRead(book, t.sheetName);
  const used = usedBounds(sheet);
  const table = new DataTable();
  let firstRow = used?.firstRow ?? 0;
  let firstCol = used?.firstCol ?? 0;
  let lastRow = used?.lastRow ?? -1;
  let lastCol = used?.lastCol ?? -1;
  if (range !== null && range.trim() !== '') {
    const r = parseRange(range);
    firstRow = r.firstRow;
    firstCol = r.firstCol;
    lastRow = r.lastRow ?? used?.lastRow ?? -1;
    lastCol = r.lastCol ?? used?.lastCol ?? -1;
    // A range far larger than the data ("A1:XFD1048576") ends where the data ends: billions of
    // empty cells would hold the run.
    if ((lastRow - firstRow + 1) * (lastCol - firstCol + 1) > MAX_READ_CELLS) {
      lastRow = Math.min(lastRow, used?.lastRow ?? -1);
      lastCol = Math.min(lastCol, used?.lastCol ?? -1);
    }
  }
  if (lastRow < firstRow || lastCol < firstCol) return table;
  for (let col = firstCol; col <= lastCol; col++) {
    const name = o.addHeaders ? headerText(book.formats, sheet, firstRow, col) : '';
    table.columns.add(uniqueName(table, name), 'Object');
  }
  for (let row = o.addHeaders ? firstRow + 1 : firstRow; row <= lastRow; row++) {
    if (o.useFilter && rowHidden(sheet, row)) continue;
    const values: Value[] = [];
    for (let col = firstCol; col <= lastCol; col++)
      values.push(readCell(book.formats, sheet, row, col, o.preserveFormat));
    table.addValues(values);
  }
  return table;
}

/** ReadCell: one cell's value (see readCell); an empty cell is the empty String. */
export async function readCellValue(
  host: Host,
  t: WorkbookTarget,
  cell: string,
  preserveFormat: boolean,
): Promise<Value> {
  const book = await openBook(host, t.path, t.password, false);
  const sheet = sheetToRead(book, t.sheetName);
  const at = cellOf(cell);
  return readCell(book.formats, sheet, at.row, at.col, preserveFormat) ?? '';
}

/** GetWorkbookSheets: every sheet's name in the workbook's order, hidden sheets included. */
export async function getWorkbookSheets(host: Host, path: string, password: string | null): Promise<NetList> {
  const book = await openBook(host, path, password, false);
  return new NetList(
    'String',
    book.wb.sheets.map((s) => s.name),
  );
}

function checkFits(lastRow: number, lastCol: number, from: string): void {
  if (lastRow >= MAX_ROWS || lastCol >= MAX_COLS)
    fail('ArgumentException', `The data written from ${from} does not fit in a sheet.`);
}

/**
 * WriteRange: the table from StartingCell (A1 by default), its column names first when
 * `addHeaders`. The file and the sheet are created when missing; cells outside the table's
 * area keep what they hold.
 */
export async function writeRange(
  host: Host,
  t: WorkbookTarget,
  startingCell: string | null,
  table: DataTable,
  addHeaders: boolean,
): Promise<void> {
  const book = await openBook(host, t.path, t.password, true);
  const sheet = sheetToWrite(book, t.sheetName);
  const start = startingCell === null || startingCell.trim() === '' ? { row: 0, col: 0 } : cellOf(startingCell);
  const rows = table.rows.list.length + (addHeaders ? 1 : 0);
  checkFits(start.row + rows - 1, start.col + table.columns.list.length - 1, startingCell ?? 'A1');
  let row = start.row;
  if (addHeaders) {
    table.columns.list.forEach((c, i) => writeCell(book.formats, sheet, row, start.col + i, c.columnName));
    row++;
  }
  for (const r of table.rows.list) {
    r.values.forEach((v, i) => writeCell(book.formats, sheet, row, start.col + i, v));
    row++;
  }
  await saveBook(host, book);
}

/**
 * AppendRange: the table's rows (no header) after the sheet's last used row, from its first used
 * column (A in an empty sheet). The file and the sheet are created when missing.
 */
export async function appendRange(host: Host, t: WorkbookTarget, table: DataTable): Promise<void> {
  const book = await openBook(host, t.path, t.password, true);
  const sheet = sheetToWrite(book, t.sheetName);
  const used = usedBounds(sheet);
  let row = used ? used.lastRow + 1 : 0;
  const col = used ? used.firstCol : 0;
  checkFits(row + table.rows.list.length - 1, col + table.columns.list.length - 1, 'the end of the sheet');
  for (const r of table.rows.list) {
    r.values.forEach((v, i) => writeCell(book.formats, sheet, row, col + i, v));
    row++;
  }
  await saveBook(host, book);
}

/** Cells one Write Cell may fill: a range larger than this is refused rather than looped over. */
const MAX_WRITTEN_CELLS = 1_000_000;

/**
 * WriteCell: the value into the cell, or into every cell of a range. Text starting with "=" is
 * a formula; the empty String clears the cell. The file and the sheet are created when missing.
 */
export async function writeCellValue(host: Host, t: WorkbookTarget, cell: string, value: Value): Promise<void> {
  const area = parseRange(cell);
  const lastRow = area.single ? area.firstRow : area.lastRow;
  const lastCol = area.single ? area.firstCol : area.lastCol;
  if (
    lastRow === null ||
    lastCol === null ||
    (lastRow - area.firstRow + 1) * (lastCol - area.firstCol + 1) > MAX_WRITTEN_CELLS
  )
    fail('ArgumentException', `'${cell}' is not a cell or a range of cells to write.`);
  const book = await openBook(host, t.path, t.password, true);
  const sheet = sheetToWrite(book, t.sheetName);
  const formula = typeof value === 'string' && value.startsWith('=') ? value.slice(1) : null;
  for (let row = area.firstRow; row <= lastRow; row++) {
    for (let col = area.firstCol; col <= lastCol; col++) {
      if (formula !== null) writeFormula(sheet, row, col, formula);
      else writeCell(book.formats, sheet, row, col, value === '' ? null : value);
    }
  }
  await saveBook(host, book);
}
