import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readXlsx } from 'hucre/xlsx';
import { describe, expect, it } from 'vitest';
import { DataTable, DBNULL, NetDateTime, NetDecimal, NetDouble } from '../../../../agent/xaml/dotnet';
import {
  appendRange,
  getWorkbookSheets,
  readCellValue,
  readRange,
  writeCellValue,
  writeRange,
} from '../../../../agent/xaml/library';
import { memoryHost } from '../helpers';
import { cells, columns, hostWith, rejected, typed } from './workbookHelpers';

/** Write Range, Append Range and Write Cell, each read back by the read activities. */

const FIXTURE = join(__dirname, '..', '..', '..', 'fixtures', 'xlsx', 'orders-libreoffice.xlsx');
const at = (path: string, sheetName = 'Sheet1', password: string | null = null) => ({ path, sheetName, password });
const opts = { addHeaders: true, preserveFormat: false, useFilter: false };

function people(): DataTable {
  const t = new DataTable('People');
  t.columns.add('Name', 'String');
  t.columns.add('Age', 'Int32');
  t.columns.add('Score', 'Double');
  t.columns.add('Active', 'Boolean');
  t.columns.add('Born', 'DateTime');
  t.columns.add('Paid', 'Decimal');
  t.addValues(['Ann', 31, new NetDouble(9.5), true, NetDateTime.of(1993, 2, 1), NetDecimal.parse('12.25')]);
  t.addValues(['Bob', DBNULL, new NetDouble(-1), false, NetDateTime.of(2001, 12, 24, 18, 30, 5), DBNULL]);
  return t;
}

describe('WriteRange', () => {
  it('creates the file and the sheet, writes headers and typed cells, read back with their types', async () => {
    const host = memoryHost();
    await writeRange(host, at('out.xlsx', 'People'), null, people(), true);
    expect((await getWorkbookSheets(host, 'out.xlsx', null)).items).toEqual(['People']);
    const t = await readRange(host, at('out.xlsx', 'People'), null, opts);
    expect(columns(t)).toEqual([
      'Name:Object',
      'Age:Object',
      'Score:Object',
      'Active:Object',
      'Born:Object',
      'Paid:Object',
    ]);
    expect(cells(t)).toEqual([
      ['String:Ann', 'Double:31', 'Double:9.5', 'Boolean:True', 'DateTime:02/01/1993 00:00:00', 'Double:12.25'],
      ['String:Bob', 'DBNull', 'Double:-1', 'Boolean:False', 'DateTime:12/24/2001 18:30:05', 'DBNull'],
    ]);
  });

  it('starts at StartingCell, here without headers; cells outside the table keep their values', async () => {
    const host = memoryHost();
    await writeCellValue(host, at('w.xlsx'), 'A1', 'title');
    await writeCellValue(host, at('w.xlsx'), 'E5', 'kept');
    await writeRange(host, at('w.xlsx'), 'B2', people(), false);
    const t = await readRange(host, at('w.xlsx'), 'A1:E5', { ...opts, addHeaders: false });
    expect(cells(t).map((r) => r.slice(0, 3))).toEqual([
      ['String:title', 'DBNull', 'DBNull'],
      ['DBNull', 'String:Ann', 'Double:31'],
      ['DBNull', 'String:Bob', 'DBNull'],
      ['DBNull', 'DBNull', 'DBNull'],
      ['DBNull', 'DBNull', 'DBNull'],
    ]);
    expect(typed(await readCellValue(host, at('w.xlsx'), 'E5', false))).toBe('String:kept');
  });

  it('adds a sheet to a workbook a spreadsheet program saved, keeping its sheets, formulas and formats', async () => {
    const host = hostWith({ 'orders.xlsx': new Uint8Array(readFileSync(FIXTURE)) });
    await writeRange(host, at('orders.xlsx', 'Report'), 'A1', people(), true);
    expect((await getWorkbookSheets(host, 'orders.xlsx', null)).items).toEqual(['Orders', 'Notes', 'Report']);
    expect(typed(await readCellValue(host, at('orders.xlsx', 'Orders'), 'F5', false))).toBe('Double:3708');
    expect(typed(await readCellValue(host, at('orders.xlsx', 'Orders'), 'C2', true))).toBe('String:1,234.50');
    const saved = await readXlsx(host.blobs.get('orders.xlsx') ?? new Uint8Array());
    expect(saved.sheets[0].cells?.get('4,5')?.formula).toBe('SUM(F2:F4)');
    const shown = await readRange(host, at('orders.xlsx', 'Orders'), 'A1:A5', { ...opts, useFilter: true });
    expect(cells(shown)).toEqual([['String:Ada Lovelace'], ['String:Grace Hopper'], ['String:Total']]);
  });

  it('names columns from the header row: an empty header by its position, a repeated one with 1, 2…', async () => {
    const host = memoryHost();
    const header = ['Name', '', 'Name', 'name', 'Qty'];
    for (const [i, text] of header.entries()) {
      await writeCellValue(host, at('h.xlsx'), `${'ABCDE'[i]}1`, text);
      await writeCellValue(host, at('h.xlsx'), `${'ABCDE'[i]}2`, String(i));
    }
    const t = await readRange(host, at('h.xlsx'), null, opts);
    expect(columns(t)).toEqual(['Name:Object', 'Column2:Object', 'Name1:Object', 'name2:Object', 'Qty:Object']);
    expect(cells(t)).toEqual([['String:0', 'String:1', 'String:2', 'String:3', 'String:4']]);
  });
});

