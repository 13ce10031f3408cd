import { describe, expect, it } from 'vitest';
import { DataTable, NetArray, NetDateTime, NetDecimal, toStr } from '../../../../agent/xaml/dotnet';
import { addDataRow, appendWriteCsvFile, readCsvFile, writeCsvFile } from '../../../../agent/xaml/library';
import { memoryHost, thrown } from '../helpers';

const rows = (t: DataTable) => t.rows.list.map((r) => r.values.map((v) => toStr(v)));

describe('ReadCsvFile', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks; every column a String', () => {
    const host = memoryHost({
      '/w/in.csv':
        '\uFEFFName,Note,Amount\r\nAnn,"Hello, world",10\r\n"Bob ""B""","two\r\nlines",\r\n\r\nCid,,3.50\r\n',
    });
    const t = readCsvFile(host, '/w/in.csv');
    expect(t.columns.list.map((c) => `${c.columnName}:${c.dataType}`)).toEqual([
      'Name:String',
      'Note:String',
      'Amount:String',
    ]);
    expect(rows(t)).toEqual([
      ['Ann', 'Hello, world', '10'],
      ['Bob "B"', 'two\r\nlines', ''],
      ['Cid', '', '3.50'],
    ]);
  });

  it('takes the other delimiters, names columns Column1… without a header, pads short lines', () => {
    const host = memoryHost({ '/w/a.txt': 'a;b;c\nd;e\n', '/w/t.txt': 'x\ty\n', '/w/p.txt': 'k|v\n1|2' });
    expect(rows(readCsvFile(host, '/w/a.txt', 'Semicolon', false))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', ''],
    ]);
    expect(readCsvFile(host, '/w/a.txt', 'Semicolon', false).columns.list.map((c) => c.columnName)).toEqual([
      'Column1',
      'Column2',
      'Column3',
    ]);
    expect(rows(readCsvFile(host, '/w/t.txt', 'Tab', false))).toEqual([['x', 'y']]);
    const piped = readCsvFile(host, '/w/p.txt', 'Pipe');
    expect(piped.columns.list.map((c) => c.columnName)).toEqual(['k', 'v']);
    expect(rows(piped)).toEqual([['1', '2']]);
  });

  it('fails on a missing file, an unknown delimiter, a ragged line and an unclosed quote', () => {
    const host = memoryHost({ '/w/r.csv': 'a,b\n1,2,3\n', '/w/q.csv': 'a\n"open\n' });
    expect(thrown(() => readCsvFile(host, '/w/none.csv'))).toBe(
      "FileNotFoundException: Could not find file '/w/none.csv'.",
    );
    expect(thrown(() => readCsvFile(host, '/w/r.csv', 'Colon'))).toBe(
      "ArgumentException: 'Colon' is not a CSV delimiter.",
    );
    expect(thrown(() => readCsvFile(host, '/w/r.csv'))).toBe(
      'FormatException: Line 2 of the CSV file has 3 fields; the header has 2.',
    );
    expect(thrown(() => readCsvFile(host, '/w/q.csv'))).toBe(
      'FormatException: The CSV text ends inside a quoted field.',
    );
  });
});

describe('WriteCsvFile and AppendWriteCsvFile', () => {
  function table(): DataTable {
    const t = new DataTable('T');
    t.columns.add('Name', 'String');
    t.columns.add('Price', 'Decimal');
    t.columns.add('When', 'DateTime');
    addDataRow(
      t,
      new NetArray('Object', ['plain', NetDecimal.parse('1.50'), NetDateTime.of(2024, 2, 9, 8, 5, 0)]),
      null,
    );
    addDataRow(t, new NetArray('Object', ['a,b "q"', null, null]), null);
    return t;
  }

  it('writes a header and quotes only the fields that need it, values as .NET prints them', () => {
    const host = memoryHost();
    writeCsvFile(host, '/w/out.csv', table());
    expect(host.files.get('/w/out.csv')).toBe('Name,Price,When\nplain,1.50,02/09/2024 08:05:00\n"a,b ""q""",,\n');
    writeCsvFile(host, '/w/out.csv', table(), 'Semicolon', false);
    expect(host.files.get('/w/out.csv')).toBe('plain;1.50;02/09/2024 08:05:00\n"a,b ""q""";;\n');
  });

  it('appends rows under an existing header, and writes the header to a new file', () => {
    const host = memoryHost({ '/w/log.csv': 'Name,Price,When' });
    appendWriteCsvFile(host, '/w/log.csv', table());
    expect(host.files.get('/w/log.csv')).toBe('Name,Price,When\nplain,1.50,02/09/2024 08:05:00\n"a,b ""q""",,\n');
    appendWriteCsvFile(host, '/w/new.csv', table());
    expect(host.files.get('/w/new.csv')?.split('\n')[0]).toBe('Name,Price,When');
  });
});
