import { describe, expect, it } from 'vitest';
import { NetEnum } from '../../../../agent/xaml/dotnet';
import type { NetMatchCollection } from '../../../../agent/xaml/dotnet/regexMatch';
import {
  regexIsMatch,
  regexMatches,
  regexOptions,
  regexReplace,
  textToLeftRight,
} from '../../../../agent/xaml/library';
import { thrown } from '../helpers';

const values = (found: NetMatchCollection) => found.matches.map((m) => m.value);

/** The Regex activities run System.Text.RegularExpressions.Regex: expectations from its documentation. */
describe('Matches, IsMatch and Replace (the .NET regular expression language)', () => {
  it('finds every match left to right, each a Match with its Value, Index, Length and numbered Groups', () => {
    const found = regexMatches('call 407123 or 4079 now', '(407)([0-9])+', 'IgnoreCase, Compiled');
    expect(found.netType).toBe('MatchCollection');
    expect(values(found)).toEqual(['407123', '4079']);
    const first = found.matches[0];
    expect([first.netType, first.index, first.value.length, first.success]).toEqual(['Match', 5, 6, true]);
    // Group 0 is the whole match; a repeated group keeps its last capture.
    expect(first.groups.map((g) => g.value)).toEqual(['407123', '407', '3']);
    expect(first.toText()).toBe('407123');
    expect(values(regexMatches('none here', '\\d+', null))).toEqual([]);
  });

  it('numbers unnamed groups before named ones, as .NET does', () => {
    const m = regexMatches('2024-05-06', "(?'year'\\d{4})-(?<month>\\d\\d)-(\\d\\d)", 'None').matches[0];
    expect(m.groups.map((g) => `${g.name}=${g.value}`)).toEqual(['0=2024-05-06', '1=06', 'year=2024', 'month=05']);
    expect(regexReplace('2024-05-06', "(?'year'\\d{4})-(?<month>\\d\\d)-(\\d\\d)", '$1.${month}.${year}', null)).toBe(
      '06.05.2024',
    );
  });

  it('reads $ as the end or before a final newline, . as anything but a newline, and \\A \\z \\Z', () => {
    expect(regexIsMatch('abc\n', 'c$', null)).toBe(true);
    expect(regexIsMatch('abc\nd', 'c$', null)).toBe(false);
    expect(regexIsMatch('abc\nd', 'c$', 'Multiline')).toBe(true);
    expect(regexIsMatch('a\nb', 'a.b', null)).toBe(false);
    expect(regexIsMatch('a\nb', 'a.b', 'Singleline')).toBe(true);
    expect(regexIsMatch('x\ny', '\\Ay', 'Multiline')).toBe(false);
    expect(regexIsMatch('ab\n', 'b\\Z', null)).toBe(true);
    expect(regexIsMatch('ab\n', 'b\\z', null)).toBe(false);
    expect(regexIsMatch('Hello', '(?i)^hello$', null)).toBe(true);
    expect(regexIsMatch('a b', 'a b # spaced', 'IgnorePatternWhitespace')).toBe(false);
    expect(regexIsMatch('ab', 'a b # spaced', 'IgnorePatternWhitespace')).toBe(true);
  });

  it('replaces every match, with $1, $$, $0 and $_ as .NET substitutions', () => {
    expect(regexReplace('ActivityType', '([A-Z])', ' $1', 'None')).toBe(' Activity Type');
    expect(regexReplace(' Activity Type', '^\\s*', '', 'None')).toBe('Activity Type');
    expect(regexReplace('a  b   c', ' {2,}', ' ', null)).toBe('a b c');
    expect(regexReplace('5', '\\d', '$$$0', null)).toBe('$5');
    expect(regexReplace('ab', 'b', '[$_]', null)).toBe('a[ab]');
    // .NET reads every digit of $10: no group 10, so the substitution stays as written.
    expect(regexReplace('x1', '(\\d)', '$10', null)).toBe('x$10');
  });

  it('runs the .NET constructs the activities once refused: atomic groups, scoped options, categories, ExplicitCapture', () => {
    // (?>a+) takes every "a" and gives none back, so a following "a" never matches.
    expect(regexIsMatch('aaa', '(?>a+)a', null)).toBe(false);
    expect(regexIsMatch('aaab', '(?>a+)b', null)).toBe(true);
    expect(regexIsMatch('xY', 'x(?i)y', null)).toBe(true);
    expect(regexIsMatch('xY', 'x(?i:y)', null)).toBe(true);
    expect(regexIsMatch('XY', 'x(?i:y)', null)).toBe(false);
    expect(regexReplace('HeLLo', '\\p{Lu}', '_', null)).toBe('_e__o');
    // \w and \b are Unicode-aware in .NET: "é" is a word character.
    expect(values(regexMatches('café au lait', '\\b\\w+\\b', null))).toEqual(['café', 'au', 'lait']);
    const explicit = regexMatches('ab', '(a)(?<x>b)', 'ExplicitCapture').matches[0];
    expect(explicit.groups.map((g) => g.name)).toEqual(['0', 'x']);
    expect(regexReplace('a1b', '\\d', "[$`|$']", null)).toBe('a[a|b]b');
  });

  it('keeps what the activities ran before: a set with a negated shorthand beside other members', () => {
    // [\W\d] is anything but a word character, or a digit.
    expect(values(regexMatches('a1-b c', '[\\W\\d]', null))).toEqual(['1', '-', ' ']);
    // [^\W\d] is a word character that is not a digit.
    expect(values(regexMatches('a1_é2', '[^\\W\\d]+', null))).toEqual(['a', '_é']);
    expect(values(regexMatches('a b\tc', '[x\\S]+', null))).toEqual(['a', 'b', 'c']);
    expect(values(regexMatches('a1 b', '[^\\D\\s]', null))).toEqual(['1']);
  });

  it('reads RegexOption as Studio writes it, or as a RegexOptions value', () => {
    expect(regexOptions('IgnoreCase, Compiled')).toBe(1 | 8);
    expect(regexOptions('RegexOptions.Multiline | RegexOptions.Singleline')).toBe(2 | 16);
    expect(regexOptions(' ')).toBe(0);
    expect(regexOptions(null)).toBe(0);
    expect(regexOptions(new NetEnum('RegexOptions', 'IgnoreCase', 1))).toBe(1);
    expect(regexIsMatch('ABC', 'abc', new NetEnum('RegexOptions', 'IgnoreCase', 1))).toBe(true);
  });

  it('refuses what it cannot run as .NET would rather than matching otherwise', () => {
    const refused = (construct: string) =>
      `ArgumentException: The regular expression construct ${construct} is not supported by this agent.`;
    expect(thrown(() => regexIsMatch('a', 'a', 'RightToLeft'))).toBe(refused('RegexOptions.RightToLeft'));
    expect(thrown(() => regexIsMatch('ab', '(a)?(?(1)b|c)', null))).toBe(
      refused("'(?(…)…)' (an alternation construct)"),
    );
    expect(thrown(() => regexIsMatch('a', '[a-z-[aeiou]]', null))).toBe(
      refused("'-[…]' (character class subtraction)"),
    );
    expect(thrown(() => regexIsMatch('a', '\\Ga', null))).toContain("'\\G'");
    expect(thrown(() => regexIsMatch('a', 'a', 'Fuzzy'))).toBe(
      "ArgumentException: 'Fuzzy' is not a RegexOptions value.",
    );
    expect(thrown(() => regexIsMatch('a', '(a', null))).toBe(
      "ArgumentException: Invalid pattern '(a' at offset 2. Not enough )'s.",
    );
  });
});

describe('Text to Left/Right', () => {
  it('splits at the first occurrence of the separator, which is in neither part', () => {
    expect(textToLeftRight('45 min 12 km', ' ')).toEqual(['45', 'min 12 km']);
    expect(textToLeftRight('key=value=x', '=')).toEqual(['key', 'value=x']);
    expect(textToLeftRight('no separator', ';')).toEqual(['no separator', '']);
  });
});
