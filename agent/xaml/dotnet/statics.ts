import { need } from './calls';
import { compositeFormat } from './composite';
import { DBNULL } from './datatable';
import { arrayStatic, enumerableStatic } from './enumerable';
import { ENUM_TYPES, enumMember } from './enums';
import { guidStatic } from './guid';
import type { Host } from './host';
import { regexStatic } from './regex';
import { dateStatic, numberStatic, timeSpanStatic } from './valueStatics';
import { vbStringFunction } from './vbStrings';
import { joinValues } from './linq';
import { MISSING, type Found } from './strings';
import { pathMember } from './paths';
import { directoryMember, environmentMember, fileMember } from './sysio';
import { textOrEmpty, toStr } from './text';
import { NetArray, NetEnum, NetObject, type Value } from './values';
import { convertStatic, mathStatic } from './mathConvert';
import { jsonStatic } from './jsonMembers';
import { EXTRA_ENUMS, extraEnumMember } from './vbDates';

/** The static types expressions name, by lowercase name → canonical name. */
export const STATIC_TYPES = new Map(
  [
    'String',
    'Math',
    'Convert',
    'Path',
    'File',
    'Directory',
    'Environment',
    'DateTime',
    'TimeSpan',
    'Int32',
    'Int64',
    'Double',
    'Decimal',
    'Boolean',
    'Char',
    'Object',
    'DBNull',
    'CultureInfo',
    'StringComparer',
    'DataTable',
    'DataRow',
    'DataColumn',
    'List',
    'Dictionary',
    'JObject',
    'JArray',
    'JToken',
    'JsonConvert',
    'Formatting',
    'Guid',
    'Regex',
    'Enumerable',
    'Array',
    'Strings',
    ...ENUM_TYPES,
  ].map((n) => [n.toLowerCase(), n]),
);
/** VB's and C#'s keyword names of the same types. */
for (const [alias, name] of [
  ['integer', 'Int32'],
  ['int', 'Int32'],
  ['long', 'Int64'],
  ['date', 'DateTime'],
  ['bool', 'Boolean'],
  ['single', 'Double'],
] as const) {
  STATIC_TYPES.set(alias, name);
}
for (const name of Object.keys(EXTRA_ENUMS)) STATIC_TYPES.set(name.toLowerCase(), name);

export const NAMESPACES = new Set([
  'system',
  'io',
  'text',
  'collections',
  'generic',
  'data',
  'linq',
  'globalization',
  'microsoft',
  'visualbasic',
  'uipath',
  'core',
  'newtonsoft',
  'json',
  'regularexpressions',
  'concurrent',
]);

export interface StaticCtx {
  host: Host;
}

/**
 * A static member: a property when `args` is null, a method otherwise. A property lookup never
 * runs a method, so naming a method without calling it (a C# method group) has no effect.
 */
export function staticMember(type: string, lc: string, args: Value[] | null, ctx: StaticCtx): Found {
  const a = args ?? [];
  const property = args === null;
  if (property) {
    const e = enumMember(type, lc);
    if (e !== MISSING) return e;
  }
  switch (type) {
    case 'String':
      return stringStatic(lc, a, property);
    case 'Math':
      return mathStatic(lc, a, property);
    case 'Convert':
      return property ? MISSING : convertStatic(lc, a);
    case 'Path':
      return pathMember(lc, args);
    case 'File':
      return args ? fileMember(lc, a, ctx.host) : MISSING;
    case 'Directory':
      return args ? directoryMember(lc, a, ctx.host) : MISSING;
    case 'Environment':
      return environmentMember(lc, args, ctx.host);
    case 'DateTime':
      return dateStatic(lc, a, property);
    case 'TimeSpan':
      return timeSpanStatic(lc, a, property);
    case 'DBNull':
      return lc === 'value' && property ? DBNULL : MISSING;
    case 'CultureInfo':
      return property && (lc === 'invariantculture' || lc === 'currentculture')
        ? new NetObject('CultureInfo', new Map())
        : MISSING;
    case 'StringComparer':
      return property && (lc.startsWith('ordinal') || lc.startsWith('invariant') || lc.startsWith('current'))
        ? new NetObject('StringComparer:' + lc, new Map())
        : MISSING;
    case 'Guid':
      return guidStatic(lc, a, property);
    case 'Regex':
      return property ? MISSING : regexStatic(lc, a);
    case 'Enumerable':
      return property ? MISSING : enumerableStatic(lc, a);
    case 'Array':
      return property ? MISSING : arrayStatic(lc, a);
    case 'Strings': {
      const r = property ? undefined : vbStringFunction(lc, a);
      return r === undefined ? MISSING : r;
    }
  }
  const extra = args === null ? extraEnumMember(type, lc) : undefined;
  if (extra) return extra;
  const json = jsonStatic(type, lc, args);
  if (json !== MISSING) return json;
  return numberStatic(type, lc, a, property);
}

function stringStatic(lc: string, a: Value[], property: boolean): Found {
  if (property) return lc === 'empty' ? '' : MISSING;
  switch (lc) {
    case 'isnullorempty':
      return a[0] === null || a[0] === '';
    case 'isnullorwhitespace':
      return a[0] === null || textOrEmpty(a[0]).trim() === '';
    case 'join':
      return joinValues(a[0], a.slice(1));
    case 'concat':
      return joinValues('', a);
    case 'format': {
      const rest = a[0] instanceof NetObject ? a.slice(1) : a;
      const args =
        rest.length === 2 && rest[1] instanceof NetArray && rest[1].elementType === 'Object'
          ? rest[1].items
          : rest.slice(1);
      return compositeFormat(toStr(rest[0]), args);
    }
    case 'equals':
      return a[0] === a[1];
    case 'compare': {
      need(a, 2, 3);
      const ic = a[2] === true || (a[2] instanceof NetEnum && a[2].name.endsWith('IgnoreCase'));
      const x = ic ? textOrEmpty(a[0]).toLowerCase() : textOrEmpty(a[0]);
      const y = ic ? textOrEmpty(a[1]).toLowerCase() : textOrEmpty(a[1]);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
  return MISSING;
}
