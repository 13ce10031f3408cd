import type { Value } from '../dotnet/values';
import { ExpressionError, type Expr, type Lang } from '../expr/ast';
import { assign } from '../expr/assign';
import { evaluate } from '../expr/evaluate';
import { parseCs } from '../expr/parseCs';
import { parseVb } from '../expr/parseVb';
import { WorkflowFailure, WorkflowLoadError } from './api';
import { converter, type Frame } from './frame';
import { undeclaredName, StaticScope } from './names';
import { NS } from './ns';
import { attr, type XNode } from './xml';

export type Getter = (scope: Frame) => Value;
export type Setter = (scope: Frame, value: Value) => void;

/**
 * One file's expressions: parsed (and their names checked) at load, each evaluated against the
 * scope when it runs; and the file's elements by x:Name, for `x:Reference`.
 */
export class Expressions {
  constructor(
    readonly file: string,
    readonly lang: Lang,
    private readonly root: XNode,
  ) {}

  private names: Map<string, XNode> | null = null;

  /** What expressions compiled now may name; checked at load like the rest of the workflow. */
  readonly declared = new StaticScope();

  where(node: XNode): string {
    return `${node.qname} (${this.file} line ${node.line})`;
  }

  fail(node: XNode, message: string): never {
    throw new WorkflowLoadError(`Activity ${this.where(node)}: ${message}`);
  }

  /**
   * The file's expressions parsed so far, by language and text: a parsed expression is immutable,
   * and a workflow repeats many (`[s]`, `[i + 1]`), so each text is parsed once per file. The
   * names are still checked at every use, against the scope there.
   */
  private readonly parsed = new Map<string, Expr>();

  /** An expression, parsed now: a bad one fails the load naming the activity and quoting it. */
  expr(text: string, lang: Lang, node: XNode): Expr {
    try {
      const key = `${lang}:${text}`;
      let e = this.parsed.get(key);
      if (!e) {
        e = lang === 'cs' ? parseCs(text) : parseVb(text);
        this.parsed.set(key, e);
      }
      const undeclared = undeclaredName(e, this.declared);
      if (undeclared) this.fail(node, undeclared.message);
      return e;
    } catch (e) {
      if (e instanceof ExpressionError) this.fail(node, e.message);
      throw e;
    }
  }

  /** An element, or the element an `<x:Reference>` names. */
  resolve(el: XNode, from: XNode): XNode {
    if (el.ns === NS.x && el.name === 'Reference') return this.named(attr(el, 'Name') ?? el.text, from);
    return el;
  }

  /** The element whose x:Name is `name`, anywhere in the file (XAML allows forward references). */
  named(name: string, from: XNode): XNode {
    if (!this.names) {
      const names = new Map<string, XNode>();
      const visit = (n: XNode) => {
        const id = attr(n, 'Name', NS.x);
        if (id !== undefined) names.set(id, n);
        n.children.forEach(visit);
      };
      visit(this.root);
      this.names = names;
    }
    return this.names.get(name) ?? this.fail(from, `x:Reference '${name}' names no element of the file`);
  }

  protected getter(e: Expr, type: string, node: XNode): Getter {
    const conv = converter(type);
    const where = this.where(node);
    return (scope) => {
      try {
        return conv(evaluate(e, scope));
      } catch (err) {
        throw runtimeError(err, where);
      }
    };
  }

  protected setter(e: Expr, type: string, node: XNode): Setter {
    const conv = converter(type);
    const where = this.where(node);
    return (scope, v) => {
      try {
        assign(e, scope, conv(v));
      } catch (err) {
        throw runtimeError(err, where);
      }
    };
  }
}

/**
 * An expression naming something that does not exist surfaces when it runs: the run fails
 * naming the activity (a TryCatch in the workflow does not catch it, as VB would not compile it).
 */
function runtimeError(err: unknown, where: string): unknown {
  if (err instanceof ExpressionError)
    return new WorkflowFailure('ExpressionError', `Activity ${where}: ${err.message}`);
  return err;
}
