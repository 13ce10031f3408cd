import { add, compare, divide, equals, integerDivide, modulo, multiply, power, subtract } from '../dotnet/arith';
import { toBoolean } from '../dotnet/cast';
import { DBNULL } from '../dotnet/datatable';
import { combineEnums } from '../dotnet/enums';
import { fail } from '../dotnet/exceptions';
import { textOrEmpty } from '../dotnet/text';
import type { Value } from '../dotnet/values';

/**
 * A binary operator on two evaluated operands (AndAlso, OrElse and the coalescing If/?? are
 * the evaluator's, which evaluates their right side only when needed). `vb` picks VB's rules.
 * And, Or and Xor combine two values of one enumeration as flags (RegexOptions.IgnoreCase Or
 * RegexOptions.Multiline).
 */
export function binaryOp(op: string, l: Value, r: Value, vb: boolean): Value {
  switch (op) {
    case '+':
      return add(l, r, vb);
    case '-':
      return subtract(l, r, vb);
    case '*':
      return multiply(l, r, vb);
    case '/':
      return divide(l, r, vb);
    case '\\':
      return integerDivide(l, r, vb);
    case 'Mod':
      return modulo(l, r, vb);
    case '^':
      return power(l, r);
    case 'Concat':
      return textOrEmpty(l === DBNULL ? '' : l) + textOrEmpty(r === DBNULL ? '' : r);
    case '=':
      return equals(l, r, vb);
    case '<>':
      return !equals(l, r, vb);
    case '<':
      return compare(l, r, vb) < 0;
    case '>':
      return compare(l, r, vb) > 0;
    case '<=':
      return compare(l, r, vb) <= 0;
    case '>=':
      return compare(l, r, vb) >= 0;
    case 'Is':
      return l === r || (l !== null && r !== null && equals(l, r, false) && typeof l !== 'object');
    case 'IsNot':
      return !(l === r || (l !== null && r !== null && equals(l, r, false) && typeof l !== 'object'));
    case 'And':
    case 'Or':
    case 'Xor': {
      const flags = combineEnums(l, r, op);
      if (flags) return flags;
      if (typeof l === 'number' && typeof r === 'number') return op === 'And' ? l & r : op === 'Or' ? l | r : l ^ r;
      return op === 'And'
        ? toBoolean(l) && toBoolean(r)
        : op === 'Or'
          ? toBoolean(l) || toBoolean(r)
          : toBoolean(l) !== toBoolean(r);
    }
  }
  return fail('NotSupportedException', `Operator ${op}`);
}
