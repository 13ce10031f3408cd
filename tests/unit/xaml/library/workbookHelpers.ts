import { DataTable, DBNULL, NetError, toStr, typeName, type Value } from '../../../../agent/xaml/dotnet';
import { memoryHost } from '../helpers';

/** Shared by the workbook tests: hosts holding workbooks, and tables and values as text. */

export function hostWith(files: Record<string, Uint8Array>) {
  const host = memoryHost();
  for (const [k, v] of Object.entries(files)) host.blobs.set(k, v);
  return host;
}

/** A value with its .NET type: "Double:3", "DBNull", "String:x". */
export const typed = (v: Value): string => (v === DBNULL ? 'DBNull' : `${typeName(v)}:${toStr(v)}`);
export const cells = (t: DataTable) => t.rows.list.map((r) => r.values.map(typed));
export const columns = (t: DataTable) => t.columns.list.map((c) => `${c.columnName}:${c.dataType}`);

/** The .NET exception a promise rejects with, as "Type: message". */
export async function rejected(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof NetError) return `${e.exception.type}: ${e.exception.message}`;
    throw e;
  }
  return 'nothing thrown';
}
