import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NetArray,
  NetDelegate,
  NetDictionary,
  NetDouble,
  NetError,
  NetList,
  TypeRef,
  typeName,
  type Value,
} from '../../../../agent/xaml/dotnet';
import { STATIC_TYPES } from '../../../../agent/xaml/dotnet/statics';
import { evaluate, parseCs, parseVb } from '../../../../agent/xaml/expr';
import { callMember, getIndex, getMember, setIndex } from '../../../../agent/xaml/expr/access';
import { memoryHost, scopeWith, thrown, vb } from '../helpers';

/**
 * No member access escapes as a JavaScript error. Every value kind the interpreters make is
 * asked for every member name the .NET surface implements (and unknown ones) in many call
 * shapes — no arguments, Nothing, wrong types, too many — as a property, a method, an indexer
 * and a constructor; each failure must be a .NET exception (NetError), never a TypeError,
 * RangeError or ReferenceError, and no call may leave `undefined` in a value.
 */
/** Hundreds of thousands of calls: seconds on a machine other tests share. */
const SWEEP_MS = 60_000;

const host = memoryHost({ '/d/a.txt': 'x', '/d/s/b.txt': 'yy' });

function samples(): Record<string, Value> {
  const v = (t: string) => vb(t, {}, host);
  return {
    string: 'abc',
    int: 5,
    double: new NetDouble(1.5),
    long: v('5L'),
    decimal: v('1.5D'),
    char: v('"c"c'),
    boolean: true,
    date: v('New DateTime(2024, 2, 29)'),
    timespan: v('TimeSpan.FromMinutes(90)'),
    array: new NetArray('Int32', [3, 1, 2]),
    list: new NetList('String', ['b', 'a']),
    dictionary: v('New Dictionary(Of String, Integer) From {{"a", 1}}'),
    pair: v('New Dictionary(Of String, Integer) From {{"a", 1}}.First()'),
    table: v('New DataTable("t")'),
    exception: v('New InvalidOperationException("boom")'),
    enumValue: v('DayOfWeek.Monday'),
    lambda: new NetDelegate(1, (a) => a[0] ?? null),
    type: v('GetType(String)'),
    jobject: v('JObject.Parse("{""a"": 1}")'),
    jarray: v('JArray.Parse("[1, 2]")'),
    guid: v('Guid.NewGuid()'),
    regex: v('New Regex("(?<n>\\d)")'),
    match: v('Regex.Match("a1", "(?<n>\\d)")'),
    matches: v('Regex.Matches("a1b2", "\\d")'),
    groups: v('Regex.Match("a1", "(?<n>\\d)").Groups'),
    fileInfo: v('New FileInfo("/d/a.txt")'),
    dirInfo: v('New DirectoryInfo("/d")'),
    queue: v('New ConcurrentQueue(Of Integer)({1, 2})'),
    concurrentDictionary: v('New ConcurrentDictionary(Of String, Integer)'),
    grouping: v('{1, 2, 3}.GroupBy(Function(x) x Mod 2).First()'),
    tuple: v('{1}.Zip({"a"}, Function(a, b) a).ToList()'),
    culture: v('CultureInfo.InvariantCulture'),
  };
}

/** Every member name the .NET surface answers, read from its sources, and a few it does not. */
function memberNames(): string[] {
  const src = execSync(
    `grep -ohE "case '[a-z_0-9]+'" ${join(__dirname, '../../../../agent/xaml/dotnet')}/*.ts`,
  ).toString();
  const names = new Set([...src.matchAll(/case '([a-z_0-9]+)'/g)].map((m) => m[1]));
  for (const extra of ['zzz', 'item', 'groups', 'keys', 'value', 'tostring', 'gettype', 'equals']) names.add(extra);
  return [...names].sort();
}

function shapes(s: Record<string, Value>): Value[][] {
  return [
    [],
    [null],
    ['x'],
    [7],
    [new NetDouble(-2.5)],
    [s.list],
    [s.lambda],
    [s.type],
    [null, null],
    ['x', 3],
    [3, 'x'],
    [s.lambda, s.lambda],
    [1, 2, 3],
    ['a', 'b', 'c', 'd', 'e'],
  ];
}

function hasUndefined(v: unknown): boolean {
  if (v instanceof NetList || v instanceof NetArray) return v.items.some((x) => x === undefined);
  if (v instanceof NetDictionary) return [...v.map.values()].some((e) => e.value === undefined || e.key === undefined);
  return false;
}

/** Runs `f`; returns what escaped that is no .NET exception, or a value holding `undefined`. */
function escaped(what: string, f: () => unknown, watch: Record<string, Value>): string | null {
  try {
    const r = f();
    if (r === undefined) return `${what} returned undefined`;
    if (hasUndefined(r)) return `${what} returned a collection holding undefined`;
    for (const [name, v] of Object.entries(watch)) if (hasUndefined(v)) return `${what} left undefined in ${name}`;
  } catch (e) {
    if (!(e instanceof NetError))
      return `${what}: ${e instanceof Error ? `${e.constructor.name} ${e.message}` : String(e)}`;
  }
  return null;
}

