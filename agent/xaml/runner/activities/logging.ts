import { fail } from '../../dotnet/exceptions';
import { enumerate } from '../../dotnet/collections';
import { textOrEmpty } from '../../dotnet/text';
import type { Compiler, Factory, Getter } from '../compiler';
import type { Frame } from '../frame';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';
import { flag, outArg } from './libraryArgs';

/**
 * UiPath's Add Log Fields and Remove Log Fields (custom fields that go with every later log line,
 * until removed) and the testing package's Verify Expression.
 */

/** The entries of a collection property: the collection element's items, or the items written directly. */
function entries(c: Compiler, node: XNode, name: string): XNode[] {
  const el = c.propElement(node, name);
  if (!el) return [];
  return el.children.flatMap((ch) =>
    ch.ns !== NS.x && ch.name.match(/^(Dictionary|List|Collection)$/) ? ch.children : [ch],
  );
}

/** ui:AddLogFields: each InArgument of Fields by its x:Key, its value as text, on every later line. */
export const addLogFields: Factory = (node, c) => {
  const fields = entries(c, node, 'Fields').map((item): [string, Getter] => {
    const key = attr(item, 'Key', NS.x) ?? c.fail(node, 'each of Fields needs an x:Key (the field name)');
    return [key, c.valueElement(item, 'x:Object', node)];
  });
  return {
    display: c.display(node),
    run(rt, scope) {
      for (const [key, get] of fields) {
        const v = get(scope);
        rt.fields.set(key, v === null ? '' : textOrEmpty(v));
      }
    },
  };
};

/**
 * ui:RemoveLogFields: Fields, the names to take off — written as a list of strings (or of
 * InArguments), or as one expression giving a collection of names.
 */
export const removeLogFields: Factory = (node, c) => {
  const list = c.propElement(node, 'Fields');
  const names: Getter[] = list ? entries(c, node, 'Fields').map((item) => c.valueElement(item, 'x:String', node)) : [];
  const whole = list ? null : c.value(node, 'Fields', 'x:Object');
  const namesOf = (scope: Frame): string[] => {
    if (whole) {
      const v = whole(scope);
      return v === null ? [] : enumerate(v).map((n) => textOrEmpty(n));
    }
    return names.map((g) => textOrEmpty(g(scope)));
  };
  return {
    display: c.display(node),
    run(rt, scope) {
      for (const name of namesOf(scope)) rt.fields.remove(name);
    },
  };
};

/**
 * Verify Expression: Expression (Boolean) holds or not; Result gets the outcome. A verification
 * that holds logs at Info; one that fails logs at Error and, with ContinueOnFailure False, throws
 * (ContinueOnFailure is True by default: the run goes on, and no TryCatch sees anything).
 * OutputMessageFormat is the line's text, with {Expression} (the value), {ExpressionText} (the
 * expression as written) and {Result} (True/False) replaced; without it the line is
 * `Verify expression '<text>' passed` (or failed). AlternativeVerificationTitle replaces the
 * activity's name in that default line. No screenshot is taken: the agent has no screen.
 */
export const verifyExpression: Factory = (node, c) => {
  const expression = c.required(node, 'Expression', 'x:Boolean');
  const written = expressionText(c, node);
  const continueOnFailure = flag(c, node, 'ContinueOnFailure', true);
  const format = c.value(node, 'OutputMessageFormat', 'x:String');
  const title = c.value(node, 'AlternativeVerificationTitle', 'x:String');
  const result = outArg(c, node, 'Result');
  return {
    display: c.display(node),
    run(rt, scope) {
      const v = expression(scope);
      const passed = v === true;
      const outcome = passed ? 'True' : 'False';
      const f = format ? format(scope) : null;
      const name = title ? title(scope) : null;
      const text =
        typeof f === 'string' && f !== ''
          ? f
              .replace(/\{Expression\}/g, v === null ? '' : textOrEmpty(v))
              .replace(/\{ExpressionText\}/g, written)
              .replace(/\{Result\}/g, outcome)
          : `${typeof name === 'string' && name !== '' ? name : 'Verify expression'} '${written}' ${passed ? 'passed' : 'failed'}`;
      rt.log(passed ? 'Info' : 'Error', text);
      if (result) result(scope, passed);
      if (!passed && !continueOnFailure(scope)) fail('Exception', text);
    },
  };
};

/** The Expression as the workflow writes it (the text inside `[…]` or of the expression element). */
function expressionText(c: Compiler, node: XNode): string {
  const p = c.prop(node, 'Expression');
  if (!p) return '';
  if ('text' in p) return p.text.trim().replace(/^\[([^]*)\]$/, '$1');
  let el = p.el;
  while (/^(In|Out|InOut)Argument$/.test(el.name) && el.children[0]) el = el.children[0];
  return (attr(el, 'ExpressionText') ?? el.text).trim().replace(/^\[([^]*)\]$/, '$1');
}
