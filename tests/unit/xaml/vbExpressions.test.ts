import { describe, expect, it } from 'vitest';
import { DataTable, NetArray, NetDouble, NetList, toStr } from '../../../agent/xaml/dotnet';
import { assign, ExpressionError, parseVb } from '../../../agent/xaml/expr';
import { memoryHost, scopeWith, thrown, vb, vbText } from './helpers';

describe('VB literals and strings', () => {
  it('reads "" escapes, typographic quotes and multi-line strings', () => {
    expect(vb('"say ""hi"""')).toBe('say "hi"');
    expect(vb('“Hello ” + “World”')).toBe('Hello World');
    expect(vb('"line1\nline2"')).toBe('line1\nline2');
  });
  it('reads "0"c as a Char', () => {
    expect(vbText('"0"c')).toBe('0');
    expect(vb('"42".PadLeft(5, "0"c)')).toBe('00042');
    expect(vb('"a,b;c".Split(","c)') instanceof NetArray).toBe(true);
  });
  it('types numbers as .NET does', () => {
    expect(vb('42')).toBe(42);
    expect(vbText('1.5')).toBe('1.5');
    expect(vbText('3000000000')).toBe('3000000000');
    expect(vbText('1.10D')).toBe('1.10');
    expect(vb('&HFF')).toBe(255);
  });
  it('has Nothing, True, False and the vb constants', () => {
    expect(vb('Nothing')).toBe(null);
    expect(vb('TRUE And Not false')).toBe(true);
    expect(vb('"a" & vbCrLf & "b" & vbLf & vbTab')).toBe('a\r\nb\n\t');
    expect(vb('vbNewLine')).toBe('\r\n');
    expect(vb('Environment.NewLine')).toBe('\n');
  });
});

describe('VB operators', () => {
  it('concatenates strings with + and &, & converting numbers', () => {
    expect(vb('"a" + "b"')).toBe('ab');
    expect(vb('"n=" & 5')).toBe('n=5');
    expect(vb('"x" & Nothing')).toBe('x');
  });
  it('adds a numeric string and a number as Doubles (VB rules)', () => {
    expect(vbText('"1" + 2')).toBe('3');
    expect(thrown(() => vb('"abc" + 1'))).toBe(
      'InvalidCastException: Conversion from string "abc" to type \'Double\' is not valid.',
    );
  });
  it('does integer, fractional, integer-division, Mod and power arithmetic', () => {
    expect(vb('7 + 3 * 2')).toBe(13);
    expect(vbText('7 / 2')).toBe('3.5');
    expect(vb('7 \\ 2')).toBe(3);
    expect(vb('7 Mod 3')).toBe(1);
    expect(vbText('2 ^ 10')).toBe('1024');
    expect(vb('-5 + 2')).toBe(-3);
    expect(vbText('-2 ^ 2')).toBe('-4');
  });
  it('throws OverflowException on Int32 overflow and DivideByZeroException on integer division by zero', () => {
    expect(thrown(() => vb('2147483647 + 1'))).toBe('OverflowException: Arithmetic operation resulted in an overflow.');
    expect(thrown(() => vb('x * 2', { x: 2000000000 }))).toBe(
      'OverflowException: Arithmetic operation resulted in an overflow.',
    );
    expect(thrown(() => vb('5 \\ 0'))).toBe('DivideByZeroException: Attempted to divide by zero.');
    expect(vbText('5 / 0')).toBe('Infinity');
  });
  it('compares with = <> < > <= >= and combines with And AndAlso Or OrElse Xor Not', () => {
    expect(vb('1 = 1 AndAlso 2 <> 3 AndAlso 1 < 2 AndAlso 2 > 1 AndAlso 2 <= 2 AndAlso 3 >= 2')).toBe(true);
    expect(vb('"abc" = "ABC"')).toBe(false);
    expect(vb('True Xor True')).toBe(false);
    expect(vb('False OrElse x.Length > 0', { x: 'a' })).toBe(true);
    expect(vb('False AndAlso x.Length > 0', { x: null })).toBe(false);
    expect(vb('Not (1 > 2) Or False')).toBe(true);
    expect(vb('Nothing = ""')).toBe(true);
  });
  it('tests Is Nothing and IsNot Nothing', () => {
    expect(vb('x Is Nothing', { x: null })).toBe(true);
    expect(vb('x IsNot Nothing', { x: 'a' })).toBe(true);
  });
});

