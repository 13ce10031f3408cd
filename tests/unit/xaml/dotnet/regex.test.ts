import { describe, expect, it } from 'vitest';
import { NetArray, toStr, type Value } from '../../../../agent/xaml/dotnet';
import { cs, thrown, vb } from '../helpers';

/**
 * System.Text.RegularExpressions with .NET's semantics where JavaScript's differ, using the
 * documentation's examples: group numbering (unnamed groups first), substitutions, Split with
 * captures, `$` before a final newline, `.` and \r, Unicode \w and \d, atomic groups, options.
 */
const strings = (v: Value) => (v as NetArray).items.map((x) => toStr(x));

describe('Regex: matching', () => {
  it('IsMatch as the part-number example of the documentation', () => {
    const p = '^[a-zA-Z0-9]\\d{2}[a-zA-Z0-9](-\\d{3}){2}[A-Za-z0-9]$';
    const ok = (s: string) => vb('Regex.IsMatch(s, p)', { s, p });
    expect(ok('1298-673-4192')).toBe(true);
    expect(ok('A08Z-931-468A')).toBe(true);
    expect(ok('_A90-123-129X')).toBe(false);
    expect(ok('12345-KKA-1230')).toBe(false);
    expect(ok('0919-2893-1256')).toBe(false);
  });

  it('finds repeated words with a named group and a back reference, ignoring case', () => {
    const v = {
      p: '\\b(?<word>\\w+)\\s+(\\k<word>)\\b',
      s: 'The the quick brown fox  fox jumps over the lazy dog dog.',
    };
    const found = vb(
      'Regex.Matches(s, p, RegexOptions.IgnoreCase).Select(Function(m) m.Groups("word").Value & "@" & m.Index & "," & m.Groups(1).Index)',
      v,
    );
    expect(strings(vb('x.ToArray()', { x: found }))).toEqual(['The@0,4', 'fox@20,25', 'dog@49,53']);
  });

  it('numbers unnamed groups before named ones', () => {
    const v = { m: vb('Regex.Match("on 2024-05", "(?<year>\\d{4})-(\\d{2})")') };
    expect(vb('m.Groups(1).Value', v)).toBe('05');
    expect(vb('m.Groups(2).Value', v)).toBe('2024');
    expect(vb('m.Groups("year").Value', v)).toBe('2024');
    expect(vb('m.Groups.Count', v)).toBe(3);
    expect(vb('m.Value & "|" & m.Index & "|" & m.Length', v)).toBe('2024-05|3|7');
    expect(vb('m.Groups("nope").Success', v)).toBe(false);
    expect(strings(vb('New Regex("(?<year>\\d{4})-(\\d{2})").GetGroupNames()'))).toEqual(['0', '1', 'year']);
    expect(cs('Regex.Match("id=42", @"id=(?<n>\\d+)").Groups["n"].Value')).toBe('42');
  });

  it('walks matches with NextMatch and Matches, empty matches included', () => {
    const v = { m: vb('Regex.Match("a1b22c333", "\\d+")') };
    expect(vb('m.Value & m.NextMatch().Value & m.NextMatch().NextMatch().Value', v)).toBe('122333');
    expect(vb('m.NextMatch().NextMatch().NextMatch().Success', v)).toBe(false);
    expect(vb('New Regex("\\d+").Matches("a1b22c333").Count')).toBe(3);
    expect(vb('New Regex("^\\d+$").IsMatch("123") AndAlso Not New Regex("^\\d+$").IsMatch("12a")')).toBe(true);
    expect(vb('New Regex("\\d+").Match("a1b22", 2).Value')).toBe('22');
    expect(cs('new Regex(@"[aeiou]", RegexOptions.IgnoreCase).Matches("OpenAI").Count')).toBe(4);
    expect(vb('Regex.Matches("abc", "x*").Count')).toBe(4);
    expect(vb('Regex.Match("abc", "z").Success')).toBe(false);
    expect(vb('Regex.Match("abc", "z").Value')).toBe('');
    expect(toStr(vb('Regex.Match("abc", "b")'))).toBe('b');
  });

  it("keeps .NET's meaning of $, ., \\A \\z \\Z, \\w \\d \\b and atomic groups", () => {
    expect(vb('Regex.IsMatch("ab" & vbLf, "ab$")')).toBe(true);
    expect(vb('Regex.IsMatch("ab" & vbLf, "ab\\z")')).toBe(false);
    expect(vb('Regex.IsMatch("ab" & vbLf, "ab\\Z")')).toBe(true);
    expect(vb('Regex.IsMatch("ab" & vbCrLf, "ab$")')).toBe(false);
    expect(vb('Regex.IsMatch("a" & vbCr & "b", "a.b")')).toBe(true);
    expect(vb('Regex.IsMatch("a" & vbLf & "b", "a.b")')).toBe(false);
    expect(vb('Regex.IsMatch("x" & vbLf & "ab", "\\Aab", RegexOptions.Multiline)')).toBe(false);
    expect(vb('Regex.IsMatch("é", "^\\w$")')).toBe(true);
    expect(vb('Regex.IsMatch(ChrW(&H663), "^\\d$")')).toBe(true);
    expect(vb('Regex.Matches("café au lait", "\\b\\w+\\b").Count')).toBe(3);
    expect(vb('Regex.IsMatch("aaa", "(?>a+)a")')).toBe(false);
    expect(vb('Regex.IsMatch("aaa", "(?:a+)a")')).toBe(true);
  });

  it('reads a set holding a negated shorthand beside other members: [\\W\\d], [^\\W\\d], [^\\D\\s]', () => {
    // [\W\d]: not a word character, or a digit; [^\W\d]: a word character that is not a digit.
    expect(
      strings(vb('Regex.Matches("a1-b c", "[\\W\\d]").Cast(Of Match)().Select(Function(m) m.Value).ToArray()')),
    ).toEqual(['1', '-', ' ']);
    expect(vb('Regex.Match("12_é3", "[^\\W\\d]+").Value')).toBe('_é');
    expect(vb('Regex.Replace("a1 b2", "[^\\D\\s]", "#")')).toBe('a# b#');
    expect(
      vb(
        'Regex.IsMatch("-", "^[\\Wx]$") AndAlso Regex.IsMatch("x", "^[\\Wx]$") AndAlso Not Regex.IsMatch("y", "^[\\Wx]$")',
      ),
    ).toBe(true);
  });

  it('applies RegexOptions and inline options', () => {
    expect(vb('Regex.Matches("1" & vbLf & "2", "^\\d").Count')).toBe(1);
    expect(vb('Regex.Matches("1" & vbLf & "2", "^\\d", RegexOptions.Multiline).Count')).toBe(2);
    expect(vb('Regex.IsMatch("a" & vbLf & "b", "a.b", RegexOptions.Singleline)')).toBe(true);
    expect(vb('Regex.Match("ab 12", "\\d+  # the digits", RegexOptions.IgnorePatternWhitespace).Value')).toBe('12');
    expect(vb('Regex.IsMatch("HELLO", "(?i)hello")')).toBe(true);
    expect(vb('Regex.IsMatch("ABc", "(?i:ab)c")')).toBe(true);
    expect(vb('Regex.IsMatch("ABC", "(?i:ab)c")')).toBe(false);
    expect(vb('Regex.IsMatch("xY", "x(?i)y")')).toBe(true);
    expect(vb('Regex.IsMatch("Q", "(?i:[a-z])")')).toBe(true);
    expect(toStr(vb('New Regex("x", RegexOptions.IgnoreCase Or RegexOptions.Multiline).Options'))).toBe(
      'IgnoreCase, Multiline',
    );
    expect(cs('Regex.IsMatch("A-1", "a-\\\\d", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)')).toBe(true);
  });
});

