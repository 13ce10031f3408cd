/**
 * .NET exceptions as values: TryCatch catches them by type, so each carries its type's short
 * name, and the hierarchy below answers "is a FileNotFoundException an IOException?".
 */

/** Each exception type's base type and namespace; Exception is the root. */
const HIERARCHY: Record<string, { base: string | null; ns: string }> = {
  Exception: { base: null, ns: 'System' },
  SystemException: { base: 'Exception', ns: 'System' },
  ApplicationException: { base: 'Exception', ns: 'System' },
  ArgumentException: { base: 'SystemException', ns: 'System' },
  ArgumentNullException: { base: 'ArgumentException', ns: 'System' },
  ArgumentOutOfRangeException: { base: 'ArgumentException', ns: 'System' },
  InvalidOperationException: { base: 'SystemException', ns: 'System' },
  NullReferenceException: { base: 'SystemException', ns: 'System' },
  FormatException: { base: 'SystemException', ns: 'System' },
  InvalidCastException: { base: 'SystemException', ns: 'System' },
  ArithmeticException: { base: 'SystemException', ns: 'System' },
  OverflowException: { base: 'ArithmeticException', ns: 'System' },
  DivideByZeroException: { base: 'ArithmeticException', ns: 'System' },
  IndexOutOfRangeException: { base: 'SystemException', ns: 'System' },
  NotSupportedException: { base: 'SystemException', ns: 'System' },
  NotImplementedException: { base: 'SystemException', ns: 'System' },
  TimeoutException: { base: 'SystemException', ns: 'System' },
  MissingMemberException: { base: 'SystemException', ns: 'System' },
  KeyNotFoundException: { base: 'SystemException', ns: 'System.Collections.Generic' },
  IOException: { base: 'SystemException', ns: 'System.IO' },
  FileNotFoundException: { base: 'IOException', ns: 'System.IO' },
  DirectoryNotFoundException: { base: 'IOException', ns: 'System.IO' },
  UnauthorizedAccessException: { base: 'SystemException', ns: 'System' },
  DataException: { base: 'SystemException', ns: 'System.Data' },
  DuplicateNameException: { base: 'DataException', ns: 'System.Data' },
  ConstraintException: { base: 'DataException', ns: 'System.Data' },
  NoNullAllowedException: { base: 'DataException', ns: 'System.Data' },
  BusinessRuleException: { base: 'Exception', ns: 'UiPath.Core' },
  OperationCanceledException: { base: 'SystemException', ns: 'System' },
  TaskCanceledException: { base: 'OperationCanceledException', ns: 'System.Threading.Tasks' },
  HttpRequestException: { base: 'Exception', ns: 'System.Net.Http' },
  UriFormatException: { base: 'FormatException', ns: 'System' },
  JsonException: { base: 'Exception', ns: 'Newtonsoft.Json' },
  JsonReaderException: { base: 'JsonException', ns: 'Newtonsoft.Json' },
  JsonSerializationException: { base: 'JsonException', ns: 'Newtonsoft.Json' },
};

const BY_LOWER = new Map(Object.keys(HIERARCHY).map((k) => [k.toLowerCase(), k]));

/** The canonical short name of an exception type written any way a workflow writes it, or null. */
export function exceptionTypeName(written: string): string | null {
  const short = written.replace(/^.*[:.]/, '');
  return BY_LOWER.get(short.toLowerCase()) ?? null;
}

export function exceptionFullName(type: string): string {
  const entry = HIERARCHY[type];
  return entry ? `${entry.ns}.${type}` : type;
}

/** True when exception type `type` is `ancestor` or derives from it. */
export function exceptionDerivesFrom(type: string, ancestor: string): boolean {
  let current: string | null = type;
  while (current !== null) {
    if (current === ancestor) return true;
    current = HIERARCHY[current]?.base ?? null;
  }
  return false;
}

export class NetException {
  constructor(
    readonly type: string,
    readonly message: string,
    readonly inner: NetException | null = null,
  ) {}

  /** .NET's Exception.ToString(): the full type name, the message, then the inner exception. */
  toString(): string {
    const head = `${exceptionFullName(this.type)}: ${this.message}`;
    return this.inner ? `${head} ---> ${this.inner.toString()}` : head;
  }
}

/** The message `New X()` gets when given none, as .NET words it. */
export function defaultMessage(type: string): string {
  switch (type) {
    case 'NullReferenceException':
      return MESSAGES.nullReference;
    case 'ArgumentException':
      return 'Value does not fall within the expected range.';
    case 'InvalidOperationException':
      return 'Operation is not valid due to the current state of the object.';
    case 'FormatException':
      return 'One of the identified items was in an invalid format.';
    case 'OverflowException':
      return MESSAGES.overflow;
    case 'DivideByZeroException':
      return MESSAGES.divideByZero;
    case 'IndexOutOfRangeException':
      return MESSAGES.indexOutOfRange;
    default:
      return `Exception of type '${exceptionFullName(type)}' was thrown.`;
  }
}

/** .NET's own wording for the errors expressions raise most. */
export const MESSAGES = {
  nullReference: 'Object reference not set to an instance of an object.',
  format: 'Input string was not in a correct format.',
  overflow: 'Arithmetic operation resulted in an overflow.',
  divideByZero: 'Attempted to divide by zero.',
  indexOutOfRange: 'Index was outside the bounds of the array.',
  keyNotFound: (key: string) => `The given key '${key}' was not present in the dictionary.`,
  argumentOutOfRange: 'Index was out of range. Must be non-negative and less than the size of the collection.',
  // System.Linq's messages end without a period.
  noElements: 'Sequence contains no elements',
  noMatch: 'Sequence contains no matching element',
} as const;

/** A .NET exception thrown through JS: what TryCatch catches and the runner reports. */
export class NetError extends Error {
  constructor(readonly exception: NetException) {
    super(exception.message);
    this.name = exception.type;
  }
}

/** Throws `type` with `message` (its default message when omitted). */
export function fail(type: string, message?: string): never {
  throw new NetError(new NetException(type, message ?? defaultMessage(type)));
}
