import { describe, expect, it } from 'vitest';
import {
  DataTable,
  NetArray,
  NetDateTime,
  NetDecimal,
  NetDictionary,
  NetDouble,
  NetList,
  toStr,
  typeName,
  type Value,
} from '../../../../agent/xaml/dotnet';
import { dictionarySet } from '../../../../agent/xaml/dotnet/collections';
import { addDataRow, deserializeJson, serializeJson } from '../../../../agent/xaml/library';
import { assign, parseVb } from '../../../../agent/xaml/expr';
import { cs, scopeWith, thrown, vb, vbText } from '../helpers';

const ORDER = `{
  "id": 42,
  "customer": { "name": "Zoë", 'vip': true },
  "items": [ { "sku": "A-1", "qty": 2, "price": 9.5 }, { "sku": "B-2", "qty": 1, "price": 20.0 } ],
  "note": null,
  "placed": "2024-05-06T07:08:09",
  // Newtonsoft accepts comments and trailing commas
  "tags": ["new", "paid",],
}`;

describe('DeserializeJson to a JObject and what expressions do with it', () => {
  const order = (): Value => deserializeJson(ORDER);

  it('indexes objects and arrays, and prints a string token as its raw text', () => {
    const o = order();
    expect(typeName(o)).toBe('JObject');
    expect(vbText('o("customer")("name").ToString', { o })).toBe('Zoë');
    expect(vbText('o.Item("items")(1)("sku").ToString', { o })).toBe('B-2');
    expect(vb('o("items").Count', { o })).toBe(2);
    expect(vb('o.Value(Of String)("id")', { o })).toBe('42');
    expect(vb('o("items")(0).Value(Of Integer)("qty") * 3', { o })).toBe(6);
    expect(vb('CInt(o("id")) + 1', { o })).toBe(43);
    expect(vbText('CDbl(o("items")(0)("price")) * 2', { o })).toBe('19');
    expect(vb('CBool(o("customer")("vip"))', { o })).toBe(true);
    expect(vb('o("missing") Is Nothing', { o })).toBe(true);
    expect(vbText('o("note").ToString', { o })).toBe('');
    expect(vbText('o("placed").ToString', { o })).toBe('05/06/2024 07:08:09');
    expect(vbText('String.Join("|", o("tags").ToObject(Of List(Of String)))', { o })).toBe('new|paid');
    expect(cs('(int)o["id"] + 1', { o })).toBe(43);
    expect(cs('o["customer"]["name"].ToString()', { o })).toBe('Zoë');
  });

  it('prints a container as indented JSON, numbers as Newtonsoft writes them', () => {
    const o = deserializeJson('{"a":1,"b":[1.0,2.5,"x\\"y"],"c":{},"d":[],"e":{"f":null}}');
    expect(vbText('o.ToString', { o })).toBe(
      '{\n  "a": 1,\n  "b": [\n    1.0,\n    2.5,\n    "x\\"y"\n  ],\n  "c": {},\n  "d": [],\n  "e": {\n    "f": null\n  }\n}',
    );
    expect(vbText('o.ToString(Newtonsoft.Json.Formatting.None)', { o })).toBe(
      '{"a":1,"b":[1.0,2.5,"x\\"y"],"c":{},"d":[],"e":{"f":null}}',
    );
  });

  it('enumerates a JObject as properties and a JArray as tokens', () => {
    const o = order();
    expect(vbText('String.Join(",", o("customer").Select(Function(p) p.Name + "=" + p.Value.ToString))', { o })).toBe(
      'name=Zoë,vip=True',
    );
    expect(vb('o("items").Sum(Function(i) CInt(i("qty")))', { o })).toBe(3);
  });

  it('writes into a JObject through its indexer and Add', () => {
    const o = deserializeJson('{"a":1}');
    vb('o.Add("b", "two")', { o });
    const scope = { o };
    expect(vbText('o.ToString(Newtonsoft.Json.Formatting.None)', scope)).toBe('{"a":1,"b":"two"}');
    expect(thrown(() => vb('o.Add("a", 3)', { o }))).toBe(
      'ArgumentException: Can not add property a to Newtonsoft.Json.Linq.JObject. Property with the same name already exists on object.',
    );
    expect(vbText('JObject.Parse("{""k"":[1,2]}")("k")(1).ToString', {})).toBe('2');
    expect(vbText('JsonConvert.SerializeObject(New List(Of Integer) From {1, 2})', {})).toBe('[1,2]');
  });

  it('reports malformed JSON as Newtonsoft does', () => {
    expect(thrown(() => deserializeJson('{"a": 1, "b": x}'))).toBe(
      "JsonReaderException: Unexpected character encountered while parsing value: x. Path 'b', line 1, position 15.",
    );
    expect(thrown(() => deserializeJson('{"a": [1, 2'))).toBe(
      "JsonReaderException: Unexpected end when reading JSON. Path 'a[1]', line 1, position 11.",
    );
    expect(thrown(() => deserializeJson('{} x'))).toBe(
      "JsonReaderException: Additional text encountered after finished reading JSON content: x. Path '', line 1, position 4.",
    );
    expect(thrown(() => deserializeJson('[1]'))).toBe(
      "JsonReaderException: Error reading JObject from JsonReader. Current JsonReader item is not an object: StartArray. Path '', line 1, position 1.",
    );
    expect(thrown(() => vb('JObject.Parse("[1]")', {}))).toBe(
      "JsonReaderException: Error reading JObject from JsonReader. Current JsonReader item is not an object: StartArray. Path '', line 1, position 1.",
    );
  });
});

