import type { Value } from '../dotnet/values';
import type { Lang } from '../expr/ast';
import { WorkflowLoadError } from './api';
import { Bindings, type Getter } from './bindings';
import type { Activity } from './engine';
import { converter, Frame, zeroOf, type Conv } from './frame';
import { markupExtension } from './markup';
import { NS } from './ns';
import { attr, isContent, type XNode } from './xml';

export type { Getter, Setter } from './bindings';
export { zeroOf } from './frame';
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
  /** Why the activity cannot run here (see refused.ts); `registered` when a factory exists for it. */
  refusal(node: XNode, where: string, registered: boolean): string | null;
  invoke(relativePath: string, where: string): WorkflowFile;
}

/** Compiles one file's elements into activities, getters and setters. */
export class Compiler extends Bindings {
  constructor(
    file: string,
    lang: Lang,
    readonly host: CompileHost,
    root: XNode,
  ) {
    super(file, lang, root);
  }

  /** Compiles `f` with `names` declared (an activity's variables, a loop's item). */
  within<T>(names: string[], f: () => T): T {
    this.declared.push(names);
    try {
      return f();
    } finally {
      this.declared.pop();
    }
  }

  /**
   * The Variable elements of an activity's `<Type.Variables>`. An entry may be an `<x:Reference>`
   * to a Variable the serializer wrote elsewhere (where an expression element first used it):
   * that entry is the variable itself.
   */
  private variableElements(node: XNode): XNode[] {
    const vars = this.propElement(node, 'Variables');
    return (vars?.children ?? []).map((v) => this.resolve(v, v));
  }

  /** The names an activity's `<Type.Variables>` declares. */
  variableNames(node: XNode): string[] {
    return this.variableElements(node)
      .map((v) => attr(v, 'Name') ?? '')
      .filter(Boolean);
  }

  /**
   * The element a property points at: written inline, or as an `x:Reference` (element or
   * `{x:Reference name}` attribute) to an element's x:Name elsewhere in the file.
   */
  target(node: XNode, name: string): XNode | null {
    const p = this.prop(node, name);
    if (!p) return null;
    if ('text' in p) {
      const ext = markupExtension(p.text);
      if (ext?.name !== 'Reference' || !ext.arg) return this.fail(node, `${name} must reference a node`);
      return this.named(ext.arg, node);
    }
    return this.resolve(p.el, node);
  }

  display(node: XNode): string {
    return attr(node, 'DisplayName') ?? node.name;
  }

  /** The activity an element is: registered, refused, or unknown. */
  activity(node: XNode): Activity {
    const factory = this.host.factory(node.ns, node.name);
    const refusal = this.host.refusal(node, this.where(node), factory !== undefined);
    if (refusal) throw new WorkflowLoadError(refusal);
    if (!factory) throw new WorkflowLoadError(`Activity ${this.where(node)} is not supported by this agent`);
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
    const elements = this.variableElements(node);
    if (!elements.length) return null;
    const decls = elements.map((v) => this.variable(v));
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
    return node.children.filter(isContent).map((c) => this.activity(c));
  }

  /** The single activity in a property element (`<If.Then>`), or null when absent or empty. */
  body(node: XNode, name: string): Activity | null {
    const el = this.propElement(node, name);
    const child = el?.children.find(isContent);
    return child ? this.activity(child) : null;
  }

  /** A content property: written as `<Type.Name>` or as the element's single content child. */
  content(node: XNode, name: string): Activity | null {
    const child = node.children.find(isContent);
    return this.body(node, name) ?? (child ? this.activity(child) : null);
  }

  /** An ActivityAction: its argument's name and type and its body (null when empty). */
  action(el: XNode | null): { arg: string | null; conv: Conv; body: Activity | null } {
    if (!el) return { arg: null, conv: converter(undefined), body: null };
    const argEl = this.propElement(el, 'Argument') ?? this.propElement(el, 'Argument1');
    const delegate = argEl?.children[0];
    const type = delegate ? attr(delegate, 'TypeArguments', NS.x) : attr(el, 'TypeArguments', NS.x);
    const body = el.children.find(isContent);
    const arg = delegate ? (attr(delegate, 'Name') ?? null) : null;
    return {
      arg,
      conv: converter(type),
      body: body ? this.within(arg ? [arg] : [], () => this.activity(body)) : null,
    };
  }
}
