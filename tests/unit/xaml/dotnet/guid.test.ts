import { describe, expect, it } from 'vitest';
import { toStr } from '../../../../agent/xaml/dotnet';
import { cs, csText, scopeWith, thrown, vb, vbText } from '../helpers';
import { evaluate, parseVb } from '../../../../agent/xaml/expr';

/**
 * System.Guid as learn.microsoft.com documents it: ToString's N, D (the default), B, P and X
 * forms in lowercase hex, Parse reading any of them, TryParse's False and Guid.Empty, value
 * equality.
 */
const ID = 'ca761232-ed42-11ce-bacd-00aa0057b223';

describe('Guid', () => {
  it('prints Guid.Empty in each format', () => {
    expect(vbText('Guid.Empty')).toBe('00000000-0000-0000-0000-000000000000');
    expect(vbText('Guid.Empty.ToString("N")')).toBe('00000000000000000000000000000000');
    expect(vbText('Guid.Empty.ToString("B")')).toBe('{00000000-0000-0000-0000-000000000000}');
    expect(vbText('Guid.Empty.ToString("P")')).toBe('(00000000-0000-0000-0000-000000000000)');
    expect(vbText('Guid.Empty.ToString("X")')).toBe(
      '{0x00000000,0x0000,0x0000,{0x00,0x00,0x00,0x00,0x00,0x00,0x00,0x00}}',
    );
  });

  it('parses every format, in either case, to the same value', () => {
    const forms = [
      ID,
      ID.toUpperCase(),
      ID.replace(/-/g, ''),
      `{${ID}}`,
      `(${ID})`,
      '{0xCA761232,0xED42,0x11CE,{0xBA,0xCD,0x00,0xAA,0x00,0x57,0xB2,0x23}}',
      `  ${ID}  `,
    ];
    for (const f of forms) expect(vbText('Guid.Parse(s).ToString()', { s: f })).toBe(ID);
    expect(vbText(`New Guid("${ID.toUpperCase()}").ToString("N")`)).toBe(ID.replace(/-/g, ''));
    expect(csText(`Guid.Parse("{${ID}}").ToString("D")`)).toBe(ID);
    expect(vbText(`Guid.Parse("${ID}").ToString("")`)).toBe(ID);
  });

  it('refuses text that is no GUID, Nothing and an unknown format', () => {
    expect(thrown(() => vb('Guid.Parse("not-a-guid")'))).toMatch(/^FormatException: /);
    expect(thrown(() => vb(`Guid.Parse("${ID}x")`))).toMatch(/^FormatException: /);
    expect(thrown(() => vb(`Guid.Parse("{${ID})")`))).toMatch(/^FormatException: /);
    expect(thrown(() => vb('Guid.Parse(Nothing)'))).toBe(
      "ArgumentNullException: Value cannot be null. (Parameter 'input')",
    );
    expect(thrown(() => vb('Guid.Empty.ToString("Z")'))).toMatch(/^FormatException: /);
  });

  it('makes version 4 GUIDs that differ', () => {
    const a = vbText('Guid.NewGuid().ToString()');
    const b = vbText('Guid.NewGuid().ToString("D")');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
    expect(cs('Guid.NewGuid().ToString("N").Length')).toBe(32);
  });

  it('TryParse sets its out argument: the value, or Guid.Empty and False', () => {
    const scope = scopeWith({ g: null, ok: null });
    expect(evaluate(parseVb(`Guid.TryParse("${ID}", g)`), scope)).toBe(true);
    expect(toStr(scope.get('g', true) as never)).toBe(ID);
    expect(evaluate(parseVb('Guid.TryParse("nope", g)'), scope)).toBe(false);
    expect(toStr(scope.get('g', true) as never)).toBe('00000000-0000-0000-0000-000000000000');
    expect(cs(`Guid.TryParse("${ID}", out g) ? g.ToString("N") : "no"`, { g: null })).toBe(ID.replace(/-/g, ''));
  });

  it('compares by value, as a dictionary key too', () => {
    expect(vb(`Guid.Parse("${ID}") = Guid.Parse("${ID.toUpperCase()}")`)).toBe(true);
    expect(vb(`Guid.Parse("${ID}") <> Guid.Empty`)).toBe(true);
    expect(vb(`Guid.Parse("${ID}").Equals(New Guid("{${ID}}"))`)).toBe(true);
    expect(cs(`Guid.NewGuid() == Guid.NewGuid()`)).toBe(false);
    const d = vb(`New Dictionary(Of Guid, String) From {{Guid.Parse("${ID}"), "x"}}`);
    expect(vb(`d(New Guid("${ID}"))`, { d })).toBe('x');
    expect(vb('New Guid()', {})).toEqual(vb('Guid.Empty'));
    // Nothing converts to a value type's default: Guid.Empty.
    expect(vbText('CType(Nothing, Guid)')).toBe('00000000-0000-0000-0000-000000000000');
  });
});
