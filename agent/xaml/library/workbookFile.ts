import type { RoundtripWorkbook, Sheet } from 'hucre/xlsx';
import { fail, NetError, type Host } from '../dotnet';

type Library = typeof import('./workbookLib');

/** The number formats' rules, which reading and writing cells need. */
export type Formats = Pick<Library, 'formatValue' | 'isDateFormat'>;

let library: Promise<Library> | null = null;

/** The xlsx library, loaded the first time a workbook activity runs. */
const load = (): Promise<Library> => (library ??= import('./workbookLib'));

/**
 * Opening and saving a workbook file through the run's Host, with the xlsx library (hucre) kept
 * to this file and workbookSheet.ts. The library's own failures never leave here as JavaScript
 * errors: each becomes the .NET exception a workflow's TryCatch can catch.
 */

/** A workbook opened for one activity: what it reads, or changes and saves. */
export interface Book {
  readonly wb: RoundtripWorkbook;
  readonly path: string;
  /** The absolute path, as messages quote it. */
  readonly full: string;
  readonly password: string | null;
  /** A new file's workbook, whose first sheet takes the name of the first sheet written. */
  fresh: boolean;
  readonly formats: Formats;
}

/** The sheet a new workbook starts with, as a spreadsheet program names it. */
const FIRST_SHEET = 'Sheet1';

/** Excel's rule for a sheet's name: 1 to 31 characters, none of : \ / ? * [ ]. */
const SHEET_NAME = /^[^:\\/?*[\]]{1,31}$/;

function libraryFailure(e: unknown, full: string, password: string | null): never {
  if (e instanceof NetError) throw e;
  const name = e instanceof Error ? e.name : '';
  if (name === 'EncryptedFileError')
    fail('ArgumentException', `The workbook '${full}' is protected by a password: set the activity's Password.`);
  if (name === 'DecryptionError' && password !== null)
    fail('ArgumentException', `The password of the workbook '${full}' is not correct.`);
  return fail('IOException', `The file '${full}' is not a valid workbook.`);
}

/** The binary .xls of Excel 97-2003 is not an Open XML package: refused by its name. */
function checkFormat(host: Host, path: string): void {
  if (/\.xls$/i.test(path.trim()))
    fail(
      'NotSupportedException',
      `The Excel 97-2003 format of '${host.fullPath(path)}' is not supported by this agent: save the workbook as .xlsx.`,
    );
}

/**
 * Opens the workbook at `path`. A missing file is FileNotFoundException, or with `create` a new
 * empty workbook (the write activities create the file). An empty password is none.
 */
export async function openBook(host: Host, path: string, password: string | null, create: boolean): Promise<Book> {
  checkFormat(host, path);
  const full = host.fullPath(path);
  const pw = password === null || password === '' ? null : password;
  const fresh = !host.fileExists(path);
  if (fresh && !create) fail('FileNotFoundException', `Could not find file '${full}'.`);
  const lib = await load();
  try {
    // A new file starts as a one-sheet workbook: the library saves only what it opened.
    const bytes = fresh ? await lib.writeXlsx({ sheets: [{ name: FIRST_SHEET, rows: [] }] }) : host.readBytes(path);
    const wb = await lib.openXlsx(bytes, { readStyles: true, ...(pw === null || fresh ? {} : { password: pw }) });
    return { wb, path, full, password: pw, fresh, formats: lib };
  } catch (e) {
    return libraryFailure(e, full, pw);
  }
}

/** Saves the workbook to its file, encrypted again with its password when it had one. */
export async function saveBook(host: Host, book: Book): Promise<void> {
  let data: Uint8Array;
  try {
    data = await (
      await load()
    ).saveXlsx(book.wb, book.password === null ? undefined : { encryption: { password: book.password } });
  } catch (e) {
    return libraryFailure(e, book.full, book.password);
  }
  host.writeBytes(book.path, data);
}

/** The sheet of that name (Excel's names ignore case), or null. */
export function findSheet(book: Book, name: string): Sheet | null {
  const lower = name.toLowerCase();
  return book.wb.sheets.find((s) => s.name.toLowerCase() === lower) ?? null;
}

/** The sheet a read activity reads: a missing one is ArgumentException. */
export function sheetToRead(book: Book, name: string): Sheet {
  return (
    findSheet(book, name) ?? fail('ArgumentException', `The workbook '${book.full}' has no sheet named '${name}'.`)
  );
}

/** The sheet a write activity writes: created at the end of the workbook when missing. */
export function sheetToWrite(book: Book, name: string): Sheet {
  const found = findSheet(book, name);
  if (found) return found;
  if (!SHEET_NAME.test(name) || name.startsWith("'") || name.endsWith("'"))
    fail('ArgumentException', `'${name}' is not a valid sheet name.`);
  if (book.fresh) {
    // The new file's workbook holds the written sheet only, under the name given.
    book.fresh = false;
    book.wb.sheets[0].name = name;
    return book.wb.sheets[0];
  }
  const sheet: Sheet = { name, rows: [], cells: new Map() };
  book.wb.sheets.push(sheet);
  return sheet;
}
