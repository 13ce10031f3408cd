import type { Value } from '../dotnet/values';
import { ExpressionError, type Expr } from './ast';
import { Evaluator } from './evaluate';
import { storeTo } from './lvalue';
import type { Scope } from './scope';

/** Assigns to an l-value expression: a variable, an indexer (dict("k"), row("col"), arr(i)), a writable property. */
export function assign(expr: Expr, scope: Scope, value: Value): void {
  const n = expr.root;
  const vb = expr.lang === 'vb';
  // A variable, by far the most frequent target, needs no evaluator.
  if (n.k === 'id') {
    if (!scope.set(n.name, vb, value)) throw new ExpressionError(expr.text, n.pos, `'${n.name}' is not declared`);
    return;
  }
  storeTo(n, scope, vb, value, new Evaluator(expr, scope), expr.text);
}
