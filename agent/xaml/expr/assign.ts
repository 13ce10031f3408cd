import { fail } from '../dotnet/exceptions';
import { textOrEmpty } from '../dotnet/text';
import type { Value } from '../dotnet/values';
import { setIndex } from './access';
import { ExpressionError, type Expr, type Node } from './ast';
import { Evaluator } from './evaluate';
import { NOT_FOUND, type Scope } from './scope';

/** Assigns to an l-value expression: a variable, an indexer (dict("k"), row("col"), arr(i)), a writable property. */
export function assign(expr: Expr, scope: Scope, value: Value): void {
  const e = new Evaluator(expr, scope);
  const n = expr.root;
  const vb = expr.lang === 'vb';
  if (n.k === 'id') {
    if (!scope.set(n.name, vb, value)) throw new ExpressionError(expr.text, n.pos, `'${n.name}' is not declared`);
  } else if (n.k === 'index')
    setIndex(
      e.ev(n.target),
      n.args.map((a) => e.ev(a)),
      value,
    );
  else if (n.k === 'call' && n.target === null) {
    const target = scope.get(n.name, vb);
    if (target === NOT_FOUND) throw new ExpressionError(expr.text, 0, `'${n.name}' is not declared`);
    setIndex(
      target,
      n.args.map((a) => e.ev(a)),
      value,
    );
  } else if (n.k === 'call' && n.lc === 'item')
    setIndex(
      e.ev(n.target as Node),
      n.args.map((a) => e.ev(a)),
      value,
    );
  else if (n.k === 'call' && vb && n.target)
    setIndex(
      e.ev({ k: 'member', target: n.target, name: n.name, lc: n.lc, nullCond: false }),
      n.args.map((a) => e.ev(a)),
      value,
    );
  else if (n.k === 'member') setProperty(e.ev(n.target), n.lc, n.name, value);
  else throw new ExpressionError(expr.text, 0, 'This expression cannot be assigned to');
}

function setProperty(target: Value, lc: string, name: string, value: Value): void {
  if (target !== null && typeof target === 'object' && 'tableName' in target && lc === 'tablename')
    target.tableName = textOrEmpty(value);
  else if (target !== null && typeof target === 'object' && 'columnName' in target && lc === 'columnname')
    target.columnName = textOrEmpty(value);
  else fail('MissingMemberException', `Property '${name}' is ReadOnly or does not exist.`);
}
