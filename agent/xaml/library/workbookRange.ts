import { fail } from '../dotnet';

/**
 * A1-style cell and range references as the workbook activities take them ("B2", "A1:C10",
 * "$A$1", "A:C", "2:5"), 0-based. A sheet holds at most 1,048,576 rows and 16,384 columns
 * (XFD), as Excel's .xlsx does.
 */

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

export interface CellRef {
  row: number;
  col: number;
}

/**
 * A rectangle of a sheet. `lastRow` / `lastCol` null: up to the last used row / column (a range
 * given as one cell, or whole columns / rows).
 */
export interface SheetRange {
  firstRow: number;
  firstCol: number;
  lastRow: number | null;
  lastCol: number | null;
  /** Written as one cell ("B2"), which a Read Range reads from there to the end. */
  single: boolean;
}

const CELL = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i;
const COLUMN = /^\$?([A-Z]{1,3})$/i;
const ROW = /^\$?(\d{1,7})$/;

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** "B2" → {row 1, col 1}; null when the text is no cell of a sheet. */
export function parseCellRef(text: string): CellRef | null {
  const m = CELL.exec(text.trim());
  if (!m) return null;
  const col = columnIndex(m[1]);
  const row = Number(m[2]) - 1;
  return row >= 0 && row < MAX_ROWS && col < MAX_COLS ? { row, col } : null;
}

const badRange = (text: string): never => fail('ArgumentException', `'${text}' is not a valid range.`);

/** One cell, failing with ArgumentException when the text is none. */
export function cellOf(text: string): CellRef {
  return parseCellRef(text) ?? badRange(text);
}

/** A range as the activities take it; ArgumentException for anything else. */
export function parseRange(text: string): SheetRange {
  const parts = text.trim().split(':');
  if (parts.length === 1) {
    const c = cellOf(parts[0]);
    return { firstRow: c.row, firstCol: c.col, lastRow: null, lastCol: null, single: true };
  }
  if (parts.length !== 2) return badRange(text);
  const [a, b] = parts.map((p) => p.trim());
  const ca = parseCellRef(a);
  const cb = parseCellRef(b);
  if (ca && cb) {
    return {
      firstRow: Math.min(ca.row, cb.row),
      firstCol: Math.min(ca.col, cb.col),
      lastRow: Math.max(ca.row, cb.row),
      lastCol: Math.max(ca.col, cb.col),
      single: false,
    };
  }
  const cols = [COLUMN.exec(a), COLUMN.exec(b)];
  if (cols[0] && cols[1]) {
    const [x, y] = cols.map((m) => columnIndex(m?.[1] ?? ''));
    if (Math.max(x, y) >= MAX_COLS) return badRange(text);
    return { firstRow: 0, firstCol: Math.min(x, y), lastRow: null, lastCol: Math.max(x, y), single: false };
  }
  const rows = [ROW.exec(a), ROW.exec(b)];
  if (rows[0] && rows[1]) {
    const [x, y] = rows.map((m) => Number(m?.[1] ?? 0) - 1);
    if (Math.min(x, y) < 0 || Math.max(x, y) >= MAX_ROWS) return badRange(text);
    return { firstRow: Math.min(x, y), firstCol: 0, lastRow: Math.max(x, y), lastCol: null, single: false };
  }
  return badRange(text);
}