describe('VB names', () => {
  it('resolves variables, types and members ignoring case', () => {
    expect(vb('MYVAR.toupper()', { myVar: 'abc' })).toBe('ABC');
    expect(vb('string.join(",", {"a", "b"})')).toBe('a,b');
    expect(vb('STRING.IsNullOrEmpty(s)', { s: '' })).toBe(true);
  });
  it('reports an undeclared name with the expression and position', () => {
    expect(() => vb('a + missing')).toThrow(ExpressionError);
    expect(() => vb('a + missing', { a: 1 })).toThrow(
      "'missing' is not declared at position 5 in expression 'a + missing'",
    );
    expect(() => parseVb('1 +')).toThrow(/position 4 in expression '1 \+'/);
  });
});

describe('VB members and indexers', () => {
  it('calls string members with and without parentheses', () => {
    expect(vb('"  x ".Trim')).toBe('x');
    expect(vb('s.ToUpper.Substring(1, 2)', { s: 'hello' })).toBe('EL');
    expect(vb('s.Replace("l", "L").IndexOf("L")', { s: 'hello' })).toBe(2);
    expect(vb('s.LastIndexOf("l")', { s: 'hello' })).toBe(3);
    expect(
      vb('s.Contains("ell") And s.StartsWith("he") And s.EndsWith("lo") And s.Equals("hello")', { s: 'hello' }),
    ).toBe(true);
    expect(vb('s.Length', { s: 'hello' })).toBe(5);
    expect(vb('"ab".PadRight(4) & "|"')).toBe('ab  |');
    expect(vb('"xxaxx".TrimStart("x"c) & "|" & "xxaxx".TrimEnd("x"c)')).toBe('axx|xxa');
    expect(vb('"a b".ToLower.ToString')).toBe('a b');
  });
  it('splits on chars and strings', () => {
    expect(vb('String.Join("|", "a,b,,c".Split(","c))')).toBe('a|b||c');
    expect(vb('String.Join("|", "a, b".Split({", "}, StringSplitOptions.None))')).toBe('a|b');
    expect(vb('"a,,b".Split(New String() {","}, StringSplitOptions.RemoveEmptyEntries).Length')).toBe(2);
  });
  it('throws the .NET exceptions for bad arguments and Nothing', () => {
    expect(thrown(() => vb('s.Trim', { s: null }))).toBe(
      'NullReferenceException: Object reference not set to an instance of an object.',
    );
    expect(thrown(() => vb('"abc".Substring(5)'))).toMatch(/^ArgumentOutOfRangeException/);
  });
  it('indexes dictionaries, rows and arrays and assigns through them', () => {
    const scope = scopeWith();
    scope.declare('d', null).declare('arr', null).declare('dt', null);
    assign(parseVb('d'), scope, vb('New Dictionary(Of String, Object)'));
    assign(parseVb('d("k")'), scope, 'v');
    expect(vb('d("k")', { d: scope.get('d', true) as never })).toBe('v');
    expect(thrown(() => vb('d("K")', { d: scope.get('d', true) as never }))).toBe(
      "KeyNotFoundException: The given key 'K' was not present in the dictionary.",
    );
    assign(parseVb('arr'), scope, vb('{1, 2, 3}'));
    assign(parseVb('arr(1)'), scope, 20);
    expect(vb('arr(1) + arr(0)', { arr: scope.get('arr', true) as never })).toBe(21);
    expect(thrown(() => vb('arr(3)', { arr: scope.get('arr', true) as never }))).toBe(
      'IndexOutOfRangeException: Index was outside the bounds of the array.',
    );
  });
});

