import type { Value } from '../dotnet/values';
import type { Expr } from './ast';
import { Evaluator } from './evaluate';
import { storeTo } from './lvalue';
import type { Scope } from './scope';

/** Assigns to an l-value expression: a variable, an indexer (dict("k"), row("col"), arr(i)), a writable property. */
export function assign(expr: Expr, scope: Scope, value: Value): void {
  const e = new Evaluator(expr, scope);
  storeTo(expr.root, scope, expr.lang === 'vb', value, (n) => e.ev(n), expr.text);
}
