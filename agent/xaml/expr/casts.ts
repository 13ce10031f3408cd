import { typeText, type TypeSpec } from './ast';
import { canonicalType, convertTo, isInstanceOf, toDecimal } from '../dotnet/cast';
import { fail } from '../dotnet/exceptions';
import { typeName } from '../dotnet/text';
import { NetDecimal } from '../dotnet/decimal';
import { JToken } from '../dotnet/jtoken';
import { NetDouble, NetLong, type Value } from '../dotnet/values';

/** C# `(T)x`: numeric conversions truncate; anything else must already be a T. */
export function csCast(v: Value, t: string): Value {
  if ((t === 'Int32' || t === 'Int64') && (v instanceof NetDouble || v instanceof NetDecimal)) {
    const n = Math.trunc(v instanceof NetDouble ? v.v : v.toNumber());
    return convertTo(n, t);
  }
  if (
    ['Int32', 'Int64', 'Double', 'Decimal'].includes(t) &&
    (typeof v === 'number' || v instanceof NetLong || v instanceof NetDouble || v instanceof NetDecimal)
  ) {
    return t === 'Decimal' ? toDecimal(v) : convertTo(v, t);
  }
  if (v === null || isInstanceOf(v, t)) return v;
  if (v instanceof JToken) return convertTo(v, t);
  return fail('InvalidCastException', `Unable to cast object of type '${typeName(v)}' to type '${t}'.`);
}

export function inferType(items: Value[]): string {
  if (items.length === 0) return 'Object';
  const first = typeName(items[0]);
  return items.every((i) => typeName(i) === first) ? first : 'Object';
}

/** VB's CInt…CObj, CType, DirectCast, TryCast and C#'s (T)x. */
export function castValue(fn: string, v: Value, type: TypeSpec | null): Value {
  const target = type ? typeText(type) : '';
  switch (fn) {
    case 'cint':
    case 'cshort':
    case 'cbyte':
      return convertTo(v, 'Int32');
    case 'cstr':
      return convertTo(v, 'String');
    case 'cdbl':
    case 'csng':
      return convertTo(v, 'Double');
    case 'cbool':
      return convertTo(v, 'Boolean');
    case 'cdec':
      return convertTo(v, 'Decimal');
    case 'clng':
      return convertTo(v, 'Int64');
    case 'cdate':
      return convertTo(v, 'DateTime');
    case 'cchar':
      return convertTo(v, 'Char');
    case 'cobj':
      return v;
    case 'ctype':
      return convertTo(v, target);
    case 'trycast':
      return isInstanceOf(v, target) ? v : null;
    case 'directcast':
      if (v === null || isInstanceOf(v, target)) return v;
      return fail(
        'InvalidCastException',
        `Unable to cast object of type '${typeName(v)}' to type '${canonicalType(target)}'.`,
      );
  }
  return csCast(v, canonicalType(target));
}
