/**
 * What a workflow argument left empty when a run starts becomes, as Orchestrator starts a job:
 * the workflow's default when it declares one; otherwise the .NET default of its type — `0` for
 * numbers, `False` for Boolean, the zero date, time span and Guid, and `Nothing` for a String,
 * an object, an array, a collection, a table or a Nullable. Every In and InOut argument a bot's
 * file declares may be left empty; the parameters a person adds by name in the parameter editor
 * (a bot that declares none) need a name and a value.
 */

export type EmptyArgument =
  /** The workflow's own default applies (a literal, or a `[VB expression]` it computes). */
  | { kind: 'default'; value: string }
  /** The type's default: `Nothing`, or the zero value of a value type. */
  | { kind: 'typeDefault'; value: string };

const NUMBERS = new Set([
  'Byte',
  'SByte',
  'Int16',
  'UInt16',
  'Int32',
  'UInt32',
  'Int64',
  'UInt64',
  'Single',
  'Double',
  'Decimal',
  // C# and VB spellings of the same types.
  'Integer',
  'Long',
  'Short',
  'int',
  'long',
  'short',
  'double',
  'float',
  'decimal',
  'byte',
]);

/** The zero value of a .NET value type as VB writes it, or `Nothing` for a reference type. */
export function typeDefaultOf(type: string): string {
  const bare = type.trim().replace(/^System\./, '');
  if (NUMBERS.has(bare)) return '0';
  if (bare === 'Boolean' || bare === 'bool') return 'False';
  if (bare === 'DateTime' || bare === 'Date') return '#1/1/0001 12:00:00 AM#';
  if (bare === 'TimeSpan') return '00:00:00';
  if (bare === 'Guid') return '00000000-0000-0000-0000-000000000000';
  if (bare === 'Char' || bare === 'char') return 'ChrW(0)';
  return 'Nothing';
}

/** What an In or InOut argument left empty becomes. */
export const emptyArgumentOf = (p: { type: string; default?: string }): EmptyArgument =>
  p.default !== undefined
    ? { kind: 'default', value: p.default }
    : { kind: 'typeDefault', value: typeDefaultOf(p.type) };