describe('AppendRange', () => {
  it('adds the rows after the last used row, without headers, creating the sheet when missing', async () => {
    const host = memoryHost();
    await appendRange(host, at('log.xlsx', 'Log'), people());
    await appendRange(host, at('log.xlsx', 'Log'), people());
    const t = await readRange(host, at('log.xlsx', 'Log'), 'A1:B4', { ...opts, addHeaders: false });
    expect(cells(t)).toEqual([
      ['String:Ann', 'Double:31'],
      ['String:Bob', 'DBNull'],
      ['String:Ann', 'Double:31'],
      ['String:Bob', 'DBNull'],
    ]);
  });

  it('appends under existing data from its first column', async () => {
    const host = memoryHost();
    await writeRange(host, at('d.xlsx'), 'C3', people(), true);
    await appendRange(host, at('d.xlsx'), people());
    const t = await readRange(host, at('d.xlsx'), null, opts);
    expect(t.rows.list.map((r) => typed(r.values[0]))).toEqual([
      'String:Ann',
      'String:Bob',
      'String:Ann',
      'String:Bob',
    ]);
    expect(columns(t)[0]).toBe('Name:Object');
  });
});

describe('WriteCell', () => {
  it('writes text, replaces a value, clears with "", fills a range', async () => {
    const host = memoryHost();
    await writeCellValue(host, at('c.xlsx', 'Data'), 'B2', 'first');
    await writeCellValue(host, at('c.xlsx', 'Data'), 'B2', 'second');
    await writeCellValue(host, at('c.xlsx', 'Data'), 'A1:B1', 'x');
    await writeCellValue(host, at('c.xlsx', 'Data'), 'A1', '');
    expect((await getWorkbookSheets(host, 'c.xlsx', null)).items).toEqual(['Data']);
    const t = await readRange(host, at('c.xlsx', 'Data'), 'A1:B2', { ...opts, addHeaders: false });
    expect(cells(t)).toEqual([
      ['DBNull', 'String:x'],
      ['DBNull', 'String:second'],
    ]);
  });

  it('writes a formula for text starting with "="; it has no value until a spreadsheet calculates it', async () => {
    const host = memoryHost();
    await writeCellValue(host, at('f.xlsx'), 'A1', '=1+2');
    const saved = await readXlsx(host.blobs.get('f.xlsx') ?? new Uint8Array());
    expect(saved.sheets[0].cells?.get('0,0')?.formula).toBe('1+2');
    expect(typed(await readCellValue(host, at('f.xlsx'), 'A1', false))).toBe('String:');
  });

  it('keeps a workbook protected by its password', async () => {
    const host = memoryHost();
    await writeCellValue(host, at('p.xlsx', 'S', 'pw'), 'A1', 'secret');
    expect(await rejected(readCellValue(host, at('p.xlsx', 'S'), 'A1', false))).toMatch(/protected by a password/);
  }, 120_000);

  it('refuses a bad cell, a bad sheet name and a write past the sheet', async () => {
    const host = memoryHost();
    expect(await rejected(writeCellValue(host, at('e.xlsx'), 'A:B', 'v'))).toBe(
      "ArgumentException: 'A:B' is not a cell or a range of cells to write.",
    );
    expect(await rejected(writeCellValue(host, at('e.xlsx', 'a/b'), 'A1', 'v'))).toBe(
      "ArgumentException: 'a/b' is not a valid sheet name.",
    );
    expect(await rejected(writeRange(host, at('e.xlsx'), 'A1048576', people(), true))).toBe(
      'ArgumentException: The data written from A1048576 does not fit in a sheet.',
    );
    expect(host.blobs.has('e.xlsx')).toBe(false);
  });
});
