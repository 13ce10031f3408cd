import type { Value } from '../dotnet/values';
import { ExpressionError, type Expr, type Lang } from '../expr/ast';
import { assign } from '../expr/assign';
import { evaluate } from '../expr/evaluate';
import { parseCs } from '../expr/parseCs';
import { parseVb } from '../expr/parseVb';
import { WorkflowFailure, WorkflowLoadError } from './api';
import type { Activity } from './engine';
import { converter, Frame, type Conv } from './frame';
import { literalOf } from './literal';
import { undeclaredName, StaticScope } from './names';
import { NS } from './ns';
import { attr, type XNode } from './xml';

export type Getter = (scope: Frame) => Value;
export type Setter = (scope: Frame, value: Value) => void;
export type Factory = (node: XNode, c: Compiler) => Activity;

/** A parsed workflow file as an invoking activity sees it (its body is compiled after it is registered). */
export interface WorkflowFile {
  readonly path: string;
  readonly args: readonly ArgDecl[];
  body: Activity | null;
}

export interface ArgDecl {
  readonly name: string;
  readonly direction: 'In' | 'Out' | 'InOut';
  /** The type as written (`x:Int32`, `scg:List(x:String)`). */
  readonly type: string;
  readonly conv: Conv;
  /** The value an argument has before anything sets it: the type's default. */
  readonly zero: Value;
  readonly fallback: Getter | null;
}

/** What a compiler needs from the loader: the registered activities and the invoked files. */
export interface CompileHost {
  factory(ns: string, name: string): Factory | undefined;
  refusal(node: XNode, where: string): string | null;
  invoke(relativePath: string, where: string): WorkflowFile;
}

const VALUE_WRAPPERS = new Set(['InArgument', 'OutArgument', 'InOutArgument']);

/** Compiles one file's elements into activities, getters and setters. */
export class Compiler {
  constructor(
    readonly file: string,
    readonly lang: Lang,
    readonly host: CompileHost,
    private readonly root: XNode,
  ) {}

  private names: Map<string, XNode> | null = null;
  /** What expressions compiled now may name; checked at load like the rest of the workflow. */
  readonly declared = new StaticScope();

  /** Compiles `f` with `names` declared (an activity's variables, a loop's item). */
  within<T>(names: string[], f: () => T): T {
    this.declared.push(names);
    try {
      return f();
    } finally {
      this.declared.pop();
    }
  }

  /** The names an activity's `<Type.Variables>` declares. */
  variableNames(node: XNode): string[] {
    const vars = this.propElement(node, 'Variables');
    return (vars?.children ?? []).map((v) => attr(v, 'Name') ?? '').filter(Boolean);
  }

  /**
   * The element a property points at: written inline, or as an `x:Reference` (element or
   * `{x:Reference name}` attribute) to an element's x:Name elsewhere in the file.
   */
  target(node: XNode, name: string): XNode | null {
    const p = this.prop(node, name);
    if (!p) return null;
    if ('text' in p) {
      const m = /^\{x:Reference\s+(.+?)\}$/.exec(p.text.trim());
      if (!m) return p.text.trim() === '{x:Null}' ? null : this.fail(node, `${name} must reference a node`);
      return this.named(m[1], node);
    }
    return this.resolve(p.el, node);
  }

  /** An element, or the element an `<x:Reference>` names. */
  resolve(el: XNode, from: XNode): XNode {
    if (el.ns === NS.x && el.name === 'Reference') return this.named(attr(el, 'Name') ?? el.text, from);
    return el;
  }

