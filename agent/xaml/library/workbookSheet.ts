import type { Cell, CellValue, Sheet } from 'hucre/xlsx';
import { NetDateTime, NetDouble, NetDecimal, NetLong, textOrEmpty, DBNULL, type Value } from '../dotnet';
import type { Formats } from './workbookFile';

/**
 * A sheet's cells as .NET values, both ways. Read: text is String, a number Double, a cell
 * formatted as a date DateTime, TRUE/FALSE Boolean, an error its text ("#DIV/0!"), a formula
 * the value it was last calculated to; with PreserveFormat, each cell's text as the sheet shows
 * it. Written: numbers and Booleans as such, DateTime as a date, Nothing/DBNull clears the cell,
 * anything else as its text.
 */

/** The used part of a sheet: its first and last cells holding a value or a formula. */
export interface Bounds {
  firstRow: number;
  firstCol: number;
  lastRow: number;
  lastCol: number;
}

const key = (row: number, col: number) => `${row},${col}`;

function detail(sheet: Sheet, row: number, col: number): Cell | undefined {
  return sheet.cells?.get(key(row, col));
}

/** The bounds of the cells holding something, or null for an empty sheet. */
export function usedBounds(sheet: Sheet): Bounds | null {
  let b: Bounds | null = null;
  const take = (row: number, col: number) => {
    if (!b) b = { firstRow: row, firstCol: col, lastRow: row, lastCol: col };
    else {
      b.firstRow = Math.min(b.firstRow, row);
      b.firstCol = Math.min(b.firstCol, col);
      b.lastRow = Math.max(b.lastRow, row);
      b.lastCol = Math.max(b.lastCol, col);
    }
  };
  sheet.rows.forEach((cells, row) => cells?.forEach((v, col) => v !== null && v !== undefined && take(row, col)));
  for (const [k, c] of sheet.cells ?? []) {
    if (c.formula === undefined) continue;
    const [row, col] = k.split(',').map(Number);
    take(row, col);
  }
  return b;
}

/** True when the row is hidden (as a filter leaves the rows it does not show). */
export function rowHidden(sheet: Sheet, row: number): boolean {
  return sheet.rowDefs?.get(row)?.hidden === true;
}

/** Excel's General format: up to 15 significant digits, no trailing zeros. */
function generalNumber(n: number): string {
  return String(Number(n.toPrecision(15)));
}

function shown(f: Formats, v: CellValue, numFmt: string | undefined): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && (numFmt === undefined || /^general$/i.test(numFmt))) return generalNumber(v);
  return f.formatValue(v, numFmt ?? 'General');
}

/** A cell's value: null when it is empty (a formula never calculated is empty too). */
export function readCell(f: Formats, sheet: Sheet, row: number, col: number, preserveFormat: boolean): Value {
  const c = detail(sheet, row, col);
  // A formula cell holds the value it was last calculated to (an error as its text).
  const raw: CellValue | undefined = sheet.rows[row]?.[col] ?? c?.formulaResult;
  const numFmt = c?.style?.numFmt;
  if (raw === null || raw === undefined) return null;
  if (preserveFormat) return shown(f, raw, numFmt);
  if (raw instanceof Date) return new NetDateTime(raw.getTime());
  if (typeof raw === 'number') {
    // A formula's result is a plain number even when its cell is formatted as a date.
    if (numFmt !== undefined && f.isDateFormat(numFmt)) return dateOfSerial(raw);
    return new NetDouble(raw);
  }
  return raw;
}

/** Excel's serial date (days since 1899-12-30, the 1900 system) as a DateTime. */
function dateOfSerial(serial: number): NetDateTime {
  const day = 86_400_000;
  return new NetDateTime(Math.round((serial - 25_569) * day));
}

/** The text a header cell gives its column: as the sheet shows it. */
export function headerText(f: Formats, sheet: Sheet, row: number, col: number): string {
  const v = readCell(f, sheet, row, col, true);
  return v === null ? '' : textOrEmpty(v);
}

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The cell a .NET value becomes, keeping the style the cell had; null clears it. */
function cellOf(f: Formats, v: Value, old: Cell | undefined): Cell | null {
  const style = old?.style;
  const keep = style ? { style } : {};
  if (v === null || v === DBNULL) return style ? { value: null, type: 'empty', style } : null;
  if (typeof v === 'number') return { value: v, type: 'number', ...keep };
  if (v instanceof NetDouble) return { value: v.v, type: 'number', ...keep };
  if (v instanceof NetDecimal) return { value: v.toNumber(), type: 'number', ...keep };
  if (v instanceof NetLong) return { value: Number(v.v), type: 'number', ...keep };
  if (typeof v === 'boolean') return { value: v, type: 'boolean', ...keep };
  if (v instanceof NetDateTime) {
    const numFmt =
      style?.numFmt && f.isDateFormat(style.numFmt)
        ? style.numFmt
        : v.ms % 86_400_000 === 0
          ? DATE_FORMAT
          : DATE_TIME_FORMAT;
    return { value: new Date(v.ms), type: 'date', style: { ...style, numFmt } };
  }
  return { value: textOrEmpty(v), type: 'string', ...keep };
}

/** Sets a cell to a .NET value. */
export function writeCell(f: Formats, sheet: Sheet, row: number, col: number, v: Value): void {
  putCell(sheet, row, col, cellOf(f, v, detail(sheet, row, col)));
}

/** Sets a cell to a formula (without its leading "="), which the spreadsheet calculates when opened. */
export function writeFormula(sheet: Sheet, row: number, col: number, formula: string): void {
  const style = detail(sheet, row, col)?.style;
  putCell(sheet, row, col, { value: null, type: 'formula', formula, ...(style ? { style } : {}) });
}

function putCell(sheet: Sheet, row: number, col: number, cell: Cell | null): void {
  // The writer reads every row and cell up to the last: no holes.
  while (sheet.rows.length <= row) sheet.rows.push([]);
  const cells = sheet.rows[row];
  while (cells.length <= col) cells.push(null);
  cells[col] = cell?.value ?? null;
  sheet.cells ??= new Map();
  if (cell === null) sheet.cells.delete(key(row, col));
  else sheet.cells.set(key(row, col), cell);
}