describe('member sweep', () => {
  it(
    'instance members in every call shape fail only with .NET exceptions',
    () => {
      const names = memberNames();
      const problems: string[] = [];
      let calls = 0;
      for (const vbLang of [true, false]) {
        const s = samples();
        for (const [kind, target] of Object.entries(s)) {
          for (const name of names) {
            const written = name[0].toUpperCase() + name.slice(1);
            const p = escaped(`${kind}.${written}`, () => getMember(target, written, name, vbLang, host), s);
            if (p) problems.push(p);
            for (const args of shapes(s)) {
              calls++;
              const q = escaped(
                `${kind}.${written}(${args.length} args)`,
                () => callMember(target, written, name, args, vbLang, host),
                s,
              );
              if (q) problems.push(q);
            }
          }
        }
      }
      expect(calls).toBeGreaterThan(10_000);
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    'static members, indexers and constructors fail only with .NET exceptions',
    () => {
      const names = memberNames();
      const s = samples();
      const problems: string[] = [];
      for (const type of new Set(STATIC_TYPES.values())) {
        const t = new TypeRef(type);
        for (const name of names) {
          const written = name[0].toUpperCase() + name.slice(1);
          const p = escaped(`${type}.${written}`, () => getMember(t, written, name, true, host), s);
          if (p) problems.push(p);
          for (const args of shapes(s)) {
            const q = escaped(
              `${type}.${written}(${args.length})`,
              () => callMember(t, written, name, args, true, host),
              s,
            );
            if (q) problems.push(q);
          }
        }
        for (const args of shapes(s)) {
          const scope = scopeWith({ a0: args[0] ?? null, a1: args[1] ?? null, a2: args[2] ?? null }, host);
          const list = ['', 'a0', 'a0, a1', 'a0, a1, a2'][Math.min(args.length, 3)];
          const c = escaped(`New ${type}(${list})`, () => evaluate(parseVb(`New ${type}(${list})`), scope), s);
          if (c && !c.includes('ExpressionError')) problems.push(c);
        }
      }
      for (const [kind, target] of Object.entries(s)) {
        for (const args of shapes(s)) {
          const p = escaped(`${kind}(${args.length})`, () => getIndex(target, args), s);
          if (p) problems.push(p);
          const q = escaped(`${kind}(${args.length}) = 1`, () => (setIndex(target, args, 1), null), s);
          if (q) problems.push(q);
        }
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );

  it('operators and conversions between any two kinds of value fail only with .NET exceptions', () => {
    const s = samples();
    const scope = scopeWith(s, host);
    const problems: string[] = [];
    const kinds = Object.keys(s);
    const vbOps = ['+', '-', '*', '/', '\\', 'Mod', '^', '&', '=', '<>', '<', '>=', 'And', 'Or', 'Xor', 'Is'];
    for (const a of kinds) {
      for (const op of ['Not ', '-']) {
        const p = escaped(`${op}${a}`, () => evaluate(parseVb(`${op}${a}`), scope), s);
        if (p) problems.push(p);
      }
      for (const conv of ['CInt', 'CStr', 'CDbl', 'CBool', 'CDec', 'CLng', 'CDate', 'CChar']) {
        const p = escaped(`${conv}(${a})`, () => evaluate(parseVb(`${conv}(${a})`), scope), s);
        if (p) problems.push(p);
      }
      for (const b of kinds) {
        for (const op of vbOps) {
          const p = escaped(`${a} ${op} ${b}`, () => evaluate(parseVb(`${a} ${op} ${b}`), scope), s);
          if (p) problems.push(p);
        }
        const c = escaped(`${a} + ${b} (C#)`, () => evaluate(parseCs(`${a} + ${b}`), scope), s);
        if (c) problems.push(c);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the type and member of an unknown member, as VB or the C# compiler says it', () => {
    const s = samples();
    for (const [kind, target] of Object.entries(s)) {
      const owner = target instanceof TypeRef ? target.name : typeName(target);
      expect(
        thrown(() => callMember(target, 'Zzz', 'zzz', [], true, host)),
        kind,
      ).toBe(`MissingMemberException: Public member 'Zzz' on type '${owner}' not found.`);
      expect(
        thrown(() => getMember(target, 'Zzz', 'zzz', false, host)),
        kind,
      ).toBe(`MissingMemberException: '${owner}' does not contain a definition for 'Zzz'`);
    }
  });

  it('words a call no overload fits as the language does', () => {
    expect(thrown(() => vb('"abc".Insert(1)'))).toBe(
      "MissingMemberException: Overload resolution failed because no accessible 'Insert' accepts this number of arguments.",
    );
    expect(thrown(() => vb('Now.Add(5)'))).toBe(
      "MissingMemberException: Overload resolution failed because no Public 'Add' can be called with these arguments.",
    );
    expect(thrown(() => evaluate(parseCs('Math.Max(1)'), scopeWith()))).toBe(
      "MissingMemberException: No overload for method 'Max' takes 1 arguments",
    );
    expect(thrown(() => vb('New List(Of String)().Add()'))).toMatch(
      /^MissingMemberException: Overload resolution failed/,
    );
  });
});
