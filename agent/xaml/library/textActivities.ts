import { fail, NetEnum, textOrEmpty, type Value } from '../dotnet';
import { parseEnum } from '../dotnet/enums';
import { NetRegex } from '../dotnet/regex';
import type { NetMatchCollection } from '../dotnet/regexMatch';

/**
 * UiPath's string activities: Text to Left/Right, and the Regex-based Matches (Find Matching
 * Patterns), IsMatch (Is Text Matching) and Replace (Find and Replace). The Regex ones run the
 * expression evaluator's System.Text.RegularExpressions.Regex, so a pattern means in an activity
 * what it means in `Regex.Matches(…)`, and refuses the same constructs.
 */

/**
 * TextToLeftRight: the text before and after the first occurrence of `separator` (which is in
 * neither). When the separator does not occur, the whole text is the left part and the right
 * part is empty.
 */
export function textToLeftRight(fullText: string, separator: string): [string, string] {
  const i = fullText.indexOf(separator);
  if (i < 0) return [fullText, ''];
  return [fullText.slice(0, i), fullText.slice(i + separator.length)];
}

/**
 * The RegexOptions bits of a RegexOption value: a RegexOptions value as an expression gives it,
 * or text as Studio writes the attribute ("IgnoreCase, Compiled"); Nothing and blank are None.
 */
export function regexOptions(v: Value | undefined): number {
  if (v === null || v === undefined) return 0;
  if (v instanceof NetEnum) {
    if (v.type !== 'RegexOptions') fail('ArgumentException', `A ${v.type} value is not a RegexOptions value.`);
    return v.n;
  }
  return parseEnum('RegexOptions', textOrEmpty(v)).n;
}

/** The Regex for a pattern and RegexOptions bits; a pattern this agent cannot run is ArgumentException. */
export function regexFor(pattern: string, options: number): NetRegex {
  return new NetRegex(pattern, options);
}

/** Matches: every match of `pattern` in `input`, left to right, as .NET's Regex.Matches gives them. */
export function regexMatches(input: string, pattern: string, options: Value = null): NetMatchCollection {
  return regexFor(pattern, regexOptions(options)).matches(input);
}

/** IsMatch: whether `pattern` finds a match in `input`. */
export function regexIsMatch(input: string, pattern: string, options: Value = null): boolean {
  return regexFor(pattern, regexOptions(options)).isMatch(input);
}

/** Replace: every match of `pattern` in `input` replaced by `replacement` ($1, ${name}, $$…). */
export function regexReplace(input: string, pattern: string, replacement: string, options: Value = null): string {
  return regexFor(pattern, regexOptions(options)).replace(input, replacement);
}
