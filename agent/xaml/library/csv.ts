import { DataTable, DBNULL, fail, textOrEmpty, type Host, type Value } from '../dotnet';
import { readTextFile } from './files';

/** The Delimitator values of UiPath's CSV activities. */
const DELIMITERS: Record<string, string> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
  caret: '^',
  pipe: '|',
};

export function delimiterOf(written: string | null): string {
  if (written === null || written === '') return ',';
  return DELIMITERS[written.trim().toLowerCase()] ?? fail('ArgumentException', `'${written}' is not a CSV delimiter.`);
}

/** RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let fieldStarted = false;
  const endRecord = () => {
    record.push(field);
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '' && !fieldStarted)) records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
      fieldStarted = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (quoted) fail('FormatException', 'The CSV text ends inside a quoted field.');
  if (field !== '' || record.length > 0 || fieldStarted) endRecord();
  return records;
}

/**
 * ReadCsvFile: FilePath → DataTable of String columns, named by the first record when
 * IncludeColumnNames (the default), Column1… otherwise. A short record leaves its last cells
 * empty; fields past the last column are an error, as a ragged file is a wrong delimiter.
 */
export function readCsvFile(
  host: Host,
  filePath: string,
  delimitator: string | null = null,
  includeColumnNames = true,
  encoding: string | null = null,
): DataTable {
  const records = parseCsv(readTextFile(host, filePath, encoding), delimiterOf(delimitator));
  const table = new DataTable();
  const header = includeColumnNames ? (records.shift() ?? []) : null;
  const width = header ? header.length : Math.max(0, ...records.map((r) => r.length));
  for (let c = 0; c < width; c++) table.columns.add(header ? header[c] : `Column${c + 1}`, 'String');
  records.forEach((r, n) => {
    if (r.length > width)
      fail(
        'FormatException',
        `Line ${n + (header ? 2 : 1)} of the CSV file has ${r.length} fields; the header has ${width}.`,
      );
    table.addValues(Array.from({ length: width }, (_, c) => r[c] ?? ''));
  });
  return table;
}

function csvField(v: Value, delimiter: string): string {
  const text = v === DBNULL ? '' : textOrEmpty(v);
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a table: each line ends with a line break ("\n", the agent's NewLine). */
export function csvText(table: DataTable, delimiter: string, addHeaders: boolean): string {
  const lines: string[] = [];
  if (addHeaders) lines.push(table.columns.list.map((c) => csvField(c.columnName, delimiter)).join(delimiter));
  for (const row of table.rows.list) lines.push(row.values.map((v) => csvField(v, delimiter)).join(delimiter));
  return lines.map((l) => l + '\n').join('');
}

/** WriteCsvFile: replaces the file with the table; AddHeaders true by default. */
export function writeCsvFile(
  host: Host,
  filePath: string,
  table: DataTable,
  delimitator: string | null = null,
  addHeaders = true,
): void {
  host.writeText(filePath, csvText(table, delimiterOf(delimitator), addHeaders), false);
}

/**
 * AppendWriteCsvFile: the rows at the end of the file; the header line only when the file is
 * new or empty (a file already holding data has its own).
 */
export function appendWriteCsvFile(
  host: Host,
  filePath: string,
  table: DataTable,
  delimitator: string | null = null,
  addHeaders = true,
): void {
  const existing = host.fileExists(filePath) ? host.readText(filePath) : '';
  const text = csvText(table, delimiterOf(delimitator), addHeaders && existing === '');
  const glue = existing !== '' && !existing.endsWith('\n') ? '\n' : '';
  host.writeText(filePath, glue + text, true);
}
