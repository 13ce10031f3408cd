import { describe, expect, it } from 'vitest';
import { toStr } from '../../../../agent/xaml/dotnet';
import { cs, thrown, vb } from '../helpers';

/**
 * Microsoft.VisualBasic.Strings, with the examples and rules of its documentation: 1-based
 * positions, Nothing read as "" (InStr's table: a Nothing String1 gives 0, a Nothing String2
 * gives Start), and ArgumentException for a Start below 1 or a negative Length.
 */
const both = (call: string, vars = {}) => {
  const bare = vb(call, vars);
  expect(vb('Strings.' + call, vars)).toEqual(bare);
  return bare;
};
const text = (v: unknown) => (v === null ? null : toStr(v as never));

describe('VB Strings functions', () => {
  it('Left, Right and Mid (1-based) as the documentation examples give them', () => {
    const s = { s: 'Hello World!' };
    expect(both('Left(s, 1)', s)).toBe('H');
    expect(both('Left(s, 7)', s)).toBe('Hello W');
    expect(both('Left(s, 20)', s)).toBe('Hello World!');
    expect(both('Right(s, 1)', s)).toBe('!');
    expect(both('Right(s, 6)', s)).toBe('World!');
    expect(both('Right(s, 20)', s)).toBe('Hello World!');
    const m = { t: 'Mid Function Demo' };
    expect(both('Mid(t, 1, 3)', m)).toBe('Mid');
    expect(both('Mid(t, 14, 4)', m)).toBe('Demo');
    expect(both('Mid(t, 5)', m)).toBe('Function Demo');
    expect(both('Mid(t, 40)', m)).toBe('');
    expect(thrown(() => vb('Mid("abc", 0)'))).toBe("ArgumentException: Argument 'Start' must be greater than zero.");
    expect(thrown(() => vb('Left("abc", -1)'))).toBe(
      "ArgumentException: Argument 'Length' must be greater or equal to zero.",
    );
    expect(thrown(() => vb('Mid("abc", 1, -1)'))).toMatch(/^ArgumentException: Argument 'Length'/);
    expect(both('Left(Nothing, 2)')).toBe('');
    expect(both('Right(Nothing, 2)')).toBe('');
  });

  it('InStr and InStrRev return 1-based positions, 0 when absent', () => {
    const v = { s: 'XXpXXpXXPXXP', c: 'P' };
    expect(both('InStr(4, s, c, CompareMethod.Text)', v)).toBe(6);
    expect(both('InStr(1, s, c, CompareMethod.Binary)', v)).toBe(9);
    expect(both('InStr(s, c)', v)).toBe(9);
    expect(both('InStr(1, s, "W")', v)).toBe(0);
    expect(both('InStr(s, c, vbTextCompare)', v)).toBe(3);
    expect(both('InStr(Nothing, "a")')).toBe(0);
    expect(both('InStr(3, "abcdef", "")')).toBe(3);
    expect(both('InStr(3, "abcdef", Nothing)')).toBe(3);
    expect(both('InStr(9, "abc", "a")')).toBe(0);
    expect(thrown(() => vb('InStr(0, "abc", "a")'))).toBe(
      "ArgumentException: Argument 'Start' must be greater than zero.",
    );
    const t = { t: 'the quick brown fox jumps over the lazy dog' };
    expect(both('InStrRev(t, "the")', t)).toBe(32);
    expect(both('InStrRev(t, "the", 16)', t)).toBe(1);
    expect(both('InStrRev(t, "cow")', t)).toBe(0);
    expect(both('InStrRev(t, "THE", -1, CompareMethod.Text)', t)).toBe(32);
    expect(thrown(() => vb('InStrRev("abc", "a", 0)'))).toMatch(/^ArgumentException: Argument 'Start'/);
  });

  it('Replace starts its result at Start and replaces at most Count times', () => {
    expect(both('Replace("Shopping List", "o", "i")')).toBe('Shipping List');
    expect(both('Replace("abcabc", "c", "X", 3)')).toBe('XabX');
    expect(both('Replace("aaaa", "a", "b", 1, 2)')).toBe('bbaa');
    expect(both('Replace("Hello", "L", "_", 1, -1, CompareMethod.Text)')).toBe('He__o');
    expect(both('Replace("abc", "", "x")')).toBe('abc');
    expect(both('Replace(Nothing, "a", "b")')).toBe(null);
    expect(both('Replace("abc", "b", Nothing)')).toBe('ac');
  });

  it('Split on a delimiter (a space by default) with an optional limit', () => {
    const split = (call: string) => (both(call) as { items: unknown[] }).items.map(text);
    expect(split('Split("Look at these!")')).toEqual(['Look', 'at', 'these!']);
    expect(split('Split("a,,b,", ",")')).toEqual(['a', '', 'b', '']);
    expect(split('Split("a,b,c", ",", 2)')).toEqual(['a', 'b,c']);
    expect(split('Split("aXbxc", "x", -1, CompareMethod.Text)')).toEqual(['a', 'b', 'c']);
    expect(split('Split("", ",")')).toEqual(['']);
    expect(split('Split("abc", "")')).toEqual(['abc']);
  });

  it('trims spaces only, changes case, and counts', () => {
    const v = { s: '  <-Trim->  ' };
    expect(both('LTrim(s)', v)).toBe('<-Trim->  ');
    expect(both('RTrim(s)', v)).toBe('  <-Trim->');
    expect(both('Trim(s)', v)).toBe('<-Trim->');
    expect(both('Trim(vbTab & "x ")')).toBe('\tx');
    expect(both('Trim(Nothing)')).toBe('');
    expect(both('UCase("Hello World 1234")')).toBe('HELLO WORLD 1234');
    expect(both('LCase("Hello World 1234")')).toBe('hello world 1234');
    expect(both('UCase(Nothing)')).toBe('');
    expect(both('Len("Hello World")')).toBe(11);
    expect(both('Len(Nothing)')).toBe(0);
    expect(both('Len(42)')).toBe(4);
  });

  it('Space, StrReverse and StrConv', () => {
    expect(both('Space(3)')).toBe('   ');
    expect(thrown(() => vb('Space(-1)'))).toBe(
      "ArgumentException: Argument 'Number' must be greater or equal to zero.",
    );
    expect(both('StrReverse("ABCDEFG")')).toBe('GFEDCBA');
    expect(both('StrReverse(Nothing)')).toBe('');
    expect(both('StrConv("Hello World", VbStrConv.LowerCase)')).toBe('hello world');
    expect(both('StrConv("Hello World", vbUpperCase)')).toBe('HELLO WORLD');
    expect(both('StrConv("hELLO wORLD", VbStrConv.ProperCase)')).toBe('Hello World');
    expect(both('StrConv("jean-luc o\'neil", vbProperCase)')).toBe("Jean-Luc O'neil");
    expect(thrown(() => vb('StrConv("x", VbStrConv.Wide)'))).toMatch(/^ArgumentException: /);
  });

  it('works from C# through the Strings module', () => {
    expect(cs('Strings.Left("Hello", 2) + Strings.Mid("Hello", 2, 3) + Strings.InStr("Hello", "l")')).toBe('Heell3');
    expect(cs('Strings.StrConv("big deal", VbStrConv.ProperCase)')).toBe('Big Deal');
  });
});