describe('VB New, collections and DataTable', () => {
  it('builds arrays, lists and dictionaries', () => {
    expect(vb('New String() {"a", "b"}.Length')).toBe(2);
    const list = vb('New List(Of String) From {"x", "y"}');
    expect(list instanceof NetList && list.items).toEqual(['x', 'y']);
    expect(vb('New Dictionary(Of String, Integer) From {{"a", 1}, {"b", 2}}("b")')).toBe(2);
    expect(vb('l.Count', { l: new NetList('String', ['a']) })).toBe(1);
  });
  it('builds a DataTable with columns and rows', () => {
    const dt = vb('New DataTable') as DataTable;
    const vars = { dt, row: null };
    vb('dt.Columns.Add("Name")', vars);
    vb('dt.Columns.Add("Age", GetType(Int32))', vars);
    vb('dt.Rows.Add("Ann", 31)', vars);
    const scope = scopeWith({ dt, row: null });
    assign(parseVb('row'), scope, vb('dt.NewRow()', { dt }));
    assign(parseVb('row("Name")'), scope, 'Bob');
    assign(parseVb('row(1)'), scope, 40);
    vb('dt.Rows.Add(row)', { dt, row: scope.get('row', true) as never });
    expect(vb('dt.Rows.Count', { dt })).toBe(2);
    expect(vb('dt.Rows(1)("name").ToString', { dt })).toBe('Bob');
    expect(vb('dt.Rows(0).Item("Age")', { dt })).toBe(31);
    expect(vb('dt.Columns.Count', { dt })).toBe(2);
    expect(vb('dt.AsEnumerable().Where(Function(r) CInt(r("Age")) > 35).Count', { dt })).toBe(1);
  });
  it('creates exceptions with their message', () => {
    expect(vb('New Exception("boom").Message')).toBe('boom');
    expect(vb('New BusinessRuleException("rule").Message')).toBe('rule');
    expect(vb('TypeOf New System.IO.FileNotFoundException("x") Is IOException')).toBe(true);
    expect(vb('TypeOf e Is ArgumentException', { e: vb('New InvalidOperationException("x")') })).toBe(false);
  });
});

