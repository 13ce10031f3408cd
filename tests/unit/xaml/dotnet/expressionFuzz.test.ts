import { describe, expect, it } from 'vitest';
import { NetError } from '../../../../agent/xaml/dotnet';
import { evaluate, ExpressionError, parseCs, parseVb } from '../../../../agent/xaml/expr';
import { memoryHost, scopeWith } from '../helpers';

/**
 * Expressions of random tokens (a fixed seed, so a failure repeats): whatever they are, parsing
 * and running them fails only with an ExpressionError or a .NET exception, in VB and in C#.
 */
const host = memoryHost();
const SWEEP_MS = 60_000;

describe('expression fuzz', () => {
  it(
    'expressions of random tokens fail only with ExpressionError or a .NET exception',
    () => {
      const toks = (
        'x s l 1 "a" . ( ) , New AddressOf Function If + & = Integer Parse Regex Match { } Of String Count ' +
        'out ref => [ ] ?. Nothing null Not TypeOf Is CType GetType Guid Strings Left Enumerable Range ? : new < > int'
      ).split(' ');
      let seed = 1;
      const rnd = (n: number) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed % n;
      };
      const problems: string[] = [];
      for (let i = 0; i < 10_000; i++) {
        const text = Array.from({ length: 1 + rnd(8) }, () => toks[rnd(toks.length)]).join(' ');
        for (const parse of [parseVb, parseCs]) {
          try {
            evaluate(parse(text), scopeWith({ x: 1, s: 'abc', l: null }, host));
          } catch (e) {
            if (!(e instanceof ExpressionError || e instanceof NetError))
              problems.push(`${text}: ${e instanceof Error ? e.name + ' ' + e.message : String(e)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    SWEEP_MS,
  );
});
