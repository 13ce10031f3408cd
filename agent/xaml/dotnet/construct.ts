import { canonicalType, toInt32, toNumber } from './cast';
import { DataColumn, DataTable } from './datatable';
import { NetDateTime, NetTimeSpan } from './datetime';
import { defaultMessage, exceptionTypeName, fail, NetException } from './exceptions';
import { enumerate } from './collections';
import { textOrEmpty } from './text';
import { constructJson } from './jsonMembers';
import { need } from './calls';
import { constructConcurrent } from './concurrent';
import { constructFileSystemInfo } from './fileInfo';
import { constructGuid } from './guid';
import type { Host } from './host';
import { constructRegex } from './regex';
import { NetArray, NetChar, NetDictionary, NetList, NetObject, TypeRef, type Value } from './values';

/**
 * `New T(args)`: the types workflows construct. `typeArgs` are the canonical names of a
 * generic type's arguments (List(Of String) → ['String']). Null when T is not one of them.
 */
export function construct(written: string, typeArgs: string[], args: Value[], host: Host): Value | undefined {
  const type = canonicalType(written);
  const exType = exceptionTypeName(type);
  if (exType) {
    const message = args.length && args[0] !== null ? textOrEmpty(args[0]) : defaultMessage(exType);
    const inner = args[1] instanceof NetException ? args[1] : null;
    return new NetException(exType, message, inner);
  }
  switch (type) {
    case 'DataTable':
      return new DataTable(args.length ? textOrEmpty(args[0]) : '');
    case 'DataColumn':
      return new DataColumn(
        args.length ? textOrEmpty(args[0]) : '',
        args[1] instanceof TypeRef ? canonicalType(args[1].name) : 'String',
      );
    case 'List':
      return new NetList(
        typeArgs[0] ?? 'Object',
        args.length && typeof args[0] !== 'number' ? [...enumerate(args[0])] : [],
      );
    case 'Dictionary': {
      const d = new NetDictionary(typeArgs[0] ?? 'Object', typeArgs[1] ?? 'Object');
      if (args[0] instanceof NetObject && args[0].typeName.includes('ignorecase')) {
        fail('NotSupportedException', 'A Dictionary with a case-insensitive comparer is not supported.');
      }
      return d;
    }
    case 'DateTime': {
      const n = args.map((a) => toInt32(a));
      if (n.length === 0) return NetDateTime.of(1, 1, 1);
      return NetDateTime.of(n[0], n[1], n[2], n[3] ?? 0, n[4] ?? 0, n[5] ?? 0, n[6] ?? 0);
    }
    case 'TimeSpan': {
      const n = args.map((a) => toNumber(a));
      if (n.length === 1) return new NetTimeSpan(n[0] / 10_000);
      if (n.length === 3) return new NetTimeSpan(((n[0] * 60 + n[1]) * 60 + n[2]) * 1000);
      if (n.length >= 4) return new NetTimeSpan((((n[0] * 24 + n[1]) * 60 + n[2]) * 60 + n[3]) * 1000 + (n[4] ?? 0));
      return new NetTimeSpan(0);
    }
    case 'String':
      if (args[0] instanceof NetChar) return args[0].c.repeat(toInt32(args[1]));
      // New String(chars): the text of a Char array (New String(s.Reverse().ToArray())).
      if (args.length === 1 && args[0] instanceof NetArray) return args[0].items.map((c) => textOrEmpty(c)).join('');
      return undefined;
    case 'Object':
      return new NetObject('Object', new Map());
    case 'JObject':
    case 'JArray':
      return constructJson(type, args);
    case 'Guid':
      return constructGuid(args);
    case 'Regex':
      return constructRegex(args);
    case 'FileInfo':
    case 'DirectoryInfo':
      return constructFileSystemInfo(type, args, host);
    case 'ConcurrentQueue':
    case 'ConcurrentDictionary':
      need(args, 0, 1);
      return constructConcurrent(
        type,
        typeArgs,
        args.length && typeof args[0] !== 'number' ? [...enumerate(args[0])] : null,
      );
  }
  return undefined;
}
