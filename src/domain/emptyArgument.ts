import { isBotScriptName } from './botFiles';

/**
 * What an argument left empty when a run starts becomes. Every In and InOut argument a bot's
 * file declares may be left empty (its Out arguments take no value), and an empty value is not
 * sent. A workflow then behaves as Orchestrator starts a job: the workflow's default when it
 * declares one; otherwise the .NET default of its type — `0` for numbers, `False` for Boolean,
 * the zero date, time span and Guid, and `Nothing` for a String, an object, an array, a
 * collection, a table or a Nullable. A script simply does not get the parameter: no
 * `RPA_PARAM_<NAME>` variable and no entry in its parameters file. The parameters a person adds
 * by name in the parameter editor (a bot that declares none) need a name and a value.
 */

export type EmptyArgument =
  /** The workflow's own default applies (a literal, or a `[VB expression]` it computes). */
  | { kind: 'default'; value: string }
  /** The type's default: `Nothing`, or the zero value of a value type. */
  | { kind: 'typeDefault'; value: string }
  /** A script's parameter left empty is not passed to the script at all. */
  | { kind: 'notPassed' };

export const EMPTY_ARGUMENT_KINDS = ['default', 'typeDefault', 'notPassed'] as const;

/** Who reads the arguments: the XAML runner (a workflow or a project package) or a script. */
export type BotRunner = 'workflow' | 'script';

/** The runner of a bot's file, by its name: a script's extension, else a workflow. */
export const runnerOf = (fileName: unknown): BotRunner =>
  typeof fileName === 'string' && isBotScriptName(fileName) ? 'script' : 'workflow';

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

/** What an In or InOut argument left empty becomes (a workflow's unless a script's runner is named). */
export const emptyArgumentOf = (
  p: { type: string; default?: string },
  runner: BotRunner = 'workflow',
): EmptyArgument => {
  if (runner === 'script') return { kind: 'notPassed' };
  return p.default !== undefined
    ? { kind: 'default', value: p.default }
    : { kind: 'typeDefault', value: typeDefaultOf(p.type) };
};

/** An argument as the API answers it: may it be left empty when a run starts, and what it then becomes. */
export type DescribedArgument<P> = P & { optional: boolean; whenEmpty?: EmptyArgument };

/**
 * An argument with what a run may leave of it: an In or InOut one is optional and says what it
 * becomes when empty; an Out one takes no value (not optional, nothing to become).
 */
export function describeArgument<P extends { direction: string; type: string; default?: string }>(
  p: P,
  runner: BotRunner,
): DescribedArgument<P> {
  if (p.direction === 'Out') return { ...p, optional: false };
  return { ...p, optional: true, whenEmpty: emptyArgumentOf(p, runner) };
}
