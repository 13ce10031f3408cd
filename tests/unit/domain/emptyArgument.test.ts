import { describe, expect, it } from 'vitest';
import { emptyArgumentOf, typeDefaultOf } from '../../../src/domain/emptyArgument';

describe('what an argument left empty becomes', () => {
  it("is the workflow's default when it has one, a literal or an expression", () => {
    expect(emptyArgumentOf({ type: 'Int32', default: '3' })).toEqual({ kind: 'default', value: '3' });
    expect(emptyArgumentOf({ type: 'String', default: '[Now.Year.ToString]' })).toEqual({
      kind: 'default',
      value: '[Now.Year.ToString]',
    });
    // An empty text is a default too: the argument is "", not Nothing.
    expect(emptyArgumentOf({ type: 'String', default: '' })).toEqual({ kind: 'default', value: '' });
  });

  it("is otherwise the type's .NET default: 0, False, the zero date, time and Guid, else Nothing", () => {
    expect(emptyArgumentOf({ type: 'Int32' })).toEqual({ kind: 'typeDefault', value: '0' });
    for (const type of ['Byte', 'Int16', 'Int64', 'UInt32', 'Double', 'Single', 'Decimal', 'System.Int32'])
      expect(typeDefaultOf(type), type).toBe('0');
    expect(typeDefaultOf('Boolean')).toBe('False');
    expect(typeDefaultOf('DateTime')).toBe('#1/1/0001 12:00:00 AM#');
    expect(typeDefaultOf('TimeSpan')).toBe('00:00:00');
    expect(typeDefaultOf('Guid')).toBe('00000000-0000-0000-0000-000000000000');
    for (const type of [
      'String',
      'Object',
      'String[]',
      'List(Int32)',
      'Dictionary(String, Object)',
      'DataTable',
      'Nullable(Int32)',
    ])
      expect(typeDefaultOf(type), type).toBe('Nothing');
  });
});