  private named(name: string, from: XNode): XNode {
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

  where(node: XNode): string {
    return `${node.qname} (${this.file} line ${node.line})`;
  }

  fail(node: XNode, message: string): never {
    throw new WorkflowLoadError(`Activity ${this.where(node)}: ${message}`);
  }

  display(node: XNode): string {
    return attr(node, 'DisplayName') ?? node.name;
  }

  /** A property as an attribute or as a `<Type.Name>` element (its first child element, or its text). */
  prop(node: XNode, name: string): { text: string } | { el: XNode } | null {
    const a = attr(node, name);
    if (a !== undefined) return { text: a };
    const full = `${node.name}.${name}`;
    for (const c of node.children) {
      if (c.name !== full) continue;
      if (c.children.length) return { el: c.children[0] };
      return { text: c.text };
    }
    return null;
  }

  /** The `<Type.Name>` element itself. */
  propElement(node: XNode, name: string): XNode | null {
    const full = `${node.name}.${name}`;
    return node.children.find((c) => c.name === full) ?? null;
  }

  /** The activity an element is: registered, refused, or unknown. */
  activity(node: XNode): Activity {
    const factory = this.host.factory(node.ns, node.name);
    if (!factory) {
      const refusal = this.host.refusal(node, this.where(node));
      throw new WorkflowLoadError(refusal ?? `Activity ${this.where(node)} is not supported by this agent`);
    }
    const [inner, open] = this.within(
      this.variableNames(node),
      () => [factory(node, this), this.variables(node)] as const,
    );
    if (!open) return inner;
    return { display: inner.display, run: (rt, scope) => inner.run(rt, open(scope)) };
  }

  /**
   * An activity's `<Type.Variables>` as a function opening their scope: each default is
   * evaluated when the scope opens, in order (a default may use the variables before it).
   */
  variables(node: XNode): ((scope: Frame) => Frame) | null {
    const vars = this.propElement(node, 'Variables');
    if (!vars || !vars.children.length) return null;
    const decls = vars.children.map((v) => this.variable(v));
    return (scope) => {
      const frame = new Frame(scope.host, scope);
      for (const d of decls) frame.declare(d.name, d.conv, d.init ? d.conv(d.init(frame)) : d.zero);
      return frame;
    };
  }

  private variable(v: XNode): { name: string; conv: Conv; zero: Value; init: Getter | null } {
    if (v.name !== 'Variable') this.fail(v, `a variable is expected here, not ${v.qname}`);
    const name = attr(v, 'Name');
    if (!name) this.fail(v, 'a variable has no Name');
    const type = attr(v, 'TypeArguments', NS.x) ?? 'x:Object';
    const conv = converter(type);
    return { name, conv, zero: zeroOf(type), init: this.value(v, 'Default', type) };
  }

  /** The activities written as an element's content (property elements and designer data aside). */
  children(node: XNode): Activity[] {
    return node.children.filter((c) => !c.name.includes('.')).map((c) => this.activity(c));
  }

  /** The single activity in a property element (`<If.Then>`), or null when absent or empty. */
  body(node: XNode, name: string): Activity | null {
    const el = this.propElement(node, name);
    const child = el?.children.find((c) => !c.name.includes('.'));
    return child ? this.activity(child) : null;
  }

  /** A content property: written as `<Type.Name>` or as the element's single content child. */
  content(node: XNode, name: string): Activity | null {
    const child = node.children.find((c) => !c.name.includes('.'));
    return this.body(node, name) ?? (child ? this.activity(child) : null);
  }

  /** An expression, parsed now: a bad one fails the load naming the activity and quoting it. */
  expr(text: string, lang: Lang, node: XNode): Expr {
    try {
      const e = lang === 'cs' ? parseCs(text) : parseVb(text);
      const undeclared = undeclaredName(e, this.declared);
      if (undeclared) this.fail(node, undeclared.message);
      return e;
    } catch (e) {
      if (e instanceof ExpressionError) this.fail(node, e.message);
      throw e;
    }
  }

  /** A property's value as a getter converting to `type`; null when the property is absent. */
  value(node: XNode, name: string, type: string): Getter | null {
    const p = this.prop(node, name);
    if (!p) return null;
    return 'el' in p ? this.valueElement(p.el, type, node) : this.valueText(p.text, type, node);
  }

  /** Like value(), failing the load when the property is missing. */
  required(node: XNode, name: string, type: string): Getter {
    return this.value(node, name, type) ?? this.fail(node, `${name} is required`);
  }

  valueText(text: string, type: string, node: XNode, lang: Lang = this.lang): Getter {
    const t = text.trim();
    if (t.startsWith('[') && t.endsWith(']')) return this.getter(this.expr(t.slice(1, -1), lang, node), type, node);
    if (t === '{x:Null}') return () => null;
    const raw = text.startsWith('{}') ? text.slice(2) : text;
    const lit = literalOf(raw, type);
    if (!lit) this.fail(node, `'${raw}' is not a valid ${type.replace(/^\w+:/, '')}`);
    const v = lit.value;
    return () => v;
  }

  valueElement(el: XNode, type: string, node: XNode): Getter {
    const t = attr(el, 'TypeArguments', NS.x) ?? type;
    if (VALUE_WRAPPERS.has(el.name)) {
      return el.children.length ? this.valueElement(el.children[0], t, node) : this.valueText(el.text, t, node);
    }
    switch (el.name) {
      case 'VisualBasicValue':
      case 'VisualBasicReference':
        return this.getter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'vb', node), t, node);
      case 'CSharpValue':
      case 'CSharpReference':
        return this.getter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'cs', node), t, node);
      case 'Literal':
        return this.valueText(attr(el, 'Value') ?? el.text, t, node);
      case 'Null':
        return () => null;
    }
    if (el.ns === NS.x) return this.valueText(el.text, el.name, node);
    return this.fail(node, `${el.qname} is not a value`);
  }

  private getter(e: Expr, type: string, node: XNode): Getter {
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

  /** A property naming where a value goes (Assign.To, an Out argument); null when absent. */
  reference(node: XNode, name: string, type: string): Setter | null {
    const p = this.prop(node, name);
    if (!p) return null;
    return 'el' in p ? this.referenceElement(p.el, type, node) : this.referenceText(p.text, type, node, this.lang);
  }

  referenceText(text: string, type: string, node: XNode, lang: Lang): Setter {
    const t = text.trim();
    if (!(t.startsWith('[') && t.endsWith(']'))) this.fail(node, `'${t}' is not a variable or argument to set`);
    return this.setter(this.expr(t.slice(1, -1), lang, node), type, node);
  }

  referenceElement(el: XNode, type: string, node: XNode): Setter {
    const t = attr(el, 'TypeArguments', NS.x) ?? type;
    if (VALUE_WRAPPERS.has(el.name)) {
      return el.children.length
        ? this.referenceElement(el.children[0], t, node)
        : this.referenceText(el.text, t, node, this.lang);
    }
    if (el.name === 'VisualBasicReference' || el.name === 'VisualBasicValue')
      return this.setter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'vb', node), t, node);
    if (el.name === 'CSharpReference' || el.name === 'CSharpValue')
      return this.setter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'cs', node), t, node);
    return this.fail(node, `${el.qname} is not a variable or argument to set`);
  }

  private setter(e: Expr, type: string, node: XNode): Setter {
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

  /** An ActivityAction: its argument's name and type and its body (null when empty). */
  action(el: XNode | null): { arg: string | null; conv: Conv; body: Activity | null } {
    if (!el) return { arg: null, conv: converter(undefined), body: null };
    const argEl = this.propElement(el, 'Argument') ?? this.propElement(el, 'Argument1');
    const delegate = argEl?.children[0];
    const type = delegate ? attr(delegate, 'TypeArguments', NS.x) : attr(el, 'TypeArguments', NS.x);
    const body = el.children.find((c) => !c.name.includes('.'));
    const arg = delegate ? (attr(delegate, 'Name') ?? null) : null;
    return {
      arg,
      conv: converter(type),
      body: body ? this.within(arg ? [arg] : [], () => this.activity(body)) : null,
    };
  }
}

/** The value a variable or argument of a type has before anything sets it (0, False, Nothing…). */
export function zeroOf(type: string): Value {
  try {
    return converter(type)(null);
  } catch {
    return null;
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
