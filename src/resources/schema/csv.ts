import { downloadCSV, type Exporter } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';
import { columnsOf } from './SchemaField';

/** A spreadsheet would run a cell starting with these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text of the list columns, one header row of field names (stable for scripts). */
export function toCsv(def: ResourceDef, rows: readonly Record<string, unknown>[]): string {
  const columns = columnsOf(def);
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(','))];
  return lines.join('\r\n');
}

/** The CSV export of a list: what the filters select, the list's columns, `<name>.csv`. */
export const csvExporter =
  (def: ResourceDef): Exporter =>
  (records) =>
    downloadCSV(toCsv(def, records as Record<string, unknown>[]), def.name);
