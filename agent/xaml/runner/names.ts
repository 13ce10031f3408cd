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
    // Every property of a node that holds nodes, found without a list of node kinds; no array is
    // made per node or per property (this runs over every expression of a workflow at load).
    const fields = n as unknown as Record<string, unknown>;
    for (const key in fields) {
      const v = fields[key];
      if (typeof v !== 'object' || v === null) continue;
      if (!Array.isArray(v)) {
        const r = visitChild(v);
        if (r) return r;
        continue;
      }
      for (const c of v as unknown[]) {
        const r = visitChild(c);
        if (r) return r;
      }
    }
    return null;
  };
  const visitChild = (c: unknown): ExpressionError | null => {
    if (typeof c !== 'object' || c === null) return null;
    const child = 'k' in c ? (c as Node) : 'e' in c ? (c as { e: Node }).e : null;
    if (!child || typeof child !== 'object' || !('k' in child)) return null;
    return visit(child);
  };
  return visit(expr.root);
}
