import type { Lang } from '../expr/ast';
import { Expressions, type Getter, type Setter } from './expressions';
import { zeroOf } from './frame';
import { literalOf } from './literal';
import { markupExtension, type MarkupExtension } from './markup';
import { NS } from './ns';
import { attr, isContent, type XNode } from './xml';

export type { Getter, Setter } from './expressions';

const VALUE_WRAPPERS = new Set(['InArgument', 'OutArgument', 'InOutArgument']);

/**
 * WF activities whose XAML content property is an argument: the designer may write that argument
 * as the activity's only child (`<WriteLine><InArgument …>…</InArgument></WriteLine>`), which XAML
 * reads as the property itself.
 */
const CONTENT_ARGUMENT: Record<string, string> = {
  WriteLine: 'Text',
  Delay: 'Duration',
  Throw: 'Exception',
  AddToCollection: 'Collection',
  RemoveFromCollection: 'Collection',
  ClearCollection: 'Collection',
  ExistsInCollection: 'Collection',
};

/**
 * How one file's properties become getters and setters: literals converted at load, expressions
 * parsed (and their names checked) at load, each evaluated against the scope when it runs.
 */
export class Bindings extends Expressions {
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
    if ((node.ns === NS.wf || node.ns === NS.ui) && CONTENT_ARGUMENT[node.name] === name) {
      const content = node.children.find(isContent);
      if (content) return { el: content };
    }
    return null;
  }

  /** The `<Type.Name>` element itself. */
  propElement(node: XNode, name: string): XNode | null {
    const full = `${node.name}.${name}`;
    return node.children.find((c) => c.name === full) ?? null;
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
      if (el.children.length) return this.valueElement(el.children[0], t, node);
      // An argument with no expression evaluates to default(T): Nothing for String, 0, False.
      return el.text === '' ? defaultOf(t) : this.valueText(el.text, t, node);
    }
    switch (el.name) {
      case 'VisualBasicValue':
      case 'VisualBasicReference':
        return this.getter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'vb', node), t, node);
      case 'CSharpValue':
      case 'CSharpReference':
        return this.getter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'cs', node), t, node);
      case 'Literal': {
        // A Literal<T> whose Value is never set holds default(T), as an empty `<Literal />` is.
        const written = attr(el, 'Value') ?? (el.text === '' ? undefined : el.text);
        return written === undefined ? defaultOf(t) : this.valueText(written, t, node);
      }
      case 'VariableValue':
      case 'VariableReference':
        return this.getter(this.expr(this.variableOf(el, node), this.lang, node), t, node);
      case 'Null':
        return () => null;
    }
    if (el.ns === NS.x) return this.valueText(el.text, el.name, node);
    return this.fail(node, `${el.qname} is not a value`);
  }

  /**
   * The name of the Variable a `VariableValue<T>` / `VariableReference<T>` element reads: its
   * Variable property holds the Variable inline or as an x:Reference to one declared elsewhere.
   */
  private variableOf(el: XNode, node: XNode): string {
    const p = this.prop(el, 'Variable');
    let v: XNode | null = null;
    if (p && 'el' in p) v = this.resolve(p.el, node);
    else if (p) {
      const ext = markupExtension(p.text);
      if (ext?.name === 'Reference' && ext.arg) v = this.named(ext.arg, node);
    }
    const name = v?.name === 'Variable' ? attr(v, 'Name') : undefined;
    return name ?? this.fail(node, `${el.qname} names no Variable`);
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
      if (el.children.length) return this.referenceElement(el.children[0], t, node);
      // An OutArgument bound to nothing: the value is not kept anywhere.
      return el.text === '' ? () => undefined : this.referenceText(el.text, t, node, this.lang);
    }
    if (el.name === 'VariableReference' || el.name === 'VariableValue')
      return this.setter(this.expr(this.variableOf(el, node), this.lang, node), t, node);
    if (el.name === 'VisualBasicReference' || el.name === 'VisualBasicValue')
      return this.setter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'vb', node), t, node);
    if (el.name === 'CSharpReference' || el.name === 'CSharpValue')
      return this.setter(this.expr(attr(el, 'ExpressionText') ?? el.text, 'cs', node), t, node);
    return this.fail(node, `${el.qname} is not a variable or argument to set`);
  }
}

/** A getter of default(T), the value of an argument or literal left without one. */
function defaultOf(type: string): Getter {
  const v = zeroOf(type);
  return () => v;
}
