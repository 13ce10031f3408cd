import { Expr, type BinaryOp, type Node, type TypeSpec } from './ast';
import { call, Cursor, member } from './cursor';
import { castAhead, genericAhead, lambdaAhead } from './csLookahead';

/** Parses a C# expression (a CSharpValue's text). Case-sensitive, as C# is. */
export function parseCs(text: string): Expr {
  const p = new CsParser(new Cursor(text, 'cs'));
  const root = p.expr();
  if (p.c.tok.t !== 'eof') p.c.fail('Unexpected text after the expression');
  return new Expr('cs', text, root);
}

const LEVELS: [string, BinaryOp][][] = [
  [['??', 'Coalesce']],
  [['||', 'OrElse']],
  [['&&', 'AndAlso']],
  [['|', 'Or']],
  [['^', 'Xor']],
  [['&', 'And']],
  [
    ['==', '='],
    ['!=', '<>'],
  ],
  [
    ['<=', '<='],
    ['>=', '>='],
    ['<', '<'],
    ['>', '>'],
  ],
  [
    ['+', '+'],
    ['-', '-'],
  ],
  [
    ['*', '*'],
    ['/', '/'],
    ['%', 'Mod'],
  ],
];

class CsParser {
  constructor(readonly c: Cursor) {}

  expr(): Node {
    const c = this.c;
    // Lambdas: x => …, (x, y) => …, (string x) => …
    if (c.tok.t === 'id' && c.isOp('=>', c.peek())) {
      const name = c.ident();
      c.next();
      return { k: 'lambda', params: [name], body: this.expr() };
    }
    if (c.isOp('(') && lambdaAhead(this.c)) {
      c.next();
      const params = c.list(')', () => {
        let name = c.ident();
        if (c.tok.t === 'id') name = c.ident();
        return name;
      });
      c.expectOp('=>');
      return { k: 'lambda', params, body: this.expr() };
    }
    const cond = this.binary(0);
    if (!c.acceptOp('?')) return cond;
    const a = this.expr();
    c.expectOp(':');
    return { k: 'cond', c: cond, a, b: this.expr() };
  }

  private binary(level: number): Node {
    if (level >= LEVELS.length) return this.unary();
    let l = this.binary(level + 1);
    for (;;) {
      const c = this.c;
      if (level === 7 && c.isKw('is')) {
        c.next();
        const negate = c.acceptKw('not');
        if (c.acceptKw('null')) {
          l = { k: 'bin', op: negate ? 'IsNot' : 'Is', l, r: { k: 'lit', value: null } };
        } else l = { k: 'typeis', e: l, type: this.type(), negate };
        continue;
      }
      const hit = LEVELS[level].find(([w]) => c.isOp(w));
      if (!hit) return l;
      c.next();
      // `??` is right-associative: a ?? b ?? c is a ?? (b ?? c).
      l = { k: 'bin', op: hit[1], l, r: this.binary(hit[1] === 'Coalesce' ? level : level + 1) };
    }
  }

  private unary(): Node {
    const c = this.c;
    if (c.acceptOp('!')) return { k: 'not', e: this.unary() };
    if (c.acceptOp('-')) return { k: 'neg', e: this.unary() };
    if (c.acceptOp('+')) return this.unary();
    if (c.isOp('(') && castAhead(this.c)) {
      c.next();
      const type = this.type();
      c.expectOp(')');
      return { k: 'cast', fn: 'cs', e: this.unary(), type };
    }
    return this.postfix(this.primary());
  }

  private postfix(e: Node): Node {
    const c = this.c;
    for (;;) {
      if (c.isOp('.') || c.isOp('?.')) {
        const nullCond = c.next().v === '?.';
        const name = c.ident();
        const typeArgs = c.isOp('<') && genericAhead(this.c) ? this.typeArgs() : [];
        if (c.acceptOp('(')) e = call(e, name, this.args(), typeArgs, nullCond);
        else e = member(e, name, nullCond);
      } else if (c.acceptOp('[')) {
        e = { k: 'index', target: e, args: c.list(']', () => this.expr()) };
      } else if (c.isOp('(') && e.k === 'id') {
        c.next();
        e = call(null, e.name, this.args());
      } else return e;
    }
  }

