import { describe, expect, it } from 'vitest';
import { NetArray, NetDictionary, NetList } from '../../../agent/xaml/dotnet';
import { assign, parseCs, ExpressionError } from '../../../agent/xaml/expr';
import { cs, csText, scopeWith, thrown } from './helpers';

describe('C# literals', () => {
  it('reads escapes, verbatim strings, interpolation and chars', () => {
    expect(cs('"a\\tb\\n\\"q\\""')).toBe('a\tb\n"q"');
    expect(cs('@"C:\\data\\in.txt"')).toBe('C:\\data\\in.txt');
    expect(cs('@"say ""hi"""')).toBe('say "hi"');
    expect(cs('$"Hello {name}, {n + 1} items, {{braces}}"', { name: 'Ann', n: 2 })).toBe(
      'Hello Ann, 3 items, {braces}',
    );
    expect(cs('$"{price:N2}|{d:yyyy-MM-dd}"', { price: cs('1234.5'), d: cs('new DateTime(2024, 1, 2)') })).toBe(
      '1,234.50|2024-01-02',
    );
    expect(csText("'x'")).toBe('x');
    expect(cs('null')).toBe(null);
    expect(cs('true && !false')).toBe(true);
    expect(csText('1.5m + 1')).toBe('2.5');
  });
});

describe('C# operators', () => {
  it('concatenates with + and converts the other side to text', () => {
    expect(cs('"n=" + 5')).toBe('n=5');
    expect(cs('"a" + null')).toBe('a');
  });
  it('does integer arithmetic as C# does: / truncates, % is remainder, Int32 wraps unchecked', () => {
    expect(cs('7 / 2')).toBe(3);
    expect(csText('7.0 / 2')).toBe('3.5');
    expect(cs('7 % 3')).toBe(1);
    expect(cs('2147483647 + 1')).toBe(-2147483648);
    expect(thrown(() => cs('1 / 0'))).toBe('DivideByZeroException: Attempted to divide by zero.');
  });
  it('compares, combines and chooses with == != < > <= >= && || ! ?: ??', () => {
    expect(cs('1 == 1 && 1 != 2 && 1 < 2 && 2 > 1 && 2 <= 2 && 2 >= 2')).toBe(true);
    expect(cs('x > 1 ? "big" : "small"', { x: 0 })).toBe('small');
    expect(cs('s ?? "default"', { s: null })).toBe('default');
    expect(cs('s == null || s.Length == 0', { s: null })).toBe(true);
    expect(cs('s is null', { s: null })).toBe(true);
    expect(cs('s is not null', { s: 'a' })).toBe(true);
    expect(cs('e is Exception', { e: cs('new ArgumentException("x")') })).toBe(true);
  });
});

describe('C# names', () => {
  it('is case-sensitive for variables and members', () => {
    expect(cs('myVar.ToUpper()', { myVar: 'a' })).toBe('A');
    expect(() => cs('MyVar', { myVar: 'a' })).toThrow(ExpressionError);
    expect(thrown(() => cs('myVar.toUpper()', { myVar: 'a' }))).toMatch(/^MissingMemberException/);
  });
  it('calls static members and string methods', () => {
    expect(cs('string.Join("-", new[] { "a", "b" })')).toBe('a-b');
    expect(cs('String.IsNullOrEmpty("")')).toBe(true);
    expect(cs('DateTime.Now.Year >= 2024')).toBe(true);
    expect(cs('x.ToString()', { x: 42 })).toBe('42');
    expect(cs('"a,b".Split(\',\').Length')).toBe(2);
    expect(cs('Math.Max(1, 2)')).toBe(2);
  });
});

describe('C# new, indexers, lambdas and casts', () => {
  it('creates arrays, lists and dictionaries', () => {
    const arr = cs('new string[] { "a", "b" }');
    expect(arr instanceof NetArray && arr.elementType).toBe('String');
    expect(cs('new int[3]') instanceof NetArray && (cs('new int[3]') as NetArray).items).toEqual([0, 0, 0]);
    const list = cs('new List<string> { "x", "y" }');
    expect(list instanceof NetList && list.items.length).toBe(2);
    const dict = cs('new Dictionary<string, object> { { "a", 1 } }');
    expect(dict instanceof NetDictionary && dict.map.size).toBe(1);
  });
  it('reads and writes through x[…]', () => {
    const d = cs('new Dictionary<string, int>()');
    const scope = scopeWith({ d, a: cs('new[] { 1, 2 }') });
    assign(parseCs('d["k"]'), scope, 5);
    assign(parseCs('a[0]'), scope, 9);
    expect(cs('d["k"] + a[0]', { d, a: scope.get('a', false) as never })).toBe(14);
    expect(thrown(() => cs('d["K"]', { d }))).toBe(
      "KeyNotFoundException: The given key 'K' was not present in the dictionary.",
    );
  });
  it('runs lambdas in LINQ calls', () => {
    expect(cs('new[] { 1, 2, 3, 4 }.Where(x => x % 2 == 0).Select(x => x * 10).Sum()')).toBe(60);
    expect(cs('new List<string> { "b", "a" }.OrderBy(s => s).First()')).toBe('a');
    expect(cs('new[] { "a", "bb" }.Count(s => s.Length > 1)')).toBe(1);
  });
  it('reads (Name) followed by a name or a literal as a cast to that type, whatever the type', () => {
    expect(csText('(JArray) JsonConvert.DeserializeObject(t)', { t: '[1,2]' })).toBe(
      csText('JArray.Parse(t)', { t: '[1,2]' }),
    );
    expect(cs('(a) + 1', { a: 2 })).toBe(3);
    expect(cs('(a)', { a: 2 })).toBe(2);
  });
  it('casts with (T)x', () => {
    expect(cs('(int)3.9')).toBe(3);
    expect(csText('(double)7 / 2')).toBe('3.5');
    expect(cs('((string)o).Length', { o: 'abc' })).toBe(3);
    expect(thrown(() => cs('(string)o', { o: 5 }))).toBe(
      "InvalidCastException: Unable to cast object of type 'Int32' to type 'String'.",
    );
  });
});
