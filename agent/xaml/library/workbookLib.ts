/**
 * The xlsx library's functions the workbook activities use, imported by workbookFile.ts only
 * when a workbook activity first runs: a workflow without one never loads the library.
 */
export { openXlsx, saveXlsx, writeXlsx } from 'hucre/xlsx';
export { formatValue, isDateFormat } from 'hucre';
