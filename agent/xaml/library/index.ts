export {
  appendLine,
  copyFile,
  createDirectory,
  deletePath,
  moveFile,
  pathExists,
  readTextFile,
  writeTextFile,
} from './files';
export { addDataRow, buildDataTable, decodeXmlName } from './buildDataTable';
export { addDataColumn, joinDataTables, joinOperator, type ColumnRules, type JoinCondition } from './columns';
export { createFile, fileInfoOf, filesInFolder, FILE_ORDERS } from './folder';
export { regexFor, regexIsMatch, regexMatches, regexOptions, regexReplace, textToLeftRight } from './textActivities';
export { filterDataTable, filterOperator, sortDataTable, type RowFilter } from './filterSort';
export { appendWriteCsvFile, csvText, delimiterOf, parseCsv, readCsvFile, writeCsvFile } from './csv';
export { deserializeJson, serializeJson } from './json';
export { httpRequest, type HttpRequest, type HttpResponse } from './http';
export { columnIndex, rowFromValues, storeCell } from './cells';
export {
  appendRange,
  getWorkbookSheets,
  readCellValue,
  readRange,
  writeCellValue,
  writeRange,
  type ReadRangeOptions,
  type WorkbookTarget,
} from './workbook';
