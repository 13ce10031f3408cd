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
import { decRound, NetDecimal } from './decimal';
import { NetDateTime } from './datetime';
import { fail, MESSAGES } from './exceptions';
import { need } from './calls';
import { MISSING, type Found } from './strings';
import { textOrEmpty } from './text';
import { NetDouble, NetEnum, NetLong, type Value } from './values';

export function mathStatic(lc: string, a: Value[], property: boolean): Found {
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
      need(a, 2, 2);
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
      need(a, 2, 2);
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

export function convertStatic(lc: string, a: Value[]): Found {
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