describe('Regex: Replace, Split, Escape', () => {
  it('substitutes $number, ${name}, $$, $& and leaves a reference to no group as written', () => {
    expect(vb('Regex.Replace("16-05-2024", "(\\d{2})-(\\d{2})-(\\d{4})", "$3/$2/$1")')).toBe('2024/05/16');
    expect(vb('Regex.Replace("one two", "\\b(?<w1>\\w+)(\\s)(?<w2>\\w+)\\b", "${w2}$1${w1}")')).toBe('two one');
    expect(vb('Regex.Replace("5", "\\d", "$$$&")')).toBe('$5');
    expect(vb('Regex.Replace("ab", "(a)", "$10")')).toBe('$10b');
    expect(vb('Regex.Replace("a-b", "-", "[$`|$\'|$_]")')).toBe('a[a|b|a-b]b');
    expect(cs('new Regex(@"\\s+").Replace("a   b  c", " ")')).toBe('a b c');
    expect(vb('New Regex("a").Replace("aaaa", "b", 2)')).toBe('bbaa');
  });

  it('calls a MatchEvaluator lambda or method for each match', () => {
    expect(vb('Regex.Replace("abc", "[ac]", Function(m) m.Value.ToUpper())')).toBe('AbC');
    expect(cs('Regex.Replace("x1y22", @"\\d+", m => (int.Parse(m.Value) * 2).ToString())')).toBe('x2y44');
    expect(vb('New Regex("(\\w)(\\d)").Replace("a1 b2", Function(m) m.Groups(2).Value & m.Groups(1).Value)')).toBe(
      '1a 2b',
    );
  });

  it('splits, keeping captured text, and escapes', () => {
    expect(strings(vb('Regex.Split("plum-pear", "(-)")'))).toEqual(['plum', '-', 'pear']);
    expect(strings(vb('Regex.Split("a1b2c", "\\d")'))).toEqual(['a', 'b', 'c']);
    expect(strings(vb('Regex.Split("abc", "")'))).toEqual(['', 'a', 'b', 'c', '']);
    expect(strings(vb('New Regex(",").Split("a,b,c", 2)'))).toEqual(['a', 'b,c']);
    expect(vb('Regex.Escape("a.b*c")')).toBe('a\\.b\\*c');
    expect(vb('Regex.Escape("x y" & vbTab & "[]")')).toBe('x\\ y\\t\\[]');
    expect(vb('Regex.Unescape("a\\.b\\tc")')).toBe('a.b\tc');
    expect(vb('Regex.IsMatch("1+1=2", Regex.Escape("1+1"))')).toBe(true);
  });
});

