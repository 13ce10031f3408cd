import { NetList, NetObject, type Value } from '../dotnet';
import { regexFor, regexOptions, replacementFor } from './regexLite';

/**
 * UiPath's string activities: Text to Left/Right, and the Regex-based Matches (Find Matching
 * Patterns), IsMatch (Is Text Matching) and Replace (Find and Replace).
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

/** A Group or Match: Value, Index, Length and Success as properties; it prints its Value. */
function captured(type: string, value: string | undefined, index: number, groups?: NetList): NetObject {
  const fields = new Map<string, Value>([
    ['value', value ?? ''],
    ['index', value === undefined ? 0 : index],
    ['length', value?.length ?? 0],
    ['success', value !== undefined],
    ['#text', value ?? ''],
  ]);
  if (groups) fields.set('groups', groups);
  return new NetObject(type, fields);
}

/**
 * Matches: every match of `pattern` in `input`, left to right, as Match objects (Value, Index,
 * Length, Success, and Groups by number: Groups(0) is the whole match).
 */
export function regexMatches(input: string, pattern: string, options: string | null): NetList {
  const { re, order } = regexFor(pattern, regexOptions(options), true);
  const withIndices = new RegExp(re.source, re.flags + 'd');
  const out: Value[] = [];
  for (const m of input.matchAll(withIndices)) {
    const spans = m.indices ?? [];
    const groups = new NetList(
      'Group',
      order.map((k) => captured('Group', m[k], spans[k]?.[0] ?? 0)),
    );
    out.push(captured('Match', m[0], m.index ?? 0, groups));
  }
  return new NetList('Match', out);
}

/** IsMatch: whether `pattern` finds a match in `input`. */
export function regexIsMatch(input: string, pattern: string, options: string | null): boolean {
  return regexFor(pattern, regexOptions(options), false).re.test(input);
}

/** Replace: every match of `pattern` in `input` replaced by `replacement` ($1, ${name}, $$…). */
export function regexReplace(input: string, pattern: string, replacement: string, options: string | null): string {
  const { re, order } = regexFor(pattern, regexOptions(options), true);
  return input.replace(re, replacementFor(replacement, input, order));
}
