import { describe, expect, it } from 'vitest';
import { DataTable, NetArray } from '../../../agent/xaml/dotnet';
import { cs, vb } from './helpers';

describe('further forms the documentation lists', () => {
  it('reads typed fields and sized arrays', () => {
    const dt = vb('New DataTable("t")') as DataTable;
    vb('dt.Columns.Add("Name")', { dt });
    vb('dt.Rows.Add("Ann")', { dt });
    expect(cs('dt.Rows[0].Field<string>("Name")', { dt })).toBe('Ann');
    expect(vb('dt.Rows(0).Field(Of String)("name")', { dt })).toBe('Ann');
    expect((vb('New Integer(4) {}') as NetArray).items).toEqual([0, 0, 0, 0, 0]);
    expect(cs('typeof(string).Name')).toBe('String');
    expect(vb('GetType(Integer).Name')).toBe('Int32');
  });
  it('parses with several formats and null-conditional access', () => {
    expect(vb('DateTime.ParseExact("2024-03-05", {"dd/MM/yyyy", "yyyy-MM-dd"}, Nothing).Month')).toBe(3);
    expect(cs('s?.Length', { s: null })).toBe(null);
    expect(vb('s?.Length', { s: 'ab' })).toBe(2);
  });
  it('formats with String.Format from an Object array and the list of LINQ aggregates', () => {
    expect(vb('String.Format("{0}-{1}", New Object() {"a", 1})')).toBe('a-1');
    expect(vb('{1, 5, 3}.Max()')).toBe(5);
    expect(vb('{4, 2}.Min')).toBe(2);
    expect(vb('Len("abc") + Left("abcd", 2).Length + Mid("abcdef", 2, 3).Length')).toBe(8);
  });
});
