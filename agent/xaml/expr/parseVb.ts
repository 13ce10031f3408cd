import { Expr, type BinaryOp, type Node, type TypeSpec } from './ast';
import { call, Cursor, member } from './cursor';
import { CONVERSIONS, KEYWORDS, LEVELS } from './vbSyntax';

/**
 * Parses a VB expression (the text inside a workflow's [brackets]). Names and keywords are
 * case-insensitive; “typographic” quotes delimit strings like straight ones.
 */
export function parseVb(text: string): Expr {
  const p = new VbParser(new Cursor(text, 'vb'));
  const root = p.expr();
  if (p.c.tok.t !== 'eof') p.c.fail('Unexpected text after the expression');
  return new Expr('vb', text, root);
}

class VbParser {
  constructor(readonly c: Cursor) {}

  expr(): Node {
    return this.binary(0);
  }

  /**
   * LEVELS as lookups by the token's text (keywords lower-cased): every operand tries each level,
   * so this is built once rather than each level's words being tested one by one.
   */
  private static readonly BY_TOKEN: Map<string, BinaryOp>[] = LEVELS.map(
    (level) => new Map(level.map(([w, op]) => [w.toLowerCase(), op])),
  );

  private binary(level: number): Node {
    const levels = VbParser.BY_TOKEN;
    if (level >= levels.length) return this.unary();
    if (level === 2) return this.c.acceptKw('Not') ? { k: 'not', e: this.binary(2) } : this.binary(3);
    let l = this.binary(level + 1);
    for (;;) {
      const t = this.c.tok;
      // Operators are punctuation and keywords are words, so one map serves both kinds of token.
      const key = t.t === 'op' ? t.v : t.t === 'id' && !t.escaped ? t.v.toLowerCase() : null;
      const op = key === null ? undefined : levels[level].get(key);
      if (op === undefined) return l;
      this.c.next();
      l = { k: 'bin', op, l, r: this.binary(level + 1) };
    }
  }

  private unary(): Node {
    if (this.c.acceptOp('-')) return { k: 'neg', e: this.unary() };
    if (this.c.acceptOp('+')) return this.unary();
    return this.power();
  }

  private power(): Node {
    let l = this.postfix(this.primary());
    while (this.c.acceptOp('^')) {
      const r = this.c.acceptOp('-')
        ? ({ k: 'neg', e: this.postfix(this.primary()) } as Node)
        : this.postfix(this.primary());
      l = { k: 'bin', op: '^', l, r };
    }
    return l;
  }

  private args(): Node[] {
    return this.c.list(')', () => this.expr());
  }

  private postfix(e: Node): Node {
    for (;;) {
      const c = this.c;
      if (c.isOp('.') || c.isOp('?.') || c.isOp('!')) {
        const op = c.next().v;
        const name = c.ident();
        if (op === '!') {
          e = { k: 'index', target: e, args: [{ k: 'lit', value: name }] };
          continue;
        }
        let typeArgs: TypeSpec[] = [];
        if (c.isOp('(') && c.isKw('Of', c.peek())) {
          c.next();
          c.next();
          typeArgs = c.list(')', () => this.type());
        }
        if (c.acceptOp('(')) e = call(e, name, this.args(), typeArgs, op === '?.');
        else e = typeArgs.length ? call(e, name, [], typeArgs, op === '?.') : member(e, name, op === '?.');
      } else if (c.acceptOp('(')) {
        e = e.k === 'id' ? call(null, e.name, this.args()) : { k: 'index', target: e, args: this.args() };
      } else return e;
    }
  }