describe('Regex: refusals and errors', () => {
  it('refuses what JavaScript cannot do, naming the construct', () => {
    expect(thrown(() => vb('Regex.IsMatch("a", "(?(x)a|b)")'))).toMatch(/^ArgumentException: .*'\(\?\(…\)…\)'/);
    expect(thrown(() => vb('Regex.IsMatch("a", "\\Ga")'))).toMatch(/^ArgumentException: .*'\\G'/);
    expect(thrown(() => vb('Regex.IsMatch("a", "(?<o-c>a)")'))).toMatch(/^ArgumentException: .*balancing group/);
    expect(thrown(() => vb('Regex.IsMatch("a", "[a-z-[aeiou]]")'))).toMatch(/^ArgumentException: .*subtraction/);
    expect(thrown(() => vb('Regex.IsMatch("a", "\\p{IsGreek}")'))).toMatch(/^ArgumentException: .*IsGreek/);
    expect(thrown(() => vb('Regex.IsMatch("a", "a", RegexOptions.RightToLeft)'))).toMatch(
      /^ArgumentException: .*RightToLeft/,
    );
  });

  it("reports a bad pattern as .NET's parser does, and Nothing arguments", () => {
    expect(thrown(() => vb('Regex.IsMatch("a", "(")'))).toBe(
      "ArgumentException: Invalid pattern '(' at offset 1. Not enough )'s.",
    );
    expect(thrown(() => vb('Regex.IsMatch("a", "a*+")'))).toMatch(
      /^ArgumentException: Invalid pattern 'a\*\+' .*Nested quantifier/,
    );
    expect(thrown(() => vb('Regex.IsMatch("a", "[z-a]")'))).toMatch(/range in reverse order/);
    expect(thrown(() => vb('Regex.IsMatch("a", "\\q")'))).toMatch(/Unrecognized escape sequence \\q/);
    expect(thrown(() => vb('Regex.IsMatch(Nothing, "a")'))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'input')",
    );
    expect(thrown(() => vb('New Regex(Nothing)'))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'pattern')",
    );
  });
});