describe('JSON members and statics', () => {
  it('assigns through the indexer, selects by path, builds tokens and converts dates', () => {
    const o = deserializeJson('{"a":{"b":[10,{"c":"deep"}]},"d":"2024-05-06T07:08:09Z"}');
    const s = scopeWith({ o });
    assign(parseVb('o("n")'), s, 5);
    expect(vbText('o.ToString(Newtonsoft.Json.Formatting.None)', { o })).toBe(
      '{"a":{"b":[10,{"c":"deep"}]},"d":"2024-05-06T07:08:09Z","n":5}',
    );
    expect(vbText('o.SelectToken("a.b[1].c").ToString', { o })).toBe('deep');
    expect(vb('o.SelectToken("$.a.x") Is Nothing', { o })).toBe(true);
    expect(vbText('CDate(o("d")).ToString("yyyy-MM-dd HH:mm K")', { o })).toBe('2024-05-06 07:08 Z');
    expect(vbText('o("a")("b").Type.ToString', { o })).toBe('Array');
    expect(
      vbText('JToken.FromObject(New Dictionary(Of String, Integer) From {{"k", 1}}).ToString(Formatting.None)', {}),
    ).toBe('{"k":1}');
    expect(vbText('New JArray(1, "two").ToString(Formatting.None)', {})).toBe('[1,"two"]');
    expect(thrown(() => vb('o("a")(0)', { o }))).toBe(
      'ArgumentException: Accessed JObject values with invalid key value: 0. Object property name expected.',
    );
    expect(thrown(() => vb('o("a")("b")(5)', { o }))).toBe(
      "ArgumentOutOfRangeException: Index was out of range. Must be non-negative and less than the size of the collection. (Parameter 'index')",
    );
  });
});

describe('DeserializeJson to other types', () => {
  it('reads arrays, dictionaries, lists, strings, numbers and tables', () => {
    const arr = deserializeJson('[{"n":1},{"n":2}]', 'Newtonsoft.Json.Linq.JArray');
    expect(vb('a(1)("n").ToString', { a: arr })).toBe('2');
    const d = deserializeJson('{"x": 1, "y": "two", "z": [1]}', 'scg:Dictionary(x:String, x:Object)');
    expect(d).toBeInstanceOf(NetDictionary);
    expect(vbText('d("y")', { d })).toBe('two');
    expect(typeName(vb('d("x")', { d }))).toBe('Int64');
    expect(typeName(vb('d("z")', { d }))).toBe('JArray');
    const l = deserializeJson('["a","b"]', 'List(Of String)');
    expect(l).toBeInstanceOf(NetList);
    expect(vbText('String.Join("+", l)', { l })).toBe('a+b');
    const arrS = deserializeJson('[1,2,3]', 'x:Int32[]');
    expect(arrS).toBeInstanceOf(NetArray);
    expect(deserializeJson('"hello"', 'x:String')).toBe('hello');
    expect(deserializeJson('17', 'x:Int32')).toBe(17);
    const t = deserializeJson('[{"name":"a","qty":3},{"name":"b"}]', 'System.Data.DataTable') as DataTable;
    expect(t.columns.list.map((c) => `${c.columnName}:${c.dataType}`)).toEqual(['name:String', 'qty:Int64']);
    expect(t.rows.list.map((r) => r.values.map((v) => toStr(v)))).toEqual([
      ['a', '3'],
      ['b', ''],
    ]);
  });
});

describe('SerializeJson', () => {
  it('writes .NET values compactly: dictionaries as objects, tables as arrays of rows', () => {
    const d = new NetDictionary('String', 'Object');
    dictionarySet(d, 'name', 'Zoë "Z"');
    dictionarySet(d, 'count', 3);
    dictionarySet(d, 'ratio', new NetDouble(2));
    dictionarySet(d, 'price', NetDecimal.parse('1.10'));
    dictionarySet(d, 'when', NetDateTime.of(2024, 1, 2, 3, 4, 5, 600));
    dictionarySet(d, 'none', null);
    dictionarySet(d, 'list', new NetList('String', ['a', 'b\n']));
    expect(serializeJson(d)).toBe(
      '{"name":"Zoë \\"Z\\"","count":3,"ratio":2.0,"price":1.10,"when":"2024-01-02T03:04:05.6","none":null,"list":["a","b\\n"]}',
    );
    const t = new DataTable('T');
    t.columns.add('A', 'String');
    t.columns.add('B', 'Int32');
    addDataRow(t, new NetArray('Object', ['x', 1]), null);
    addDataRow(t, new NetArray('Object', ['y']), null);
    expect(serializeJson(t)).toBe('[{"A":"x","B":1},{"A":"y","B":null}]');
    expect(serializeJson(deserializeJson('{"a":[1,{"b":true}]}'), true)).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}',
    );
  });
});
