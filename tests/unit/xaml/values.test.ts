import { describe, expect, it } from 'vitest';
import { convertTo, isInstanceOf, NetDouble, NetError, NetException } from '../../../agent/xaml/dotnet';
import { folderHost } from '../../../agent/xaml/dotnet';
import { thrown, vb } from './helpers';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('exceptions', () => {
  it('catch-by-type follows the .NET hierarchy, whatever prefix the type is written with', () => {
    const e = new NetException('FileNotFoundException', 'x');
    expect(isInstanceOf(e, 'System.IO.FileNotFoundException')).toBe(true);
    expect(isInstanceOf(e, 'IOException')).toBe(true);
    expect(isInstanceOf(e, 's:Exception')).toBe(true);
    expect(isInstanceOf(e, 'ArgumentException')).toBe(false);
    expect(isInstanceOf(new NetException('OverflowException', 'x'), 'ArithmeticException')).toBe(true);
    expect(isInstanceOf(new NetException('BusinessRuleException', 'x'), 'UiPath.Core.BusinessRuleException')).toBe(
      true,
    );
    expect(isInstanceOf(new NetException('BusinessRuleException', 'x'), 'SystemException')).toBe(false);
  });
  it('evaluation errors are .NET exceptions with .NET messages', () => {
    try {
      vb('x.Length', { x: null });
    } catch (err) {
      expect(err).toBeInstanceOf(NetError);
      expect((err as NetError).exception.type).toBe('NullReferenceException');
    }
    expect(thrown(() => vb('(New List(Of String))(0)', {}))).toBe(
      'ArgumentOutOfRangeException: Index was out of range. Must be non-negative and less than the size of the collection.',
    );
    expect(vb('New Exception().Message')).toBe("Exception of type 'System.Exception' was thrown.");
    expect(vb('New ArgumentException("bad", New Exception("inner")).InnerException.Message')).toBe('inner');
  });
});

describe('conversions into typed variables', () => {
  it('converts as VB does on assignment', () => {
    expect(convertTo('42', 'x:Int32')).toBe(42);
    expect(convertTo(3, 'System.String')).toBe('3');
    expect(convertTo('true', 'Boolean')).toBe(true);
    expect(thrown(() => convertTo('abc', 'Int32'))).toBe(
      'InvalidCastException: Conversion from string "abc" to type \'Integer\' is not valid.',
    );
    expect(thrown(() => convertTo(new NetDouble(3e9), 'Int32'))).toBe(
      'OverflowException: Arithmetic operation resulted in an overflow.',
    );
  });
});

describe('the folder host', () => {
  it('reads and writes inside its folder and refuses paths outside it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'xexpr-'));
    writeFileSync(path.join(dir, 'in.txt'), 'hello');
    const host = folderHost(dir);
    expect(vb('File.ReadAllText("in.txt") & File.Exists("missing.txt")', {}, host)).toBe('helloFalse');
    vb('File.WriteAllText("out.txt", "x")', {}, host);
    expect(vb('File.ReadAllText(".\\out.txt")', {}, host)).toBe('x');
    expect(thrown(() => vb('File.ReadAllText("../escape.txt")', {}, host))).toMatch(/^UnauthorizedAccessException/);
    expect(thrown(() => vb('File.ReadAllText("nope.txt")', {}, host))).toMatch(
      /^FileNotFoundException: Could not find file/,
    );
  });
});
