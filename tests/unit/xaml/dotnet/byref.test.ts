import { describe, expect, it } from 'vitest';
import { toStr, type Value } from '../../../../agent/xaml/dotnet';
import { evaluate, parseCs, parseVb } from '../../../../agent/xaml/expr';
import { scopeWith } from '../helpers';

/**
 * ByRef and out arguments. VB passes a variable to a ByRef parameter without a keyword, C#
 * writes `out x`; either way the method's value lands in the variable after the call. The
 * TryParse family returns False and leaves zero (the type's default) when the text is Nothing,
 * empty, badly formed or out of range.
 */
function run(lang: 'vb' | 'cs', text: string, vars: Record<string, Value>) {
  const scope = scopeWith(vars);
  const result = evaluate(lang === 'vb' ? parseVb(text) : parseCs(text), scope);
  const get = (name: string) => {
    const v = scope.get(name, lang === 'vb');
    return typeof v === 'symbol' || v === null ? v : toStr(v);
  };
  return { result, get };
}

describe('ByRef and out arguments', () => {
  it('Integer.TryParse / int.TryParse write the number, or 0 and False', () => {
    for (const [text, ok, value] of [
      ['42', true, '42'],
      [' -7 ', true, '-7'],
      ['1,234', false, '0'],
      ['4.5', false, '0'],
      ['99999999999', false, '0'],
      ['', false, '0'],
    ] as const) {
      const v = run('vb', `Integer.TryParse(s, n)`, { s: text, n: 5 });
      expect([v.result, v.get('n')], text).toEqual([ok, value]);
      const c = run('cs', `int.TryParse(s, out n)`, { s: text, n: 5 });
      expect([c.result, c.get('n')], text).toEqual([ok, value]);
    }
    expect(run('vb', 'Integer.TryParse(Nothing, n)', { n: 5 }).get('n')).toBe('0');
  });

  it('the other TryParse methods keep their type and default', () => {
    expect(run('vb', 'Double.TryParse("1,234.5", d)', { d: null }).get('d')).toBe('1234.5');
    expect(run('vb', 'Decimal.TryParse("1.50", m)', { m: null }).get('m')).toBe('1.50');
    expect(run('vb', 'Long.TryParse("9000000000", l)', { l: null }).get('l')).toBe('9000000000');
    const b = run('vb', 'Boolean.TryParse(" True ", b)', { b: null });
    expect([b.result, b.get('b')]).toEqual([true, 'True']);
    const no = run('vb', 'Boolean.TryParse("yes", b)', { b: true });
    expect([no.result, no.get('b')]).toEqual([false, 'False']);
    const d = run('vb', 'DateTime.TryParse("2024-02-30", d)', { d: null });
    expect([d.result, d.get('d')]).toEqual([false, '01/01/0001 00:00:00']);
    expect(run('cs', 'DateTime.TryParse("2024-02-29", out d)', { d: null }).get('d')).toBe('02/29/2024 00:00:00');
  });

  it('writes into an array element or a dictionary entry, and nowhere for a value', () => {
    const scope = scopeWith({ arr: evaluate(parseVb('New Integer(1) {}'), scopeWith()) });
    expect(evaluate(parseVb('Integer.TryParse("8", arr(1))'), scope)).toBe(true);
    expect(toStr(evaluate(parseVb('arr(0) + arr(1)'), scope))).toBe('8');
    expect(evaluate(parseVb('Integer.TryParse("8", 3)'), scope)).toBe(true);
  });

  it("refuses C#'s declaration in an argument, which needs a variable of the expression alone", () => {
    expect(() => parseCs('int.TryParse(s, out var n) ? n : 0')).toThrow(/Declaration expressions \('out var x'\)/);
    expect(() => parseCs('int.TryParse(s, out int n)')).toThrow(/Declaration expressions/);
  });
});
