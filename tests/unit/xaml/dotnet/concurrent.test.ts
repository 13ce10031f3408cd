import { describe, expect, it } from 'vitest';
import { toStr } from '../../../../agent/xaml/dotnet';
import { assign, evaluate, parseCs, parseVb } from '../../../../agent/xaml/expr';
import { scopeWith, thrown } from '../helpers';

/**
 * ConcurrentQueue(Of T) and ConcurrentDictionary(Of K, V) as System.Collections.Concurrent
 * documents them: the Try… methods return False and leave the type's default in their out
 * argument when there is nothing to take; AddOrUpdate and GetOrAdd return the value stored.
 */
function session(vars: Record<string, never> = {}) {
  const scope = scopeWith(vars);
  return {
    vb: (text: string) => evaluate(parseVb(text), scope),
    cs: (text: string) => evaluate(parseCs(text), scope),
    get: (name: string) => scope.get(name, true),
    scope,
  };
}

describe('ConcurrentQueue(Of T)', () => {
  it('enqueues, peeks and dequeues first in first out, with out arguments', () => {
    const s = session();
    s.scope.declare('q', s.vb('New ConcurrentQueue(Of Integer)'));
    s.scope.declare('item', 0);
    s.vb('q.Enqueue(1)');
    s.vb('q.Enqueue(2)');
    s.cs('q.Enqueue(3)');
    expect(s.vb('q.Count')).toBe(3);
    expect(s.vb('q.TryPeek(item)')).toBe(true);
    expect(s.get('item')).toBe(1);
    expect(s.vb('q.TryDequeue(item)')).toBe(true);
    expect(s.get('item')).toBe(1);
    expect(s.cs('q.TryDequeue(out item) && item == 2')).toBe(true);
    expect(s.vb('q.IsEmpty')).toBe(false);
    expect(s.vb('q.Sum()')).toBe(3);
    expect(s.vb('q.TryDequeue(item)')).toBe(true);
    expect(s.vb('q.IsEmpty')).toBe(true);
    expect(s.vb('q.TryDequeue(item)')).toBe(false);
    expect(s.get('item')).toBe(0);
    expect(toStr(s.vb('q.GetType().Name') as never)).toBe('ConcurrentQueue`1');
    expect(s.vb('TypeOf q Is ConcurrentQueue(Of Integer)')).toBe(true);
  });

  it('starts from a collection', () => {
    const s = session();
    expect(s.vb('New ConcurrentQueue(Of String)({"a", "b"}).ToArray().Length')).toBe(2);
    expect(s.cs('new ConcurrentQueue<string>(new[] { "x" }).Count')).toBe(1);
  });
});

describe('ConcurrentDictionary(Of K, V)', () => {
  it('adds, reads, updates and removes with the Try… members', () => {
    const s = session();
    s.scope.declare('d', s.vb('New ConcurrentDictionary(Of String, Integer)'));
    s.scope.declare('v', -1);
    expect(s.vb('d.TryAdd("a", 1)')).toBe(true);
    expect(s.vb('d.TryAdd("a", 2)')).toBe(false);
    expect(s.vb('d.TryGetValue("a", v)')).toBe(true);
    expect(s.get('v')).toBe(1);
    expect(s.vb('d.TryGetValue("zz", v)')).toBe(false);
    expect(s.get('v')).toBe(0);
    expect(s.vb('d.AddOrUpdate("a", 10, Function(k, old) old + 1)')).toBe(2);
    expect(s.cs('d.AddOrUpdate("b", 10, (k, old) => old + 1)')).toBe(10);
    expect(s.vb('d.GetOrAdd("c", 5)')).toBe(5);
    expect(s.vb('d.GetOrAdd("c", 7)')).toBe(5);
    expect(s.cs('d.GetOrAdd("dd", k => k.Length)')).toBe(2);
    expect(s.vb('d.TryUpdate("c", 6, 5) AndAlso Not d.TryUpdate("c", 8, 5)')).toBe(true);
    assign(parseVb('d("e")'), s.scope, 9);
    expect(s.vb('d("e") + d.Item("c")')).toBe(15);
    expect(s.vb('d.Count')).toBe(5);
    expect(s.vb('d.ContainsKey("b") AndAlso Not d.IsEmpty')).toBe(true);
    expect(s.vb('String.Join(",", d.Keys)')).toBe('a,b,c,dd,e');
    expect(s.cs('d.TryRemove("a", out v)')).toBe(true);
    expect(s.get('v')).toBe(2);
    expect(s.vb('d.ContainsKey("a")')).toBe(false);
    expect(thrown(() => s.vb('d("zz")'))).toBe(
      "KeyNotFoundException: The given key 'zz' was not present in the dictionary.",
    );
    expect(thrown(() => s.vb('d.TryAdd(Nothing, 1)'))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'key')",
    );
    expect(thrown(() => s.vb('d.Add("x", 1)'))).toBe(
      "MissingMemberException: Public member 'Add' on type 'ConcurrentDictionary`2' not found.",
    );
  });

  it('Dictionary(Of K, V) has TryGetValue and TryAdd too', () => {
    const s = session();
    s.scope.declare('d', s.vb('New Dictionary(Of String, String) From {{"k", "v"}}'));
    s.scope.declare('found', null);
    expect(s.vb('d.TryGetValue("k", found)')).toBe(true);
    expect(s.get('found')).toBe('v');
    expect(s.cs('d.TryGetValue("missing", out found) ? "yes" : found ?? "null"')).toBe('null');
    expect(s.vb('d.TryAdd("k", "w")')).toBe(false);
  });
});
