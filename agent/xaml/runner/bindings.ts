import type { Value } from '../dotnet/values';
import { ExpressionError, type Expr, type Lang } from '../expr/ast';
import { assign } from '../expr/assign';
import { evaluate } from '../expr/evaluate';
import { parseCs } from '../expr/parseCs';
import { parseVb } from '../expr/parseVb';
import { WorkflowFailure, WorkflowLoadError } from './api';
import { converter, type Frame } from './frame';
import { literalOf } from './literal';
import { markupExtension, type MarkupExtension } from './markup';
import { undeclaredName, StaticScope } from './names';
import { NS } from './ns';
import { attr, type XNode } from './xml';

export type Getter = (scope: Frame) => Value;
export type Setter = (scope: Frame, value: Value) => void;

const VALUE_WRAPPERS = new Set(['InArgument', 'OutArgument', 'InOutArgument']);

/**
 * WF activities whose XAML content property is an argument: the designer may write that argument
 * as the activity's only child (`<WriteLine><InArgument …>…</InArgument></WriteLine>`), which XAML
 * reads as the property itself.
 */
const CONTENT_ARGUMENT: Record<string, string> = { WriteLine: 'Text', Delay: 'Duration', Throw: 'Exception' };

/**
 * How one file's properties become getters and setters: literals converted at load, expressions
 * parsed (and their names checked) at load, each evaluated against the scope when it runs.
 */
export class Bindings {
  constructor(
    readonly file: string,
    readonly lang: Lang,
  ) {}

  /** What expressions compiled now may name; checked at load like the rest of the workflow. */
  readonly declared = new StaticScope();

  where(node: XNode): string {
    return `${node.qname} (${this.file} line ${node.line})`;
  }

  fail(node: XNode, message: string): never {
    throw new WorkflowLoadError(`Activity ${this.where(node)}: ${message}`);
  }

  /**
   * A property as an attribute or as a `<Type.Name>` element (its first child element, or its
   * text), or as the content child of an activity whose content property it is. An attribute
   * set to `{x:Null}` is a property left unset, as WF reads it.
   */
  prop(node: XNode, name: string): { text: string } | { el: XNode } | null {
    const a = attr(node, name);
    if (a !== undefined) return markupExtension(a)?.name === 'Null' ? null : { text: a };
    const full = `${node.name}.${name}`;
    for (const c of node.children) {
      if (c.name !== full) continue;
      if (c.children.length) return { el: c.children[0] };
      return { text: c.text };
    }
    if (node.ns === NS.wf && CONTENT_ARGUMENT[node.name] === name) {
      const content = node.children.find((c) => !c.name.includes('.'));
      if (content) return { el: content };
    }
    return null;
  }

  /** The `<Type.Name>` element itself. */
  propElement(node: XNode, name: string): XNode | null {
    const full = `${node.name}.${name}`;
    return node.children.find((c) => c.name === full) ?? null;
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
    const ext = markupExtension(t);
    if (ext) return this.extensionValue(ext, t, type, node);
    const raw = text.startsWith('{}') ? text.slice(2) : text;
    const lit = literalOf(raw, type);
    if (!lit) this.fail(node, `'${raw}' is not a valid ${type.replace(/^\w+:/, '')}`);
    const v = lit.value;
    return () => v;
  }

  /**
   * A markup extension as a value: `{x:Null}` is Nothing; `{x:Static T.Member}` and `{x:Type T}`
   * are the member and the type as an expression names them (the namespace prefix dropped).
   */
  private extensionValue(ext: MarkupExtension, text: string, type: string, node: XNode): Getter {
    if (ext.name === 'Null') return () => null;
    if ((ext.name === 'Static' || ext.name === 'Type') && ext.arg)
      return this.getter(this.expr(ext.arg.replace(/^\w+:/, ''), 'vb', node), type, node);
    return this.fail(node, `'${text}' is not a value (${ext.name} markup extension)`);
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
