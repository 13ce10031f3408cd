import { describe, expect, it } from 'vitest';
import { describeArgument, emptyArgumentOf, runnerOf, typeDefaultOf } from '../../../src/domain/emptyArgument';

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

  it('is, for a script, that the parameter is not passed: no variable, no entry in its parameters file', () => {
    expect(emptyArgumentOf({ type: 'Int32' }, 'script')).toEqual({ kind: 'notPassed' });
    expect(emptyArgumentOf({ type: 'String' }, 'script')).toEqual({ kind: 'notPassed' });
    for (const name of ['job.js', 'job.mjs', 'job.cjs', 'job.sh', 'job.py', 'Job.PS1'])
      expect(runnerOf(name), name).toBe('script');
    // A workflow, a project package (its main workflow runs) or an unknown name reads as a workflow.
    for (const name of ['Main.xaml', 'project.zip', 'Invoices.1.0.0.nupkg', undefined])
      expect(runnerOf(name), String(name)).toBe('workflow');
  });
});

describe('an argument as the API describes it', () => {
  it('an In or InOut argument is optional and says what it becomes when empty', () => {
    expect(describeArgument({ name: 'in_Count', direction: 'In', type: 'Int32' }, 'workflow')).toEqual({
      name: 'in_Count',
      direction: 'In',
      type: 'Int32',
      optional: true,
      whenEmpty: { kind: 'typeDefault', value: '0' },
    });
    expect(
      describeArgument({ name: 'io_Name', direction: 'InOut', type: 'String', default: 'x' }, 'workflow'),
    ).toMatchObject({
      optional: true,
      whenEmpty: { kind: 'default', value: 'x' },
    });
    expect(describeArgument({ name: 'in_Name', direction: 'In', type: 'String' }, 'script')).toMatchObject({
      optional: true,
      whenEmpty: { kind: 'notPassed' },
    });
  });

  it('an Out argument takes no value: not optional, nothing to become', () => {
    const out = describeArgument({ name: 'out_Total', direction: 'Out', type: 'Int32' }, 'workflow');
    expect(out.optional).toBe(false);
    expect(out).not.toHaveProperty('whenEmpty');
  });
});
