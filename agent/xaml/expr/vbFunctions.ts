import { parseNumberText } from '../dotnet/cast';
import { need } from '../dotnet/calls';
import { vbStringFunction } from '../dotnet/vbStrings';
import type { Value } from '../dotnet/values';
import { vbDateFunction } from '../dotnet/vbDates';

/**
 * The Microsoft.VisualBasic functions workflows call bare: the Strings module's (Left, Mid,
 * InStr…) and the Information module's IsNothing and IsNumeric; undefined when `lc` is none.
 */
export function vbFunction(lc: string, a: Value[]): Value | undefined {
  switch (lc) {
    case 'isnothing':
      need(a, 1, 1);
      return a[0] === null;
    case 'isnumeric':
      need(a, 1, 1);
      return a[0] !== null && (typeof a[0] !== 'string' || !Number.isNaN(parseNumberText(a[0])));
  }
  // Nothing (null) is an answer: only undefined means the name is not the Strings module's.
  const text = vbStringFunction(lc, a);
  return text !== undefined ? text : vbDateFunction(lc, a);
}
