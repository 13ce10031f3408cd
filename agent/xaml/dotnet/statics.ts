import {
  checkInt32,
  parseDouble,
  parseInt32,
  roundHalfEven,
  toBoolean,
  toDateTime,
  toDecimal,
  toInt32,
  toInt64,
  toNumber,
} from './cast';
import { compositeFormat } from './composite';
import { decRound, NetDecimal } from './decimal';
import { DBNULL } from './datatable';
import { daysInMonth, isLeap, NetDateTime, NetTimeSpan } from './datetime';
import { parseDate, parseExact } from './dtfmt';
import { fail, MESSAGES } from './exceptions';
import type { Host } from './host';
import { joinValues } from './linq';
import { MISSING, type Found } from './strings';
import { directoryMember, environmentMember, fileMember, pathMember } from './sysio';
import { textOrEmpty, toStr } from './text';
import { NetArray, NetDouble, NetEnum, NetLong, NetObject, type Value } from './values';

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
function mathStatic(lc: string, a: Value[], property: boolean): Found {
  if (property) return lc === 'pi' ? new NetDouble(Math.PI) : lc === 'e' ? new NetDouble(Math.E) : MISSING;
  const x = a[0];
  const dbl = (f: (n: number) => number) => new NetDouble(f(toNumber(x)));
  switch (lc) {
    case 'abs':
      if (typeof x === 'number') return checkInt32(Math.abs(x));
      if (x instanceof NetDecimal) return new NetDecimal(x.coef < 0n ? -x.coef : x.coef, x.scale);
      return dbl(Math.abs);
    case 'max':
    case 'min': {
      if (typeof x === 'number' && typeof a[1] === 'number')
        return lc === 'max' ? Math.max(x, a[1]) : Math.min(x, a[1]);
      const y = toNumber(a[1]);
      return new NetDouble(lc === 'max' ? Math.max(toNumber(x), y) : Math.min(toNumber(x), y));
    }
    case 'round': {
      const digits = typeof a[1] === 'number' ? a[1] : 0;
      const away = a.some((v) => v instanceof NetEnum && v.name === 'AwayFromZero');
      if (x instanceof NetDecimal) return decRound(x, digits, !away);
      const n = toNumber(x) * 10 ** digits;
      const r = away ? Math.sign(n) * Math.round(Math.abs(n)) : roundHalfEven(n);
      return new NetDouble(r / 10 ** digits);
    }
    case 'floor':
    case 'ceiling':
    case 'truncate':
      if (x instanceof NetDecimal)
        return decRound(x, 0, true).scale === 0
          ? toDecimal(Math[lc === 'ceiling' ? 'ceil' : lc === 'floor' ? 'floor' : 'trunc'](x.toNumber()))
          : x;
      return dbl(lc === 'ceiling' ? Math.ceil : lc === 'floor' ? Math.floor : Math.trunc);
    case 'sqrt':
      return dbl(Math.sqrt);
    case 'pow':
      return new NetDouble(Math.pow(toNumber(x), toNumber(a[1])));
    case 'sign':
      return Math.sign(toNumber(x));
    case 'log':
      return a.length > 1 ? new NetDouble(Math.log(toNumber(x)) / Math.log(toNumber(a[1]))) : dbl(Math.log);
    case 'log10':
      return dbl(Math.log10);
    case 'exp':
      return dbl(Math.exp);
  }
  return MISSING;
}

/** Convert.ToX: numbers round half to even; strings must hold a number of the target type. */
function convertStatic(lc: string, a: Value[]): Found {
  const x = a[0];
  switch (lc) {
    case 'toint32':
    case 'toint16':
      if (x === null) return 0;
      return typeof x === 'string' ? parseInt32(x) : toInt32(x);
    case 'toint64':
      if (typeof x === 'string' && !/^\s*[+-]?\d+\s*$/.test(x)) fail('FormatException', MESSAGES.format);
      return x === null ? new NetLong(0n) : toInt64(x);
    case 'todouble':
      return x === null ? new NetDouble(0) : typeof x === 'string' ? parseDouble(x) : new NetDouble(toNumber(x));
    case 'todecimal':
      if (typeof x === 'string' && NetDecimal.parse(x) === null) fail('FormatException', MESSAGES.format);
      return x === null ? NetDecimal.fromInt(0) : toDecimal(x);
    case 'toboolean':
      if (typeof x === 'string' && !/^\s*(true|false)\s*$/i.test(x))
        fail('FormatException', `String '${x}' was not recognized as a valid Boolean.`);
      return x === null ? false : toBoolean(x);
    case 'tostring':
      return x === null ? '' : a.length > 1 && typeof a[1] === 'string' ? textOrEmpty(x) : textOrEmpty(x);
    case 'todatetime':
      return x === null ? NetDateTime.of(1, 1, 1) : toDateTime(x);
  }
  return MISSING;
}

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
