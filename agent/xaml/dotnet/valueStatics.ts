import { parseDouble, parseInt32, toInt32, toNumber } from './cast';
import { daysInMonth, isLeap, NetDateTime, NetTimeSpan } from './datetime';
import { parseDate, parseExact } from './dtparse';
import { fail, NetError } from './exceptions';
import { need } from './calls';
import { convertStatic } from './mathConvert';
import { MISSING, type Found } from './strings';
import { textOrEmpty, toStr } from './text';
import { defaultOf, outCell } from './byref';
import { NetArray, NetDouble, NetLong, type Value } from './values';

/**
 * The static members of the value types (Int32, Double, DateTime, TimeSpan…). `property` says
 * the member was named without arguments in a property position: only properties answer then,
 * so naming a method (C#'s `int.Parse` method group) never runs it.
 */
export function numberStatic(type: string, lc: string, a: Value[], property: boolean): Found {
  if (property) {
    if (lc === 'maxvalue' || lc === 'minvalue') {
      const max = lc === 'maxvalue';
      if (type === 'Int32') return max ? 2147483647 : -2147483648;
      if (type === 'Int64') return new NetLong(max ? 9223372036854775807n : -9223372036854775808n);
      if (type === 'Double') return new NetDouble(max ? Number.MAX_VALUE : -Number.MAX_VALUE);
    }
    return MISSING;
  }
  const x = a[0];
  if (lc === 'parse') return parseAs(type, a);
  if (lc === 'tryparse') return tryParse(type, a);
  if (type === 'Char' && (lc === 'isdigit' || lc === 'isletter' || lc === 'iswhitespace')) {
    const c = textOrEmpty(x);
    return lc === 'isdigit' ? /^\d$/.test(c) : lc === 'isletter' ? /^\p{L}$/u.test(c) : /^\s$/.test(c);
  }
  return MISSING;
}

const PARSEABLE = new Set(['Int32', 'Double', 'Int64', 'Decimal', 'Boolean', 'DateTime']);

function parseAs(type: string, a: Value[]): Found {
  switch (type) {
    case 'Int32':
      return parseInt32(a[0]);
    case 'Double':
      return parseDouble(a[0]);
    case 'Int64':
      return convertStatic('toint64', a);
    case 'Decimal':
      return convertStatic('todecimal', a);
    case 'Boolean':
      return convertStatic('toboolean', a);
    case 'DateTime':
      return parseDate(toStr(a[0]));
  }
  return MISSING;
}

/**
 * T.TryParse(s, out result): True with the parsed value in `result`, or False with the type's
 * default there, where Parse would throw a FormatException or an OverflowException (also for
 * Nothing). The out argument is the last one; the style and provider overloads parse the same.
 */
function tryParse(type: string, a: Value[]): Found {
  if (!PARSEABLE.has(type)) return MISSING;
  return attempt(outCell(a), () => (a[0] === null ? null : parseAs(type, [a[0]])), defaultOf(type));
}

/** Runs `parse`; a .NET exception (or Nothing) means False and the default in the out cell. */
export function attempt(cell: { value: Value }, parse: () => Found, fallback: Value): boolean {
  try {
    const v = parse();
    if (v === null || v === MISSING) {
      cell.value = fallback;
      return false;
    }
    cell.value = v;
    return true;
  } catch (e) {
    if (!(e instanceof NetError)) throw e;
    cell.value = fallback;
    return false;
  }
}

export function dateStatic(lc: string, a: Value[], property: boolean): Found {
  if (property) {
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
    }
    return MISSING;
  }
  switch (lc) {
    case 'parse':
      return parseDate(toStr(a[0]));
    case 'tryparse':
      return attempt(outCell(a), () => (a[0] === null ? null : parseDate(toStr(a[0]))), NetDateTime.of(1, 1, 1));
    case 'parseexact':
      need(a, 2, 4);
      return parseExactAny(a);
    case 'tryparseexact':
      need(a, 4, 5);
      return attempt(outCell(a), () => (a[0] === null ? null : parseExactAny(a)), NetDateTime.of(1, 1, 1));
    case 'daysinmonth': {
      need(a, 2, 2);
      const month = toInt32(a[1]);
      if (month < 1 || month > 12)
        fail('ArgumentOutOfRangeException', "Month must be between one and twelve. (Parameter 'month')");
      return daysInMonth(toInt32(a[0]), month);
    }
    case 'isleapyear':
      return isLeap(toInt32(a[0]));
  }
  return MISSING;
}

/** ParseExact with one format or an array of them: the first that reads the text wins. */
function parseExactAny(a: Value[]): NetDateTime {
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

export function timeSpanStatic(lc: string, a: Value[], property: boolean): Found {
  if (property) return lc === 'zero' ? new NetTimeSpan(0) : MISSING;
  const n = () => toNumber(a[0]);
  switch (lc) {
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