  private typeArgs(): TypeSpec[] {
    this.c.expectOp('<');
    return this.c.list('>', () => this.type());
  }

  private args(): Node[] {
    return this.c.list(')', () => this.arg());
  }

  /**
   * An argument: a value, or `out x` / `ref x` naming the variable the method writes. A
   * declaration (`out var n`, `out int n`) would need a variable living in the expression alone.
   */
  private arg(): Node {
    const c = this.c;
    if ((c.isKw('out') || c.isKw('ref')) && c.peek().t === 'id') {
      c.next();
      if (c.peek().t === 'id' && !c.isOp('.', c.peek()))
        c.fail("Declaration expressions ('out var x') are not supported: declare a variable and write 'out x'");
      return { k: 'byref', e: this.postfix(this.primary()) };
    }
    if (c.isKw('in') && c.peek().t === 'id') c.next();
    return this.expr();
  }

  type(): TypeSpec {
    const c = this.c;
    let name = c.ident();
    while (c.isOp('.') && c.peek().t === 'id') {
      c.next();
      name += '.' + c.ident();
    }
    const args = c.isOp('<') ? this.typeArgs() : [];
    let array = false;
    if (c.isOp('[') && c.isOp(']', c.peek())) {
      c.next();
      c.next();
      array = true;
    }
    return { name, args, array };
  }

  private primary(): Node {
    const c = this.c;
    const t = c.tok;
    if (t.t === 'lit') {
      c.next();
      return { k: 'lit', value: t.value ?? null };
    }
    if (t.t === 'interp') {
      c.next();
      const parts = (t.parts ?? []).map((p) => {
        if (typeof p === 'string') return p;
        const sub = new CsParser(new Cursor(p.src, 'cs', c.offset + p.pos));
        const e = sub.expr();
        if (sub.c.tok.t !== 'eof') sub.c.fail('Unexpected text in an interpolation hole');
        return { e, format: p.format };
      });
      return { k: 'interp', parts };
    }
    if (c.acceptOp('(')) {
      const e = this.expr();
      c.expectOp(')');
      return e;
    }
    if (t.t !== 'id') return c.fail('Expected an expression');
    if (t.v === 'null' || t.v === 'true' || t.v === 'false') {
      c.next();
      return { k: 'lit', value: t.v === 'null' ? null : t.v === 'true' };
    }
    if (t.v === 'typeof' && !t.escaped) {
      c.next();
      c.expectOp('(');
      const type = this.type();
      c.expectOp(')');
      return { k: 'gettype', type };
    }
    if (t.v === 'new' && !t.escaped) return this.newExpr();
    c.next();
    return { k: 'id', name: t.v, lc: t.v.toLowerCase(), pos: t.pos + c.offset };
  }

  private newExpr(): Node {
    const c = this.c;
    c.next();
    if (c.acceptOp('[')) {
      c.expectOp(']');
      c.expectOp('{');
      return { k: 'array', type: null, size: null, items: c.list('}', () => this.expr()) };
    }
    let name = c.ident();
    while (c.isOp('.') && c.peek().t === 'id') {
      c.next();
      name += '.' + c.ident();
    }
    const typeArgs = c.isOp('<') ? this.typeArgs() : [];
    const type: TypeSpec = { name, args: typeArgs, array: false };
    if (c.acceptOp('[')) {
      const size = c.isOp(']') ? null : this.expr();
      c.expectOp(']');
      const items = c.acceptOp('{') ? c.list('}', () => this.initItem()) : [];
      return { k: 'array', type, size, items };
    }
    const args = c.acceptOp('(') ? this.args() : [];
    const init = c.acceptOp('{') ? c.list('}', () => this.initItem()) : null;
    return { k: 'new', type, args, init };
  }

  /** A collection initializer's item: a value, or `{ key, value }` for a dictionary. */
  private initItem(): Node {
    if (this.c.acceptOp('{')) return { k: 'array', type: null, size: null, items: this.c.list('}', () => this.expr()) };
    return this.expr();
  }
}
