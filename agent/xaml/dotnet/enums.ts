import { fail } from './exceptions';
import { MISSING, NetEnum, type Value } from './values';

/** The enumerations expressions name, each member with its value; `flags` ones combine with Or. */
const ENUMS: Record<string, { names: string[]; values?: number[]; flags?: boolean }> = {
  StringComparison: {
    names: [
      'CurrentCulture',
      'CurrentCultureIgnoreCase',
      'InvariantCulture',
      'InvariantCultureIgnoreCase',
      'Ordinal',
      'OrdinalIgnoreCase',
    ],
  },
  StringSplitOptions: { names: ['None', 'RemoveEmptyEntries', 'TrimEntries'], values: [0, 1, 2], flags: true },
  MidpointRounding: { names: ['ToEven', 'AwayFromZero', 'ToZero'] },
  DayOfWeek: { names: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] },
  DateTimeStyles: { names: ['None'] },
  SearchOption: { names: ['TopDirectoryOnly', 'AllDirectories'] },
  RegexOptions: {
    names: [
      'None',
      'IgnoreCase',
      'Multiline',
      'ExplicitCapture',
      'Compiled',
      'Singleline',
      'IgnorePatternWhitespace',
      'RightToLeft',
      'ECMAScript',
      'CultureInvariant',
      'NonBacktracking',
    ],
    values: [0, 1, 2, 4, 8, 16, 32, 64, 256, 512, 1024],
    flags: true,
  },
  VbStrConv: {
    names: ['None', 'Uppercase', 'Lowercase', 'ProperCase', 'Wide', 'Narrow', 'Katakana', 'Hiragana'],
    values: [0, 1, 2, 3, 4, 8, 16, 32],
    flags: true,
  },
  CompareMethod: { names: ['Binary', 'Text'] },
};

export const ENUM_TYPES = Object.keys(ENUMS);

/** `Type.Member` of an enumeration, or MISSING. */
export function enumMember(type: string, lc: string): NetEnum | typeof MISSING {
  const e = ENUMS[type];
  if (!e) return MISSING;
  const i = e.names.findIndex((n) => n.toLowerCase() === lc);
  return i < 0 ? MISSING : new NetEnum(type, e.names[i], e.values?.[i] ?? i);
}

/**
 * An enumeration value written as text, as Enum.Parse reads it: member names separated by
 * commas, OR-ed together. Studio writes attributes this way ("IgnoreCase, Compiled"); names are
 * matched ignoring case and may carry their type ("RegexOptions.IgnoreCase"), and `|` separates
 * too. Blank text is the member numbered 0; a name the enumeration has not is ArgumentException.
 */
export function parseEnum(type: string, written: string): NetEnum {
  const e = ENUMS[type];
  let n = 0;
  for (const part of written.split(/[,|]/)) {
    const name = part.trim().replace(/^(?:\w+\.)*/, '');
    if (name === '') continue;
    const m = enumMember(type, name.toLowerCase());
    if (!e || m === MISSING) return fail('ArgumentException', `'${name}' is not a ${type} value.`);
    n |= m.n;
  }
  return enumOf(type, n);
}

/** The enumeration value of `type` numbered `n`, named as .NET prints it ("IgnoreCase, Multiline"). */
export function enumOf(type: string, n: number): NetEnum {
  const e = ENUMS[type];
  const values = e?.values ?? e?.names.map((_, i) => i) ?? [];
  const exact = values.indexOf(n);
  if (e && exact >= 0) return new NetEnum(type, e.names[exact], n);
  if (e?.flags) {
    const parts: string[] = [];
    let rest = n;
    // Flags print from the highest set member down, then in ascending order, as Enum.ToString does.
    for (let i = values.length - 1; i >= 0; i--) {
      if (values[i] !== 0 && (rest & values[i]) === values[i]) {
        parts.unshift(e.names[i]);
        rest &= ~values[i];
      }
    }
    if (rest === 0 && parts.length) return new NetEnum(type, parts.join(', '), n);
  }
  return new NetEnum(type, String(n), n);
}

/** `a Or b`, `a And b`, `a Xor b` (C#'s | & ^) on two values of one enumeration. */
export function combineEnums(a: Value, b: Value, op: 'And' | 'Or' | 'Xor'): NetEnum | null {
  if (!(a instanceof NetEnum && b instanceof NetEnum) || a.type !== b.type) return null;
  const n = op === 'And' ? a.n & b.n : op === 'Or' ? a.n | b.n : a.n ^ b.n;
  return enumOf(a.type, n);
}

/** Whether flag `bit` is set in an enumeration argument (RegexOptions.IgnoreCase in `options`). */
export function hasFlag(v: Value | undefined, bit: number): boolean {
  return v instanceof NetEnum && (v.n & bit) === bit;
}
