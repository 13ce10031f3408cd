import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { saveXlsx, openXlsx, writeXlsx } from 'hucre/xlsx';
import { describe, expect, it } from 'vitest';
import { typeName } from '../../../../agent/xaml/dotnet';
import { getWorkbookSheets, readCellValue, readRange } from '../../../../agent/xaml/library';
import { cells, columns, hostWith, rejected, typed } from './workbookHelpers';

/**
 * Read Range, Read Cell and Get Workbook Sheets on a workbook LibreOffice Calc saved
 * (tests/fixtures/xlsx/orders-libreoffice.xlsx, converted from orders.fods beside it): shared
 * strings, number formats, a date, formulas with their calculated values, a hidden row, an
 * error, a second sheet whose data starts at B1.
 */

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'xlsx', 'orders-libreoffice.xlsx');

const orders = () => hostWith({ 'orders.xlsx': new Uint8Array(readFileSync(FIXTURE)) });
const sheet = (sheetName: string, password: string | null = null) => ({ path: 'orders.xlsx', sheetName, password });
const opts = { addHeaders: true, preserveFormat: false, useFilter: false };

describe('ReadRange on a workbook a spreadsheet program saved', () => {
  it('reads the used range with headers: Object columns, Double numbers, DateTime dates, formulas as values', async () => {
    const t = await readRange(orders(), sheet('Orders'), null, opts);
    expect(columns(t)).toEqual([
      'Customer:Object',
      'Qty:Object',
      'Price:Object',
      'Ordered:Object',
      'Paid:Object',
      'Total:Object',
    ]);
    expect(cells(t)).toEqual([
      ['String:Ada Lovelace', 'Double:3', 'Double:1234.5', 'DateTime:05/06/2024 00:00:00', 'Double:1', 'Double:3703.5'],
      ['String:Grace Hopper', 'Double:10', 'Double:0.25', 'DBNull', 'Double:0', 'Double:2.5'],
      ['String:Hidden Row', 'Double:1', 'Double:2', 'DateTime:12/31/1999 00:00:00', 'Double:1', 'Double:2'],
      ['String:Total', 'Double:14', 'DBNull', 'DBNull', 'DBNull', 'Double:3708'],
    ]);
  });

  it('reads the text the sheet shows with PreserveFormat, and leaves hidden rows out with UseFilter', async () => {
    const t = await readRange(orders(), sheet('Orders'), 'A1:D3', { ...opts, preserveFormat: true });
    expect(cells(t)).toEqual([
      ['String:Ada Lovelace', 'String:3', 'String:1,234.50', 'String:2024-05-06'],
      ['String:Grace Hopper', 'String:10', 'String:0.25', 'DBNull'],
    ]);
    const shown = await readRange(orders(), sheet('Orders'), 'A1:A5', { ...opts, useFilter: true });
    expect(cells(shown)).toEqual([['String:Ada Lovelace'], ['String:Grace Hopper'], ['String:Total']]);
  });

  it('reads one cell to the end of the data, whole columns, absolute references; Column1… without headers', async () => {
    const fromCell = await readRange(orders(), sheet('Orders'), 'E4', { ...opts, addHeaders: false });
    expect(columns(fromCell)).toEqual(['Column1:Object', 'Column2:Object']);
    expect(cells(fromCell)).toEqual([
      ['Double:1', 'Double:2'],
      ['DBNull', 'Double:3708'],
    ]);
    const whole = await readRange(orders(), sheet('Orders'), 'a:b', opts);
    expect(whole.rows.list.map((r) => typed(r.values[1]))).toEqual(['Double:3', 'Double:10', 'Double:1', 'Double:14']);
    const huge = await readRange(orders(), sheet('Orders'), 'E4:XFD1048576', { ...opts, addHeaders: false });
    expect(cells(huge)).toEqual(cells(fromCell));
    const abs = await readRange(orders(), sheet('orders'), '$B$2:$C$3', { ...opts, addHeaders: false });
    expect(cells(abs)).toEqual([
      ['Double:3', 'Double:1234.5'],
      ['Double:10', 'Double:0.25'],
    ]);
  });

  it('starts the used range at the first used cell; an error cell is its text', async () => {
    const t = await readRange(orders(), sheet('Notes'), '', opts);
    expect(columns(t)).toEqual(['Made with LibreOffice Calc:Object']);
    expect(cells(t)).toEqual([['String:#DIV/0!']]);
  });

  it('lists the sheets in order', async () => {
    const names = await getWorkbookSheets(orders(), 'orders.xlsx', null);
    expect(typeName(names)).toBe('List`1');
    expect(names.items).toEqual(['Orders', 'Notes']);
  });
});

