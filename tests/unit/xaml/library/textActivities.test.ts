import { describe, expect, it } from 'vitest';
import { toStr, type NetList, type NetObject } from '../../../../agent/xaml/dotnet';
import { regexIsMatch, regexMatches, regexReplace, textToLeftRight } from '../../../../agent/xaml/library';
import { thrown } from '../helpers';

const values = (l: NetList) => l.items.map((m) => toStr(m));
const field = (m: unknown, name: string) => toStr((m as NetObject).fields.get(name) ?? null);

/** The Regex activities run System.Text.RegularExpressions.Regex: expectations from its documentation. */
describe('Matches, IsMatch and Replace (the .NET regular expression language)', () => {
  it('finds every match left to right, each with its Value, Index, Length and numbered Groups', () => {
    const found = regexMatches('call 407123 or 4079 now', '(407)([0-9])+', 'IgnoreCase, Compiled');
    expect(values(found)).toEqual(['407123', '4079']);
    const first = found.items[0];
    expect([field(first, 'index'), field(first, 'length'), field(first, 'success')]).toEqual(['5', '6', 'True']);
    const groups = (first as NetObject).fields.get('groups') as NetList;
    // Group 0 is the whole match; a repeated group keeps its last capture.
    expect(values(groups)).toEqual(['407123', '407', '3']);
    expect(values(regexMatches('none here', '\\d+', null))).toEqual([]);
  });

  it('numbers unnamed groups before named ones, as .NET does', () => {
    const m = regexMatches('2024-05-06', "(?'year'\\d{4})-(?<month>\\d\\d)-(\\d\\d)", 'None').items[0];
    const groups = (m as NetObject).fields.get('groups') as NetList;
    expect(values(groups)).toEqual(['2024-05-06', '06', '2024', '05']);
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
    expect(regexReplace('x1', '(\\d)', '$10', null)).toBe('x10');
  });

  it('refuses what it cannot run as .NET would rather than matching otherwise', () => {
    expect(thrown(() => regexIsMatch('a', '(?>a)', null))).toBe(
      "NotSupportedException: The regular expression construct '(?>…)' (atomic group) is not supported by this agent.",
    );
    expect(thrown(() => regexIsMatch('a', 'a', 'RightToLeft'))).toContain('NotSupportedException');
    expect(thrown(() => regexIsMatch('a', 'a', 'Fuzzy'))).toBe(
      "ArgumentException: 'Fuzzy' is not a RegexOptions value.",
    );
    expect(thrown(() => regexIsMatch('a', '(a', null))).toBe("ArgumentException: Invalid pattern '(a'.");
  });
});

describe('Text to Left/Right', () => {
  it('splits at the first occurrence of the separator, which is in neither part', () => {
    expect(textToLeftRight('45 min 12 km', ' ')).toEqual(['45', 'min 12 km']);
    expect(textToLeftRight('key=value=x', '=')).toEqual(['key', 'value=x']);
    expect(textToLeftRight('no separator', ';')).toEqual(['no separator', '']);
  });
});
