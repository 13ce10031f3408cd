import type { Value } from '../dotnet/values';

/** A type as written in an expression: its name (dotted), type arguments, and array rank. */
export interface TypeSpec {
  name: string;
  args: TypeSpec[];
  array: boolean;
}

/** Binary operators, named once for both languages (the parsers map `==`, `&&`, `%`, …). */
export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '\\'
  | 'Mod'
  | '^'
  | 'Concat'
  | '='
  | '<>'
  | '<'
  | '>'
  | '<='
  | '>='
  | 'And'
  | 'Or'
  | 'Xor'
  | 'AndAlso'
  | 'OrElse'
  | 'Coalesce'
  | 'Is'
  | 'IsNot';

/** One node of an expression tree; `lc` fields hold a name lowercased once, at parse time. */
export type Node =
  | { k: 'lit'; value: Value }
  | { k: 'id'; name: string; lc: string; pos: number }
  | { k: 'member'; target: Node; name: string; lc: string; nullCond: boolean }
  | { k: 'call'; target: Node | null; name: string; lc: string; args: Node[]; typeArgs: TypeSpec[]; nullCond: boolean }
  | { k: 'index'; target: Node; args: Node[] }
  | { k: 'bin'; op: BinaryOp; l: Node; r: Node }
  | { k: 'not'; e: Node }
  | { k: 'neg'; e: Node }
  | { k: 'cond'; c: Node; a: Node; b: Node }
  | { k: 'new'; type: TypeSpec; args: Node[]; init: Node[] | null }
  | { k: 'array'; type: TypeSpec | null; size: Node | null; items: Node[] }
  | { k: 'lambda'; params: string[]; body: Node }
  | { k: 'typeis'; e: Node; type: TypeSpec; negate: boolean }
  | { k: 'cast'; fn: string; e: Node; type: TypeSpec | null }
  | { k: 'gettype'; type: TypeSpec }
  | { k: 'interp'; parts: (string | { e: Node; format: string | null })[] }
  /** A method named as a delegate: VB's `AddressOf Integer.Parse` (`target` null for a bare function). */
  | { k: 'group'; target: Node | null; name: string; lc: string }
  /** A C# `out x` / `ref x` argument: the variable the method writes. */
  | { k: 'byref'; e: Node };

export type Lang = 'vb' | 'cs';

/** A parsed expression: parse once, evaluate many times. */
export class Expr {
  constructor(
    readonly lang: Lang,
    readonly text: string,
    readonly root: Node,
  ) {}
}

/**
 * An expression that does not parse, or names something that does not exist: the message
 * quotes the expression and says where.
 */
export class ExpressionError extends Error {
  constructor(
    readonly expression: string,
    readonly position: number,
    readonly detail: string,
  ) {
    super(`${detail} at position ${position + 1} in expression '${expression}'`);
    this.name = 'ExpressionError';
  }
}

export function typeText(t: TypeSpec): string {
  const args = t.args.length ? `(Of ${t.args.map(typeText).join(', ')})` : '';
  return t.name + args + (t.array ? '[]' : '');
}
