import { describe, expect, it } from 'vitest';
import { NetArray, NetList, toStr, type Value } from '../../../../agent/xaml/dotnet';
import { parseVb } from '../../../../agent/xaml/expr';
import { cs, thrown, vb } from '../helpers';

/**
 * Methods passed as delegates: C#'s method groups (`list.ConvertAll(int.Parse)`) and VB's
 * AddressOf. `ConvertAll(int.Parse)` used to end the run with a JavaScript TypeError: `int.Parse`
 * was read as a call of Parse with no argument, which read a missing argument.
 */
const items = (v: Value) => (v as NetList).items.map((x) => toStr(x));
const numbers = () => ({ l: new NetList('String', ['1', '22', '333']), a: new NetArray('String', ['4', '5']) });

describe('method groups', () => {
  it('C#: a static method named as an argument is a delegate', () => {
    expect(items(cs('l.ConvertAll(int.Parse)', numbers()))).toEqual(['1', '22', '333']);
    expect(cs('l.ConvertAll(int.Parse).Sum()', numbers())).toBe(356);
    expect(cs('l.Select(int.Parse).Max()', numbers())).toBe(333);
    expect(toStr(cs('Array.ConvertAll(a, int.Parse)', numbers()))).toBe('System.Int32[]');
    expect(cs('Array.ConvertAll(a, int.Parse)[1]', numbers())).toBe(5);
    expect(cs('new[] { "", "x", null }.Count(string.IsNullOrEmpty)')).toBe(2);
    expect(cs('"a1b".Any(char.IsDigit) && !"ab".Any(char.IsDigit)')).toBe(true);
    expect(items(cs('new List<string> { @"C:\\in\\a.txt", "/tmp/b.csv" }.Select(Path.GetFileName).ToList()'))).toEqual([
      'a.txt',
      'b.csv',
    ]);
  });

  it('C#: an instance method of a value is a delegate bound to it', () => {
    const v = { allowed: new NetList('String', ['b', 'c']), words: new NetArray('String', ['a', 'b', 'c', 'd']) };
    expect(items(cs('words.Where(allowed.Contains).ToList()', v))).toEqual(['b', 'c']);
    expect(cs('words.Count("abc".Contains)', v)).toBe(3);
  });

  it('VB: AddressOf a shared method, an instance method or a Strings function', () => {
    expect(items(vb('l.ConvertAll(AddressOf Integer.Parse)', numbers()))).toEqual(['1', '22', '333']);
    expect(vb('Array.ConvertAll(a, AddressOf Integer.Parse).Sum()', numbers())).toBe(9);
    expect(vb('{"", "x", Nothing}.Count(AddressOf String.IsNullOrEmpty)')).toBe(2);
    const v = { allowed: new NetList('String', ['b', 'c']), words: new NetArray('String', ['a', 'b', 'c', 'd']) };
    expect(items(vb('words.Where(AddressOf allowed.Contains).ToList()', v))).toEqual(['b', 'c']);
    expect(items(vb('words.Select(AddressOf UCase).ToList()', v))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('the method runs with the element: its own exceptions come through', () => {
    const bad = { l: new NetList('String', ['1', 'x']) };
    expect(thrown(() => cs('l.ConvertAll(int.Parse)', bad))).toBe(
      'FormatException: Input string was not in a correct format.',
    );
    expect(thrown(() => vb('l.ConvertAll(AddressOf Integer.Parse)', bad))).toBe(
      'FormatException: Input string was not in a correct format.',
    );
    expect(thrown(() => cs('l.ConvertAll(int.NoSuchMethod)', bad))).toBe(
      "MissingMemberException: 'Int32' does not contain a definition for 'NoSuchMethod'",
    );
  });

  it("refuses AddressOf on VB's conversion operators, which are no methods", () => {
    expect(() => parseVb('Array.ConvertAll(a, AddressOf CInt)')).toThrow(
      /'AddressOf' operand must be the name of a method: 'CInt' is an operator/,
    );
    expect(() => parseVb('l.ConvertAll(AddressOf Integer.Parse())')).toThrow(/without parentheses/);
  });

  it('a method named without its arguments elsewhere fails as the language does', () => {
    expect(thrown(() => vb('Integer.Parse'))).toBe(
      "MissingMemberException: Overload resolution failed because no accessible 'Parse' accepts this number of arguments.",
    );
    expect(thrown(() => cs('int.Parse'))).toBe(
      "MissingMemberException: 'Int32' does not contain a definition for 'Parse'",
    );
    expect(thrown(() => cs('int.Parse()'))).toBe(
      "MissingMemberException: No overload for method 'Parse' takes 0 arguments",
    );
  });
});