describe('VB functions, lambdas and conversions', () => {
  it('evaluates If(c, a, b) lazily and If(a, b) as coalesce', () => {
    expect(vb('If(x > 1, "big", "small")', { x: 2 })).toBe('big');
    expect(vb('If(x Is Nothing, "none", x.Trim)', { x: null })).toBe('none');
    expect(vb('If(x, "default")', { x: null })).toBe('default');
  });
  it('runs LINQ-style lambdas over arrays and lists', () => {
    expect(vb('String.Join(",", {3, 1, 2}.OrderBy(Function(x) x).Select(Function(x) x * 10))')).toBe('10,20,30');
    expect(vb('{"a", "bb", "ccc"}.Where(Function(s) s.Length > 1).ToList.Count')).toBe(2);
    expect(vb('{"a", "bb"}.Any(Function(s) s = "bb")')).toBe(true);
    expect(vb('{"a", "bb"}.First(Function(s) s.StartsWith("b"))')).toBe('bb');
    expect(vb('{1, 2, 3}.ToArray().Length')).toBe(3);
    expect(thrown(() => vb('{1}.First(Function(x) x > 5)'))).toBe(
      'InvalidOperationException: Sequence contains no matching element',
    );
  });
  it('converts with CInt CStr CDbl CBool CDec CLng CDate and Convert', () => {
    expect(vb('CInt("12")')).toBe(12);
    expect(vb('CInt(2.5)')).toBe(2);
    expect(vb('CInt(3.5)')).toBe(4);
    expect(vb('CStr(12) & CStr(True)')).toBe('12True');
    expect(vbText('CDbl("1.25") * 2')).toBe('2.5');
    expect(vb('CBool("true")')).toBe(true);
    expect(vbText('CDec("0.1") + CDec("0.2")')).toBe('0.3');
    expect(vbText('CLng(5) * 3000000000')).toBe('15000000000');
    expect(vb('CDate("2024-03-05").Day')).toBe(5);
    expect(vb('Convert.ToInt32("7") + Integer.Parse("3") + Int32.Parse(" 1 ")')).toBe(11);
    expect(vbText('Convert.ToDouble("2.5") + Double.Parse("1")')).toBe('3.5');
    expect(vb('Convert.ToBoolean("False")')).toBe(false);
    expect(vb('Convert.ToString(5)')).toBe('5');
    expect(thrown(() => vb('Integer.Parse("12a")'))).toBe('FormatException: Input string was not in a correct format.');
    expect(thrown(() => vb('CInt("x")'))).toBe(
      'InvalidCastException: Conversion from string "x" to type \'Integer\' is not valid.',
    );
  });
  it('casts with CType, DirectCast and TryCast', () => {
    expect(vb('CType("5", Integer) + 1')).toBe(6);
    expect(vb('DirectCast(o, String).Length', { o: 'abc' })).toBe(3);
    expect(vb('TryCast(o, String) Is Nothing', { o: 5 })).toBe(true);
    expect(thrown(() => vb('DirectCast(o, String)', { o: 5 }))).toBe(
      "InvalidCastException: Unable to cast object of type 'Int32' to type 'String'.",
    );
  });
  it('formats with String.Format and uses String helpers', () => {
    expect(vb('String.Format("{0:N2} and {1}", 1234.567, "x")')).toBe('1,234.57 and x');
    expect(vb('String.Format("{0,5}|{1,-3}|{{}}", 42, "a")')).toBe('   42|a  |{}');
    expect(vb('String.IsNullOrWhiteSpace("  ") And String.IsNullOrEmpty(Nothing)')).toBe(true);
    expect(vb('String.Concat("a", "b", 1)')).toBe('ab1');
    expect(vb('String.Empty')).toBe('');
  });
  it('uses Math, Path, File and Directory through the host', () => {
    expect(vbText('Math.Round(2.5)')).toBe('2');
    expect(vbText('Math.Round(2.345, 2)')).toBe('2.35');
    expect(vb('Math.Max(3, 7)')).toBe(7);
    expect(vb('Math.Abs(-4)')).toBe(4);
    expect(vb('Path.Combine("data", "in.txt")')).toBe('data/in.txt');
    expect(vb('Path.GetFileName("Invokes\\Error Handling\\Get Flag.xaml")')).toBe('Get Flag.xaml');
    expect(
      vb(
        'Path.GetExtension("a/b.txt") & Path.GetFileNameWithoutExtension("a/b.txt") & Path.GetDirectoryName("a/b.txt")',
      ),
    ).toBe('.txtba');
    const host = memoryHost({ '/w/a.txt': 'hello' }, ['/w']);
    expect(vb('File.Exists("/w/a.txt") AndAlso Directory.Exists("/w")', {}, host)).toBe(true);
    expect(vb('File.ReadAllText("/w/a.txt")', {}, host)).toBe('hello');
    vb('File.WriteAllText("/w/b.txt", "x")', {}, host);
    expect(host.files.get('/w/b.txt')).toBe('x');
    expect(vb('Directory.GetFiles("/w").Length', {}, host)).toBe(2);
    vb('Directory.CreateDirectory("/w/sub")', {}, host);
    expect(vb('Directory.Exists("/w/sub")', {}, host)).toBe(true);
  });
  it('has Now, Today and DateTime members', () => {
    expect(vb('Now.Year >= 2024 And Today.Hour = 0 And DateTime.Now.Kind.ToString = "Local"')).toBe(true);
    expect(vb('DateTime.ParseExact("05/03/2024", "dd/MM/yyyy", Nothing).ToString("yyyy-MM-dd")')).toBe('2024-03-05');
    expect(vb('DateTime.Parse("2024-03-05 14:30:00").AddDays(1).ToString("yyyyMMdd HH:mm")')).toBe('20240306 14:30');
    expect(vb('(New DateTime(2024, 3, 5) - New DateTime(2024, 3, 1)).TotalDays') instanceof NetDouble).toBe(true);
    expect(toStr(vb('(New DateTime(2024, 3, 5) - New DateTime(2024, 3, 1)).Days'))).toBe('4');
  });
});
