import { describe, expect, it } from 'vitest';
import { NetArray, NetList, toStr, type Value } from '../../../../agent/xaml/dotnet';
import { cs, thrown, vb } from '../helpers';

/**
 * System.Linq.Enumerable's operators, as extension calls and as Enumerable.X(source, …), with
 * the examples of their documentation pages where they give one.
 */
const list = (v: Value): string[] => {
  if (!(v instanceof NetList || v instanceof NetArray)) throw new Error('not a sequence: ' + String(v));
  return v.items.map((x) => (x === null ? 'Nothing' : toStr(x)));
};
const strs = (...s: string[]) => new NetArray('String', s);
const ints = (...n: number[]) => new NetList('Int32', n);
const fruits = strs('grape', 'passionfruit', 'banana', 'mango', 'orange', 'raspberry', 'apple', 'blueberry');

describe('LINQ: projection, filtering, ordering', () => {
  it('Zip pairs two sequences up to the shorter one, with a selector or as tuples', () => {
    const v = { numbers: ints(1, 2, 3, 4), words: strs('one', 'two', 'three') };
    expect(list(vb('numbers.Zip(words, Function(f, s) f & " " & s)', v))).toEqual(['1 one', '2 two', '3 three']);
    expect(list(cs('numbers.Zip(words, (first, second) => first + " " + second)', v))).toEqual([
      '1 one',
      '2 two',
      '3 three',
    ]);
    expect(list(cs('numbers.Zip(words)', v))).toEqual(['(1, one)', '(2, two)', '(3, three)']);
    expect(cs('numbers.Zip(words).Last().Second + numbers.Zip(words).First().Item1', v)).toBe('three1');
    expect(list(vb('Enumerable.Zip(numbers, words, Function(a, b) b.Length * a)', v))).toEqual(['3', '6', '15']);
  });

  it('Where and Select (with the index overloads) and SelectMany', () => {
    const v = { n: ints(5, 6, 7, 8) };
    expect(list(vb('n.Where(Function(x) x Mod 2 = 0)', v))).toEqual(['6', '8']);
    expect(list(cs('n.Where((x, i) => i >= 2)', v))).toEqual(['7', '8']);
    expect(list(vb('n.Select(Function(x, i) i & ":" & x)', v))).toEqual(['0:5', '1:6', '2:7', '3:8']);
    expect(list(cs('new[] { "a b", "c" }.SelectMany(s => s.Split(\' \'))'))).toEqual(['a', 'b', 'c']);
    expect(list(cs('Enumerable.Select(Enumerable.Where(n, x => x > 6), x => x * 10)', v))).toEqual(['70', '80']);
  });

  it('OrderBy / ThenBy (stable, culture order for strings) and the Descending forms', () => {
    expect(list(cs('fruits.OrderBy(f => f.Length).ThenBy(f => f)', { fruits }))).toEqual([
      'apple',
      'grape',
      'mango',
      'banana',
      'orange',
      'blueberry',
      'raspberry',
      'passionfruit',
    ]);
    expect(
      list(vb('fruits.OrderByDescending(Function(f) f.Length).ThenByDescending(Function(f) f).Take(3)', { fruits })),
    ).toEqual(['passionfruit', 'raspberry', 'blueberry']);
    expect(list(vb('{"b", "A", "a", "B"}.OrderBy(Function(x) x)'))).toEqual(['a', 'A', 'b', 'B']);
    expect(list(cs('new[] { 3, 1, 2 }.OrderByDescending(x => x)'))).toEqual(['3', '2', '1']);
    expect(list(vb('Enumerable.OrderBy({"bb", "a", "ccc"}, Function(s) s.Length)'))).toEqual(['a', 'bb', 'ccc']);
  });

  it('Take, Skip, TakeWhile, SkipWhile, Reverse, ElementAt', () => {
    const grades = { g: ints(59, 82, 70, 56, 92, 98, 85) };
    expect(list(vb('g.OrderByDescending(Function(x) x).Take(3)', grades))).toEqual(['98', '92', '85']);
    expect(list(vb('g.OrderByDescending(Function(x) x).Skip(3)', grades))).toEqual(['82', '70', '59', '56']);
    expect(list(cs('g.OrderByDescending(x => x).SkipWhile(x => x >= 80)', grades))).toEqual(['70', '59', '56']);
    expect(list(cs('fruits.TakeWhile(f => f != "mango")', { fruits }))).toEqual(['grape', 'passionfruit', 'banana']);
    expect(list(vb('g.Take(-1)', grades))).toEqual([]);
    expect(list(vb('g.ToArray().Reverse().Take(2)', grades))).toEqual(['85', '98']);
    // List(Of T).Reverse() is List's own method, which reverses in place and returns nothing.
    expect(vb('g.Reverse()', grades)).toBe(null);
    expect(list(vb('g.Take(2)', grades))).toEqual(['85', '98']);
    expect(vb('g.Reverse()', grades)).toBe(null);
    // A query's Reverse is Enumerable.Reverse: a new sequence, the source unchanged.
    expect(list(vb('g.Where(Function(x) x > 80).Reverse()', grades))).toEqual(['85', '98', '92', '82']);
    expect(thrown(() => vb('g.Where(Function(x) x > 80).Add(1)', grades))).toMatch(/^MissingMemberException/);
    const d = { d: vb('New Dictionary(Of String, Integer) From {{"a", 1}, {"b", 2}}') };
    expect(list(vb('d.Keys.Reverse()', d))).toEqual(['b', 'a']);
    expect(vb('d.Values.Count', d)).toBe(2);
    expect(vb('g.ElementAt(1)', grades)).toBe(82);
    expect(vb('g.ElementAtOrDefault(10)', grades)).toBe(0);
    expect(thrown(() => vb('g.ElementAt(10)', grades))).toMatch(/^ArgumentOutOfRangeException: Index was out of range/);
  });
});

