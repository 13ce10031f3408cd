import { ExpressionError, type Expr, type Node } from '../expr/ast';
import { typeNamed } from '../expr/access';
import { vbGlobal } from '../expr/evaluate';

/** The names declared where an expression is written: variables, arguments, loop items, catches. */
export class StaticScope {
  private readonly frames: string[][] = [];

  push(names: string[]): void {
    this.frames.push(names);
  }

  pop(): void {
    this.frames.pop();
  }

  has(name: string, ignoreCase: boolean): boolean {
    const lc = name.toLowerCase();
    for (const f of this.frames) {
      for (const n of f) if (n === name || (ignoreCase && n.toLowerCase() === lc)) return true;
    }
    return false;
  }
}

/**
 * The first name an expression uses that nothing declares — not a variable or argument in
 * scope, a lambda's parameter, one of VB's globals or a type — resolved as the evaluator does,
 * so a workflow naming something undeclared fails at load, not halfway through its run.
 */
export function undeclaredName(expr: Expr, scope: StaticScope): ExpressionError | null {
  const vb = expr.lang === 'vb';
  const params: string[] = [];
  const known = (name: string, lc: string) =>
    scope.has(name, vb) ||
    params.some((p) => p === name || (vb && p.toLowerCase() === lc)) ||
    (vb && vbGlobal(lc) !== undefined) ||
    typeNamed(name, lc, vb) !== null;
  const visit = (n: Node): ExpressionError | null => {
    if (n.k === 'lit') return null;
    if (n.k === 'id')
      return known(n.name, n.lc) ? null : new ExpressionError(expr.text, n.pos, `'${n.name}' is not declared`);
    if (n.k === 'lambda') {
      params.push(...n.params);
      const r = visit(n.body);
      params.length -= n.params.length;
      return r;
    }
    for (const v of Object.values(n)) {
      const children = Array.isArray(v) ? v : [v];
      for (const c of children) {
        if (typeof c !== 'object' || c === null) continue;
        const child = 'k' in c ? (c as Node) : 'e' in c ? (c as { e: Node }).e : null;
        if (!child || typeof child !== 'object' || !('k' in child)) continue;
        const r = visit(child);
        if (r) return r;
      }
    }
    return null;
  };
  return visit(expr.root);
}
