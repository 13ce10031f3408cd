import type { processMessages } from './liveMessages';
import type { MessageKey } from './messages';

/**
 * What a run's value of a workflow argument must be, by the argument's type as the workflow
 * names it (namespace prefixes removed: `Int32`, `String[]`, `List(String)`,
 * `Dictionary(String, Object)`, `DataTable`). The Run dialog offers the matching input and the
 * server refuses a value that is not one; the agent's runner converts the text to the type.
 * - integer: the .NET integer types, a whole number (`-12`);
 * - number: Double, Single, Decimal, a decimal number (`3.5`, `-1e3`);
 * - boolean: `true` or `false` (any case);
 * - json: arrays and List / Collection types take a JSON array, Dictionary types a JSON object,
 *   DataTable a JSON array of rows, each an object of column → value (`[{"Name": "a", "Qty": 2}]`);
 * - text: anything else (String, Object, DateTime …), as typed.
 */
export type ParameterKind = 'text' | 'integer' | 'number' | 'boolean' | 'json';
export type JsonShape = 'array' | 'object' | 'table';

/** The .NET integer types, as a XAML workflow or a script's `@rpa-param` line names them. */
export const INTEGER_PARAMETER_TYPES: ReadonlySet<string> = new Set([
  'Int16',
  'Int32',
  'Int64',
  'UInt16',
  'UInt32',
  'UInt64',
  'Byte',
  'SByte',
  'Integer',
  'int',
  'long',
]);
const NUMBER_TYPES: ReadonlySet<string> = new Set(['double', 'single', 'decimal', 'float', 'number']);
const BOOLEAN_TYPES: ReadonlySet<string> = new Set(['boolean', 'bool']);
const ARRAY_GENERICS =
  /^(List|IList|IEnumerable|ICollection|Collection|IReadOnlyList|HashSet|ISet|Queue|Stack)\s*[(<]/i;
const OBJECT_GENERICS = /^(Dictionary|IDictionary|SortedDictionary|IReadOnlyDictionary)\s*[(<]/i;

/** The input a value of this type takes, and for JSON the shape it must have. */
export function parameterKind(type: string | undefined): { kind: ParameterKind; shape?: JsonShape } {
  const t = (type ?? '').trim();
  if (t === '') return { kind: 'text' };
  if (t.endsWith('[]') || ARRAY_GENERICS.test(t)) return { kind: 'json', shape: 'array' };
  if (OBJECT_GENERICS.test(t)) return { kind: 'json', shape: 'object' };
  if (t === 'DataTable') return { kind: 'json', shape: 'table' };
  if (INTEGER_PARAMETER_TYPES.has(t)) return { kind: 'integer' };
  if (NUMBER_TYPES.has(t.toLowerCase())) return { kind: 'number' };
  if (BOOLEAN_TYPES.has(t.toLowerCase())) return { kind: 'boolean' };
  return { kind: 'text' };
}

/** What is wrong with a value for its type; each is worded once for a field and once naming the parameter. */
export type ValueProblem = 'integer' | 'number' | 'boolean' | 'json' | 'jsonArray' | 'jsonObject' | 'jsonTable';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const SHAPE_PROBLEM: Record<JsonShape, ValueProblem> = { array: 'jsonArray', object: 'jsonObject', table: 'jsonTable' };
const fitsShape = (value: unknown, shape: JsonShape): boolean => {
  if (shape === 'array') return Array.isArray(value);
  if (shape === 'object') return isPlainObject(value);
  // A table's rows hold values, not nested structures: a cell is text, a number, true/false or null.
  return (
    Array.isArray(value) &&
    value.every(
      (row) => isPlainObject(row) && Object.values(row).every((cell) => cell === null || typeof cell !== 'object'),
    )
  );
};

/** The problem of a non-empty value for an argument of this type, or undefined when it fits. */
export function typedValueProblem(type: string | undefined, value: string): ValueProblem | undefined {
  const { kind, shape } = parameterKind(type);
  const v = value.trim();
  if (v === '') return undefined;
  if (kind === 'integer') return /^[+-]?\d+$/.test(v) ? undefined : 'integer';
  if (kind === 'number') return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) ? undefined : 'number';
  if (kind === 'boolean') return /^(true|false)$/i.test(v) ? undefined : 'boolean';
  if (kind !== 'json' || shape === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    return 'json';
  }
  return fitsShape(parsed, shape) ? undefined : SHAPE_PROBLEM[shape];
}

/** A problem under the value's own field (the field is labelled with the parameter's name). */
export const VALUE_PROBLEM_FIELD: Record<ValueProblem, MessageKey> = {
  integer: 'integerOnly',
  number: 'numberOnly',
  boolean: 'booleanOnly',
  json: 'jsonInvalid',
  jsonArray: 'jsonArray',
  jsonObject: 'jsonObject',
  jsonTable: 'jsonTable',
};

/** A problem in the server's answer, naming the parameter (`processMessages`, with `%{name}`). */
export const VALUE_PROBLEM_ANSWER: Record<ValueProblem, keyof typeof processMessages> = {
  integer: 'parameterInteger',
  number: 'parameterNumber',
  boolean: 'parameterBoolean',
  json: 'parameterJson',
  jsonArray: 'parameterJsonArray',
  jsonObject: 'parameterJsonObject',
  jsonTable: 'parameterJsonTable',
};
