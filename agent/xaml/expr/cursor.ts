import { ExpressionError, type Lang, type Node, type TypeSpec } from './ast';
import { tokenize } from './lexer';
import type { Token } from './token';

/** The token stream both parsers read: look-ahead, keyword tests (case-insensitive in VB), errors. */
export class Cursor {
  readonly toks: Token[];
  i = 0;
  constructor(
    readonly text: string,
    readonly lang: Lang,
    readonly offset = 0,
  ) {
    this.toks = tokenize(text, lang);
  }

  get tok(): Token {
    return this.toks[this.i];
  }

  peek(n = 1): Token {
    return this.toks[Math.min(this.i + n, this.toks.length - 1)];
  }

  next(): Token {
    const t = this.toks[this.i];
    if (t.t !== 'eof') this.i++;
    return t;
  }

  isOp(v: string, t: Token = this.tok): boolean {
    return t.t === 'op' && t.v === v;
  }

  isKw(word: string, t: Token = this.tok): boolean {
    if (t.t !== 'id' || t.escaped) return false;
    if (t.v.length !== word.length) return false;
    return this.lang === 'vb' ? t.v.toLowerCase() === word.toLowerCase() : t.v === word;
  }

  acceptOp(v: string): boolean {
    if (!this.isOp(v)) return false;
    this.i++;
    return true;
  }

  acceptKw(word: string): boolean {
    if (!this.isKw(word)) return false;
    this.i++;
    return true;
  }

  expectOp(v: string): void {
    if (!this.acceptOp(v)) this.fail(`Expected '${v}'`);
  }

  expectKw(word: string): void {
    if (!this.acceptKw(word)) this.fail(`Expected '${word}'`);
  }

  ident(): string {
    const t = this.tok;
    if (t.t !== 'id') this.fail('Expected a name');
    this.i++;
    return t.v;
  }

  fail(message: string, pos: number = this.tok.pos): never {
    const found = this.tok.t === 'eof' ? 'end of expression' : `'${this.tok.v}'`;
    throw new ExpressionError(this.text, pos + this.offset, `${message} (found ${found})`);
  }

  /** Comma-separated items up to `close` (already past the opening bracket). */
  list<T>(close: string, item: () => T): T[] {
    const out: T[] = [];
    if (this.acceptOp(close)) return out;
    do out.push(item());
    while (this.acceptOp(','));
    this.expectOp(close);
    return out;
  }
}

export function member(target: Node, name: string, nullCond = false): Node {
  return { k: 'member', target, name, lc: name.toLowerCase(), nullCond };
}

export function call(
  target: Node | null,
  name: string,
  args: Node[],
  typeArgs: TypeSpec[] = [],
  nullCond = false,
): Node {
  return { k: 'call', target, name, lc: name.toLowerCase(), args, typeArgs, nullCond };
}