describe('LINQ: elements, quantifiers, aggregates', () => {
  it('First, Last, Single and the OrDefault forms, with the type default for an empty sequence', () => {
    const v = { n: ints(1, 2, 3), none: ints(), names: new NetList('String', []) };
    expect(vb('n.First()', v)).toBe(1);
    expect(vb('n.Last(Function(x) x < 3)', v)).toBe(2);
    expect(vb('n.Single(Function(x) x = 2)', v)).toBe(2);
    expect(vb('none.FirstOrDefault()', v)).toBe(0);
    expect(vb('names.FirstOrDefault() Is Nothing', v)).toBe(true);
    expect(vb('n.FirstOrDefault(Function(x) x > 5)', v)).toBe(0);
    expect(thrown(() => vb('n.First(Function(x) x > 5)', v))).toBe(
      'InvalidOperationException: Sequence contains no matching element',
    );
    expect(thrown(() => vb('none.Last()', v))).toBe('InvalidOperationException: Sequence contains no elements');
    expect(thrown(() => vb('n.Single()', v))).toBe(
      'InvalidOperationException: Sequence contains more than one element',
    );
    expect(thrown(() => vb('n.SingleOrDefault(Function(x) x > 1)', v))).toBe(
      'InvalidOperationException: Sequence contains more than one matching element',
    );
  });

  it('Any, All, Count, Contains', () => {
    const v = { n: ints(1, 2, 3) };
    expect(vb('n.Any()', v)).toBe(true);
    expect(vb('n.Any(Function(x) x > 2)', v)).toBe(true);
    expect(vb('n.All(Function(x) x > 1)', v)).toBe(false);
    expect(vb('n.Count(Function(x) x <> 2)', v)).toBe(2);
    expect(cs('n.Contains(3) && !n.Contains(4)', v)).toBe(true);
    expect(toStr(vb('n.LongCount()', v))).toBe('3');
  });

  it("Sum, Min, Max, Average keep .NET's result types, overflow and empty-sequence rules", () => {
    const v = { n: ints(1, 2, 4), none: ints(), big: ints(2147483647, 1), s: strs('pear', 'Apple', 'fig') };
    expect(vb('n.Sum()', v)).toBe(7);
    expect(toStr(vb('n.Average()', v))).toBe('2.3333333333333335');
    expect(vb('n.Max(Function(x) x * 10)', v)).toBe(40);
    expect(vb('none.Sum()', v)).toBe(0);
    expect(toStr(vb('{1.5D, 2.25D}.Sum()'))).toBe('3.75');
    expect(thrown(() => cs('big.Sum()', v))).toBe('OverflowException: Arithmetic operation resulted in an overflow.');
    expect(thrown(() => vb('none.Min()', v))).toBe('InvalidOperationException: Sequence contains no elements');
    expect(thrown(() => vb('none.Average()', v))).toBe('InvalidOperationException: Sequence contains no elements');
    expect(vb('s.Min()', v)).toBe('Apple');
    expect(vb('s.Max()', v)).toBe('pear');
    expect(vb('s.Where(Function(x) x = "").Max() Is Nothing', v)).toBe(true);
  });

  it('Aggregate with and without a seed and a result selector', () => {
    expect(
      cs('"the quick brown fox jumps over the lazy dog".Split(\' \').Aggregate((w, next) => next + " " + w)'),
    ).toBe('dog lazy the over jumps fox brown quick the');
    expect(cs('new[] { 4, 8, 8, 3, 9, 0, 7, 8, 2 }.Aggregate(0, (t, next) => next % 2 == 0 ? t + 1 : t)')).toBe(6);
    expect(
      vb(
        '{"apple", "mango", "orange", "passionfruit", "grape"}.Aggregate("banana", ' +
          'Function(longest, nxt) If(nxt.Length > longest.Length, nxt, longest), Function(f) f.ToUpper())',
      ),
    ).toBe('PASSIONFRUIT');
    expect(thrown(() => vb('New List(Of Integer)().Aggregate(Function(a, b) a + b)'))).toBe(
      'InvalidOperationException: Sequence contains no elements',
    );
  });
});