describe('ReadCell', () => {
  it('reads a value, a date, a formula as its calculated value, an empty cell as ""', async () => {
    const host = orders();
    const at = (cell: string, preserve = false) => readCellValue(host, sheet('Orders'), cell, preserve);
    expect(typed(await at('A2'))).toBe('String:Ada Lovelace');
    expect(typed(await at('D2'))).toBe('DateTime:05/06/2024 00:00:00');
    expect(typed(await at('F5'))).toBe('Double:3708');
    expect(typed(await at('D3'))).toBe('String:');
    expect(typed(await at('C2', true))).toBe('String:1,234.50');
  });
});

describe('Workbook read failures', () => {
  it('names a missing file, sheet or a bad range', async () => {
    const host = orders();
    expect(await rejected(readRange(host, { ...sheet('Orders'), path: 'nope.xlsx' }, null, opts))).toBe(
      "FileNotFoundException: Could not find file 'nope.xlsx'.",
    );
    expect(await rejected(readRange(host, sheet('Sheet1'), null, opts))).toBe(
      "ArgumentException: The workbook 'orders.xlsx' has no sheet named 'Sheet1'.",
    );
    for (const bad of ['A0', 'XFE1', 'A1:B2:C3', 'Sheet1!A1', 'A1048577'])
      expect(await rejected(readRange(host, sheet('Orders'), bad, opts))).toBe(
        `ArgumentException: '${bad}' is not a valid range.`,
      );
    expect(await rejected(readCellValue(host, sheet('Orders'), 'A1:B2', false))).toBe(
      "ArgumentException: 'A1:B2' is not a valid range.",
    );
  });

  it('refuses a file that is no workbook and the .xls format', async () => {
    const host = hostWith({
      'notes.xlsx': new TextEncoder().encode('plain text, not a zip'),
      'old.xls': new Uint8Array(8),
    });
    expect(
      await rejected(readRange(host, { path: 'notes.xlsx', sheetName: 'Sheet1', password: null }, null, opts)),
    ).toBe("IOException: The file 'notes.xlsx' is not a valid workbook.");
    expect(await rejected(getWorkbookSheets(host, 'old.xls', null))).toMatch(/^NotSupportedException: .*'old\.xls'/);
  });

  it('opens a workbook protected by a password only with its password', async () => {
    const book = await openXlsx(await writeXlsx({ sheets: [{ name: 'S', rows: [['k'], ['v']] }] }));
    // A low key-derivation count keeps the test fast; readers take the count from the file.
    const locked = await saveXlsx(book, { encryption: { password: 'pw', spinCount: 1000 } });
    const host = hostWith({ 'locked.xlsx': locked });
    const at = (password: string | null) => ({ path: 'locked.xlsx', sheetName: 'S', password });
    expect(cells(await readRange(host, at('pw'), null, opts))).toEqual([['String:v']]);
    expect(await rejected(readRange(host, at(null), null, opts))).toBe(
      "ArgumentException: The workbook 'locked.xlsx' is protected by a password: set the activity's Password.",
    );
    expect(await rejected(readRange(host, at('nope'), null, opts))).toBe(
      "ArgumentException: The password of the workbook 'locked.xlsx' is not correct.",
    );
  });
});
