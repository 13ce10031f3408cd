import { ExpressionError, type Expr, type Node } from '../expr/ast';
import { typeNamed } from '../expr/access';
import { vbGlobal } from '../expr/evaluate';
import { desktopType } from './desktopNames';

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
  return new NameCheck(expr, scope).visit(expr.root);
}

/** One expression's walk (a class, so no closure is made per expression checked at load). */
class NameCheck {
  private readonly vb: boolean;
  /** The parameters of the lambdas the walk is inside. */
  private readonly params: string[] = [];

  constructor(
    private readonly expr: Expr,
    private readonly scope: StaticScope,
  ) {
    this.vb = expr.lang === 'vb';
  }

  private known(name: string, lc: string): boolean {
    const vb = this.vb;
    if (this.scope.has(name, vb)) return true;
    for (const p of this.params) if (p === name || (vb && p.toLowerCase() === lc)) return true;
    return (vb && vbGlobal(lc) !== undefined) || typeNamed(name, lc, vb) !== null;
  }

  visit(n: Node): ExpressionError | null {
    if (n.k === 'lit') return null;
    if (n.k === 'id') {
      if (this.known(n.name, n.lc)) return null;
      const desktop = desktopType(n.name, n.lc, this.vb);
      const detail = desktop
        ? `'${n.name}' (${desktop}) needs a desktop and is not supported by this agent`
        : `'${n.name}' is not declared`;
      return new ExpressionError(this.expr.text, n.pos, detail);
    }
    if (n.k === 'lambda') {
      this.params.push(...n.params);
      const r = this.visit(n.body);
      this.params.length -= n.params.length;
      return r;
    }
    // Every property of a node that holds nodes, found without a list of node kinds; no array is
    // made per node or per property (this runs over every expression of a workflow at load).
    const fields = n as unknown as Record<string, unknown>;
    for (const key in fields) {
      const v = fields[key];
      if (typeof v !== 'object' || v === null) continue;
      if (!Array.isArray(v)) {
        const r = this.visitChild(v);
        if (r) return r;
        continue;
      }
      for (const c of v as unknown[]) {
        const r = this.visitChild(c);
        if (r) return r;
      }
    }
    return null;
  }

  private visitChild(c: unknown): ExpressionError | null {
    if (typeof c !== 'object' || c === null) return null;
    const child = 'k' in c ? (c as Node) : 'e' in c ? (c as { e: Node }).e : null;
    if (!child || typeof child !== 'object' || !('k' in child)) return null;
    return this.visit(child);
  }
}
