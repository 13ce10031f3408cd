import { describe, expect, it } from 'vitest';
import { NetDateTime, NetDecimal, NetDouble, NetTimeSpan, formatValue, toStr } from '../../../agent/xaml/dotnet';
import { thrown, vb, vbText } from './helpers';

const d = (x: number) => new NetDouble(x);
const m = (s: string) => NetDecimal.parse(s) as NetDecimal;

describe('Double.ToString() (shortest round-trip, .NET Core 3.0+)', () => {
  it('prints fixed notation up to 1E+15 and scientific beyond', () => {
    expect(toStr(d(0.1))).toBe('0.1');
    expect(toStr(d(0.1 + 0.2))).toBe('0.30000000000000004');
    expect(toStr(d(1e16))).toBe('1E+16');
    expect(toStr(d(123456789012345))).toBe('123456789012345');
    expect(toStr(d(1e15))).toBe('1E+15');
    expect(toStr(d(0.0001))).toBe('0.0001');
    expect(toStr(d(0.00001))).toBe('1E-05');
    expect(toStr(d(-2.5))).toBe('-2.5');
    expect(toStr(d(3))).toBe('3');
    expect(toStr(d(NaN))).toBe('NaN');
  });
});

describe('standard numeric formats (invariant culture)', () => {
  it('N, F, D, P, C, E, X', () => {
    expect(formatValue(d(1234.567), 'N2')).toBe('1,234.57');
    expect(formatValue(1234567, 'N0')).toBe('1,234,567');
    expect(formatValue(d(1234.5), 'N')).toBe('1,234.50');
    expect(formatValue(d(2.5), 'F0')).toBe('3');
    expect(formatValue(d(1.005), 'F2')).toBe('1.00');
    expect(formatValue(d(3.14159), 'F3')).toBe('3.142');
    expect(formatValue(42, 'D4')).toBe('0042');
    expect(formatValue(-42, 'D4')).toBe('-0042');
    expect(formatValue(d(0.1234), 'P')).toBe('12.34 %');
    expect(formatValue(d(0.5), 'P0')).toBe('50 %');
    expect(formatValue(d(1234.5), 'C')).toBe('¤1,234.50');
    expect(formatValue(d(1234.5), 'E2')).toBe('1.23E+003');
    expect(formatValue(255, 'X')).toBe('FF');
    expect(formatValue(255, 'x4')).toBe('00ff');
    expect(thrown(() => formatValue(d(1.5), 'D2'))).toMatch(/^FormatException/);
  });
});

describe('custom numeric formats', () => {
  it('0 # . , % and sections', () => {
    expect(formatValue(d(1234.5), '0.00')).toBe('1234.50');
    expect(formatValue(d(1234.5), '#,##0.00')).toBe('1,234.50');
    expect(formatValue(d(0.5), '#,##0.00')).toBe('0.50');
    expect(formatValue(d(1.5), '#.##')).toBe('1.5');
    expect(formatValue(5, '000')).toBe('005');
    expect(formatValue(d(0.25), '0%')).toBe('25%');
    expect(formatValue(d(-3), '0;(0)')).toBe('(3)');
    expect(formatValue(d(-3.5), '0.0')).toBe('-3.5');
    expect(formatValue(1234567, '#,#')).toBe('1,234,567');
    expect(formatValue(5551234, '000-0000')).toBe('555-1234');
    expect(formatValue(d(12), "0 'pcs'")).toBe('12 pcs');
  });
});

describe('Decimal keeps exact digits', () => {
  it('adds, multiplies and prints with its scale', () => {
    expect(vbText('CDec("0.1") + CDec("0.2")')).toBe('0.3');
    expect(vbText('1.10D * 3')).toBe('3.30');
    expect(vbText('10D / 4D')).toBe('2.5');
    expect(vbText('1D / 3D')).toBe('0.3333333333333333333333333333');
    expect(formatValue(m('1234.565'), 'N2')).toBe('1,234.57');
    expect(formatValue(m('2.5'), '0')).toBe('3');
  });
});

describe('other ToString()', () => {
  it('prints Booleans, Integers and refuses Nothing', () => {
    expect(vb('True.ToString')).toBe('True');
    expect(vb('(12).ToString')).toBe('12');
    expect(vb('x.ToString("0.0")', { x: 3 })).toBe('3.0');
    expect(thrown(() => vb('x.ToString', { x: null }))).toBe(
      'NullReferenceException: Object reference not set to an instance of an object.',
    );
  });
});

describe('DateTime formats (invariant culture)', () => {
  const t = NetDateTime.of(2024, 3, 5, 14, 7, 9, 45);
  it('ToString() is MM/dd/yyyy HH:mm:ss', () => {
    expect(toStr(t)).toBe('03/05/2024 14:07:09');
  });
  it('custom specifiers', () => {
    expect(formatValue(t, 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-05 14:07:09');
    expect(formatValue(t, 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(formatValue(t, 'yyyyMMdd')).toBe('20240305');
    expect(formatValue(t, 'd MMM yy, h:mm tt')).toBe('5 Mar 24, 2:07 PM');
    expect(formatValue(t, 'dddd d MMMM')).toBe('Tuesday 5 March');
    expect(formatValue(t, 'HH:mm:ss.fff')).toBe('14:07:09.045');
    expect(formatValue(t, "'Day' d")).toBe('Day 5');
  });
  it('standard formats', () => {
    expect(formatValue(t, 'd')).toBe('03/05/2024');
    expect(formatValue(t, 'D')).toBe('Tuesday, 05 March 2024');
    expect(formatValue(t, 's')).toBe('2024-03-05T14:07:09');
    expect(formatValue(t, 'o')).toBe('2024-03-05T14:07:09.0450000');
    expect(formatValue(new NetDateTime(t.ms, 'Utc'), 'o')).toBe('2024-03-05T14:07:09.0450000Z');
    expect(formatValue(t, 'T')).toBe('14:07:09');
  });
  it('arithmetic and ParseExact', () => {
    expect(vb('New DateTime(2024, 1, 31).AddMonths(1).ToString("yyyy-MM-dd")')).toBe('2024-02-29');
    expect(vb('DateTime.ParseExact("20240305", "yyyyMMdd", Nothing).DayOfWeek.ToString')).toBe('Tuesday');
    expect(thrown(() => vb('DateTime.ParseExact("2024-13-01", "yyyy-MM-dd", Nothing)'))).toBe(
      "FormatException: String '2024-13-01' was not recognized as a valid DateTime.",
    );
  });
  it('TimeSpan', () => {
    expect(toStr(new NetTimeSpan(((26 * 60 + 3) * 60 + 4) * 1000))).toBe('1.02:03:04');
    expect(toStr(new NetTimeSpan(90_000))).toBe('00:01:30');
    expect(formatValue(new NetTimeSpan(90_500), 'hh\\:mm\\:ss')).toBe('00:01:30');
    expect(vbText('TimeSpan.FromMinutes(90).TotalHours')).toBe('1.5');
  });
});
