import { add } from './arith';
import { defaultOf } from './byref';
import { badShape, need } from './calls';
import { toNumber } from './cast';
import { decAdd, decDiv, NetDecimal } from './decimal';
import { fail, MESSAGES } from './exceptions';
import { defaultCompare, fn, fn2, pred } from './linqCore';
import { MISSING, type Found } from './strings';
import { NetDelegate, NetDouble, NetLong, type Value } from './values';

const VALUE_TYPES = new Set(['Int32', 'Int64', 'Double', 'Decimal', 'DateTime', 'TimeSpan', 'Boolean', 'Char']);

/** Any, All, Count, LongCount, Sum, Average, Min, Max and Aggregate; MISSING for other names. */
export function aggregateMember(items: Value[], lc: string, args: Value[], t: string): Found {
  const a0 = args[0];
  switch (lc) {
    case 'any':
      need(args, 0, 1);
      return args.length ? items.some(pred(a0)) : items.length > 0;
    case 'all':
      need(args, 1, 1);
      return items.every(pred(a0));
    case 'count':
    case 'longcount': {
      need(args, 0, 1);
      const n = args.length ? items.filter(pred(a0)).length : items.length;
      return lc === 'count' ? n : new NetLong(BigInt(n));
    }
    case 'sum':
    case 'average':
    case 'min':
    case 'max': {
      need(args, 0, 1);
      const values = (args.length ? items.map(fn(a0)) : items).filter((x) => x !== null);
      const type = args.length ? 'Object' : t;
      if (lc === 'sum') return sum(values, type);
      if (lc === 'average') return average(values);
      if (values.length === 0) {
        // An empty sequence of a value type has no minimum; one of a reference type gives Nothing.
        if (args.length || VALUE_TYPES.has(t)) fail('InvalidOperationException', MESSAGES.noElements);
        return null;
      }
      const sign = lc === 'max' ? 1 : -1;
      return values.reduce((m, x) => (sign * defaultCompare(x, m) > 0 ? x : m));
    }
    case 'aggregate':
      need(args, 1, 3);
      return aggregate(items, args);
  }
  return MISSING;
}

function numeric(values: Value[]): void {
  for (const v of values) if (typeof v === 'string' || typeof v === 'boolean') badShape();
}

/** Sum: checked, so an Int32 total past Int32's range is an OverflowException, as .NET's is. */
function sum(values: Value[], t: string): Value {
  numeric(values);
  if (values.length === 0) return t === 'Object' ? 0 : (defaultOf(t) ?? 0);
  return values.reduce((acc, x) => add(acc, x, true));
}

/** Average: Int32 and Int64 give a Double, Decimal a Decimal; empty is an InvalidOperationException. */
function average(values: Value[]): Value {
  numeric(values);
  if (values.length === 0) fail('InvalidOperationException', MESSAGES.noElements);
  if (values.every((v) => v instanceof NetDecimal)) {
    const total = values.reduce((acc: NetDecimal, x) => decAdd(acc, x as NetDecimal), NetDecimal.fromInt(0));
    return decDiv(total, NetDecimal.fromInt(values.length));
  }
  if (values.every((v) => typeof v === 'number' || v instanceof NetLong)) {
    const total = values.reduce((acc: bigint, v) => acc + (v instanceof NetLong ? v.v : BigInt(v as number)), 0n);
    return new NetDouble(Number(total) / values.length);
  }
  return new NetDouble(values.reduce((acc: number, v) => acc + toNumber(v), 0) / values.length);
}

/** Aggregate(func), Aggregate(seed, func), Aggregate(seed, func, resultSelector). */
function aggregate(items: Value[], args: Value[]): Value {
  if (args.length === 1) {
    const f = fn2(args[0]);
    if (items.length === 0) fail('InvalidOperationException', MESSAGES.noElements);
    return items.reduce((acc, x) => f(acc, x));
  }
  const f = fn2(args[1]);
  const total = items.reduce((acc, x) => f(acc, x), args[0]);
  const result = args[2];
  if (result === undefined) return total;
  if (!(result instanceof NetDelegate)) return badShape();
  return result.fn([total]);
}