  private primary(): Node {
    const c = this.c;
    const t = c.tok;
    if (t.t === 'lit') {
      c.next();
      return { k: 'lit', value: t.value ?? null };
    }
    if (c.acceptOp('(')) {
      const e = this.expr();
      c.expectOp(')');
      return e;
    }
    if (c.acceptOp('{')) return { k: 'array', type: null, size: null, items: c.list('}', () => this.expr()) };
    if (t.t !== 'id') return c.fail('Expected an expression');
    const lc = t.escaped ? '' : t.v.toLowerCase();
    if (lc === 'nothing' || lc === 'true' || lc === 'false') {
      c.next();
      return { k: 'lit', value: lc === 'nothing' ? null : lc === 'true' };
    }
    if (lc === 'new') return this.newExpr();
    if (lc === 'addressof') return this.addressOf();
    if (lc === 'function') {
      c.next();
      c.expectOp('(');
      const params = c.list(')', () => {
        const name = c.ident();
        if (c.acceptKw('As')) this.type();
        return name;
      });
      return { k: 'lambda', params, body: this.expr() };
    }
    if (lc === 'typeof') {
      c.next();
      const e = this.postfix(this.primary());
      const negate = c.acceptKw('IsNot');
      if (!negate) c.expectKw('Is');
      return { k: 'typeis', e, type: this.type(), negate };
    }
    if (lc === 'if' && c.isOp('(', c.peek())) {
      c.next();
      c.next();
      const args = this.args();
      if (args.length === 3) return { k: 'cond', c: args[0], a: args[1], b: args[2] };
      if (args.length === 2) return { k: 'bin', op: 'Coalesce', l: args[0], r: args[1] };
      return c.fail('If() takes two or three arguments', t.pos);
    }
    if ((lc === 'ctype' || lc === 'directcast' || lc === 'trycast') && c.isOp('(', c.peek())) {
      c.next();
      c.next();
      const e = this.expr();
      c.expectOp(',');
      const type = this.type();
      c.expectOp(')');
      return { k: 'cast', fn: lc, e, type };
    }
    if (lc === 'gettype' && c.isOp('(', c.peek())) {
      c.next();
      c.next();
      const type = this.type();
      c.expectOp(')');
      return { k: 'gettype', type };
    }
    if (CONVERSIONS.has(lc) && c.isOp('(', c.peek())) {
      c.next();
      c.next();
      const e = this.expr();
      c.expectOp(')');
      return { k: 'cast', fn: lc, e, type: null };
    }
    if (KEYWORDS.has(lc)) return c.fail(`'${t.v}' cannot start an expression`);
    c.next();
    return { k: 'id', name: t.v, lc: t.v.toLowerCase(), pos: t.pos + c.offset };
  }

  /** A type: dotted name, optional (Of …), optional () for an array. */
  type(): TypeSpec {
    const c = this.c;
    let name = c.ident();
    while (c.isOp('.') && c.peek().t === 'id') {
      c.next();
      name += '.' + c.ident();
    }
    let args: TypeSpec[] = [];
    if (c.isOp('(') && c.isKw('Of', c.peek())) {
      c.next();
      c.next();
      args = c.list(')', () => this.type());
    }
    let array = false;
    if (c.isOp('(') && c.isOp(')', c.peek())) {
      c.next();
      c.next();
      array = true;
    }
    return { name, args, array };
  }

  /**
   * `AddressOf [target.]Method`: a delegate calling the method. Its operand is a method's name,
   * so VB's conversion operators (CInt, CStr…) are refused as the VB compiler refuses them.
   */
  private addressOf(): Node {
    const c = this.c;
    c.next();
    const at = c.tok.pos;
    const lc = c.tok.t === 'id' ? c.tok.v.toLowerCase() : '';
    if (CONVERSIONS.has(lc) || lc === 'ctype' || lc === 'directcast' || lc === 'trycast')
      c.fail(
        `'AddressOf' operand must be the name of a method: '${c.tok.v}' is an operator (write Function(x) ${c.tok.v}(x))`,
      );
    let e: Node = this.primary();
    while (c.acceptOp('.')) e = member(e, c.ident());
    if (c.isOp('(')) c.fail("'AddressOf' operand must be the name of a method (without parentheses)");
    if (e.k === 'id') return { k: 'group', target: null, name: e.name, lc: e.lc };
    if (e.k === 'member') return { k: 'group', target: e.target, name: e.name, lc: e.lc };
    return c.fail("'AddressOf' operand must be the name of a method (without parentheses)", at);
  }

  private newExpr(): Node {
    const c = this.c;
    c.next();
    let type = this.type();
    if (type.array && c.acceptOp('{')) {
      return { k: 'array', type: { ...type, array: false }, size: null, items: c.list('}', () => this.expr()) };
    }
    // `New T()` with no array initializer is a constructor call without arguments.
    if (type.array) type = { ...type, array: false };
    let args: Node[] = [];
    if (c.acceptOp('(')) args = this.args();
    if (c.acceptOp('{')) return { k: 'array', type, size: args[0] ?? null, items: c.list('}', () => this.expr()) };
    let init: Node[] | null = null;
    if (c.acceptKw('From')) {
      c.expectOp('{');
      init = c.list('}', () => this.expr());
    }
    if (c.isKw('With')) return c.fail("Object initializers ('With {…}') are not supported");
    return { k: 'new', type, args, init };
  }
}
