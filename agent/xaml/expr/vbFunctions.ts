import { toInt32 } from '../dotnet/cast';
import { parseNumberText } from '../dotnet/cast';
import { fail } from '../dotnet/exceptions';
import { textOrEmpty } from '../dotnet/text';
import type { Value } from '../dotnet/values';
import { vbDateFunction } from '../dotnet/vbDates';

/** The Microsoft.VisualBasic functions workflows call bare; undefined when `lc` is none of them. */
export function vbFunction(lc: string, a: Value[]): Value | undefined {
  const s = () => textOrEmpty(a[0] ?? null);
  switch (lc) {
    case 'len':
      return s().length;
    case 'ucase':
      return s().toUpperCase();
    case 'lcase':
      return s().toLowerCase();
    case 'trim':
      return s().replace(/^ +| +$/g, '');
    case 'left':
      return s().slice(0, toInt32(a[1]));
    case 'right':
      return s().slice(Math.max(0, s().length - toInt32(a[1])));
    case 'mid': {
      const start = toInt32(a[1]);
      if (start < 1) fail('ArgumentException', "Argument 'Start' must be greater than zero.");
      return a.length > 2 ? s().substr(start - 1, toInt32(a[2])) : s().slice(start - 1);
    }
    case 'isnothing':
      return a[0] === null;
    case 'isnumeric':
      return a[0] !== null && (typeof a[0] !== 'string' || !Number.isNaN(parseNumberText(a[0])));
    case 'replace':
      return s().split(textOrEmpty(a[1])).join(textOrEmpty(a[2]));
  }
  return vbDateFunction(lc, a);
}
