import { parseDouble, parseInt32, toInt32, toNumber } from './cast';
import { compositeFormat } from './composite';
import { DBNULL } from './datatable';
import { daysInMonth, isLeap, NetDateTime, NetTimeSpan } from './datetime';
import { parseDate, parseExact } from './dtparse';
import type { Host } from './host';
import { joinValues } from './linq';
import { MISSING, type Found } from './strings';
import { directoryMember, environmentMember, fileMember, pathMember } from './sysio';
import { textOrEmpty, toStr } from './text';
import { NetArray, NetDouble, NetEnum, NetLong, NetObject, type Value } from './values';
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
    'StringComparison',
    'StringSplitOptions',
    'MidpointRounding',
    'DayOfWeek',
    'DateTimeStyles',
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
]);

const ENUMS: Record<string, string[]> = {
  StringComparison: [
    'CurrentCulture',
    'CurrentCultureIgnoreCase',
    'InvariantCulture',
    'InvariantCultureIgnoreCase',
    'Ordinal',
    'OrdinalIgnoreCase',
  ],
  StringSplitOptions: ['None', 'RemoveEmptyEntries', 'TrimEntries'],
  MidpointRounding: ['ToEven', 'AwayFromZero', 'ToZero'],
  DayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  DateTimeStyles: ['None'],
};

export interface StaticCtx {
  host: Host;
}

/** A static member: a property when `args` is null, a method otherwise. */
export function staticMember(type: string, lc: string, args: Value[] | null, ctx: StaticCtx): Found {
  const a = args ?? [];
  const enumNames = ENUMS[type];
  if (enumNames && args === null) {
    const i = enumNames.findIndex((n) => n.toLowerCase() === lc);
    return i < 0 ? MISSING : new NetEnum(type, enumNames[i], type === 'StringSplitOptions' ? i : i);
  }
  switch (type) {
    case 'String':
      return stringStatic(lc, a, args === null);
    case 'Math':
      return mathStatic(lc, a, args === null);
    case 'Convert':
      return convertStatic(lc, a);
    case 'Path':
      return pathMember(lc, args);
    case 'File':
      return args ? fileMember(lc, a, ctx.host) : MISSING;
    case 'Directory':
      return args ? directoryMember(lc, a, ctx.host) : MISSING;
    case 'Environment':
      return environmentMember(lc, args, ctx.host);
    case 'DateTime':
      return dateStatic(lc, a);
    case 'TimeSpan':
      return timeSpanStatic(lc, a);
    case 'DBNull':
      return lc === 'value' ? DBNULL : MISSING;
    case 'CultureInfo':
      return lc === 'invariantculture' || lc === 'currentculture' ? new NetObject('CultureInfo', new Map()) : MISSING;
    case 'StringComparer':
      return lc.startsWith('ordinal') || lc.startsWith('invariant') || lc.startsWith('current')
        ? new NetObject('StringComparer:' + lc, new Map())
        : MISSING;
  }
  const extra = args === null ? extraEnumMember(type, lc) : undefined;
  if (extra) return extra;
  const json = jsonStatic(type, lc, args);
  if (json !== MISSING) return json;
  return numberStatic(type, lc, a);
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
      const ic = a[2] === true || (a[2] instanceof NetEnum && a[2].name.endsWith('IgnoreCase'));
      const x = ic ? textOrEmpty(a[0]).toLowerCase() : textOrEmpty(a[0]);
      const y = ic ? textOrEmpty(a[1]).toLowerCase() : textOrEmpty(a[1]);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
  return MISSING;
}

/** Math: the result keeps the argument's type where .NET has an overload for it. */
/** Convert.ToX: numbers round half to even; strings must hold a number of the target type. */
function numberStatic(type: string, lc: string, a: Value[]): Found {
  const x = a[0];
  if (lc === 'parse') {
    if (type === 'Int32') return parseInt32(x);
    if (type === 'Double') return parseDouble(x);
    if (type === 'Int64') return convertStatic('toint64', a);
    if (type === 'Decimal') return convertStatic('todecimal', a);
    if (type === 'Boolean') return convertStatic('toboolean', a);
  }
  if (lc === 'maxvalue' || lc === 'minvalue') {
    const max = lc === 'maxvalue';
    if (type === 'Int32') return max ? 2147483647 : -2147483648;
    if (type === 'Int64') return new NetLong(max ? 9223372036854775807n : -9223372036854775808n);
    if (type === 'Double') return new NetDouble(max ? Number.MAX_VALUE : -Number.MAX_VALUE);
  }
  if (type === 'Char' && (lc === 'isdigit' || lc === 'isletter' || lc === 'iswhitespace')) {
    const c = textOrEmpty(x);
    return lc === 'isdigit' ? /^\d$/.test(c) : lc === 'isletter' ? /^\p{L}$/u.test(c) : /^\s$/.test(c);
  }
  return MISSING;
}

function dateStatic(lc: string, a: Value[]): Found {
  switch (lc) {
    case 'now':
      return NetDateTime.now();
    case 'today':
      return NetDateTime.today();
    case 'utcnow':
      return NetDateTime.utcNow();
    case 'minvalue':
      return NetDateTime.of(1, 1, 1);
    case 'maxvalue':
      return NetDateTime.of(9999, 12, 31, 23, 59, 59, 999);
    case 'parse':
      return parseDate(toStr(a[0]));
    case 'parseexact': {
      const formats = a[1] instanceof NetArray ? a[1].items.map((f) => toStr(f)) : [toStr(a[1])];
      for (const f of formats.slice(0, -1)) {
        try {
          return parseExact(toStr(a[0]), f);
        } catch {
          // The last format's error is the one reported.
        }
      }
      return parseExact(toStr(a[0]), formats[formats.length - 1]);
    }
    case 'daysinmonth':
      return daysInMonth(toInt32(a[0]), toInt32(a[1]));
    case 'isleapyear':
      return isLeap(toInt32(a[0]));
  }
  return MISSING;
}

function timeSpanStatic(lc: string, a: Value[]): Found {
  const n = () => toNumber(a[0]);
  switch (lc) {
    case 'zero':
      return new NetTimeSpan(0);
    case 'fromdays':
      return new NetTimeSpan(Math.round(n() * 86_400_000));
    case 'fromhours':
      return new NetTimeSpan(Math.round(n() * 3_600_000));
    case 'fromminutes':
      return new NetTimeSpan(Math.round(n() * 60_000));
    case 'fromseconds':
      return new NetTimeSpan(Math.round(n() * 1000));
    case 'frommilliseconds':
      return new NetTimeSpan(Math.round(n()));
  }
  return MISSING;
}