describe('LINQ: sets, grouping, conversion, generation', () => {
  it('Distinct, Union, Intersect, Except, Concat, SequenceEqual', () => {
    expect(list(vb('{1, 2, 2, 3, 1}.Distinct()'))).toEqual(['1', '2', '3']);
    expect(list(cs('new[] { "a", "A", "b" }.Distinct(StringComparer.OrdinalIgnoreCase)'))).toEqual(['a', 'b']);
    expect(list(vb('{5, 3, 9, 7, 5, 9, 3, 7}.Union({8, 3, 6, 4, 4, 9, 1, 0})'))).toEqual(
      '5 3 9 7 8 6 4 1 0'.split(' '),
    );
    expect(list(vb('{44, 26, 92, 30, 71, 38}.Intersect({39, 59, 83, 47, 26, 4, 30})'))).toEqual(['26', '30']);
    expect(list(cs('new[] { 2.0, 2.0, 2.1, 2.2, 2.3, 2.3, 2.4, 2.5 }.Except(new[] { 2.2 })'))).toEqual(
      '2 2.1 2.3 2.4 2.5'.split(' '),
    );
    expect(list(vb('{1, 2}.Concat({2, 3})'))).toEqual(['1', '2', '2', '3']);
    expect(vb('{1, 2}.SequenceEqual(New List(Of Integer) From {1, 2})')).toBe(true);
    expect(vb('{1, 2}.SequenceEqual({2, 1})')).toBe(false);
  });

  it('GroupBy in first-key order, with element and result selectors', () => {
    const v = { w: strs('apple', 'avocado', 'banana', 'blueberry', 'cherry') };
    expect(list(vb('w.GroupBy(Function(x) x(0)).Select(Function(g) g.Key & "=" & g.Count())', v))).toEqual([
      'a=2',
      'b=2',
      'c=1',
    ]);
    expect(list(cs('w.GroupBy(x => x.Length, (k, g) => k + ":" + string.Join("|", g))', v))).toEqual([
      '5:apple',
      '7:avocado',
      '6:banana|cherry',
      '9:blueberry',
    ]);
    expect(list(vb('w.GroupBy(Function(x) x.Length > 5, Function(x) x.ToUpper()).First().ToList()', v))).toEqual([
      'APPLE',
    ]);
    expect(vb('w.GroupBy(Function(x) x.Length > 5).Last().Key', v)).toBe(true);
  });

  it('ToList, ToArray, ToDictionary (a repeated key is an ArgumentException), Cast and OfType', () => {
    const v = { w: strs('apple', 'banana') };
    expect(toStr(vb('w.ToList()', v))).toBe('System.Collections.Generic.List`1[System.String]');
    expect(toStr(vb('w.Select(Function(x) x.Length).ToArray()', v))).toBe('System.Int32[]');
    expect(vb('w.ToDictionary(Function(x) x(0), Function(x) x.Length)("b"c)', v)).toBe(6);
    expect(thrown(() => vb('{"ab", "ac"}.ToDictionary(Function(x) x.Substring(0, 1))'))).toBe(
      'ArgumentException: An item with the same key has already been added. Key: a',
    );
    const mixed = { o: new NetList('Object', ['Mango', 'Orange', 3, 'Apple']) };
    expect(list(vb('o.OfType(Of String)()', mixed))).toEqual(['Mango', 'Orange', 'Apple']);
    expect(list(cs('o.OfType<int>()', mixed))).toEqual(['3']);
    expect(thrown(() => vb('o.Cast(Of String)().ToList()', mixed))).toBe(
      "InvalidCastException: Unable to cast object of type 'System.Int32' to type 'System.String'.",
    );
    expect(list(vb('Enumerable.Cast(Of String)(w)', v))).toEqual(['apple', 'banana']);
    expect(vb('New String("abc".Reverse().ToArray())')).toBe('cba');
    expect(cs('string.Concat("abc".Reverse())')).toBe('cba');
  });

  it('Range, Repeat, Empty, DefaultIfEmpty', () => {
    expect(list(vb('Enumerable.Range(3, 4)'))).toEqual(['3', '4', '5', '6']);
    expect(list(cs('Enumerable.Range(1, 10).Where(x => x % 3 == 0).Select(x => x * x)'))).toEqual(['9', '36', '81']);
    expect(list(vb('Enumerable.Repeat("ab", 3)'))).toEqual(['ab', 'ab', 'ab']);
    expect(vb('Enumerable.Empty(Of String)().Count()')).toBe(0);
    expect(cs('Enumerable.Empty<int>().DefaultIfEmpty().First()')).toBe(0);
    expect(list(vb('New List(Of Integer)().DefaultIfEmpty(7)'))).toEqual(['7']);
    expect(thrown(() => vb('Enumerable.Range(1, -1)'))).toBe(
      "ArgumentOutOfRangeException: Specified argument was out of the range of valid values. (Parameter 'count')",
    );
  });

  it("List(Of T)'s own ConvertAll, Find, FindAll, Exists, TrueForAll, RemoveAll", () => {
    const v = { l: new NetList('String', ['1', '22', '333']) };
    expect(list(vb('l.ConvertAll(Function(s) s.Length)', v))).toEqual(['1', '2', '3']);
    expect(vb('l.Find(Function(s) s.Length = 2)', v)).toBe('22');
    expect(list(cs('l.FindAll(s => s.Length > 1)', v))).toEqual(['22', '333']);
    expect(vb('l.Exists(Function(s) s = "333") AndAlso l.TrueForAll(Function(s) s.Length < 4)', v)).toBe(true);
    expect(vb('l.RemoveAll(Function(s) s.Length < 3)', v)).toBe(2);
    expect(list(vb('l', v))).toEqual(['333']);
  });
});
