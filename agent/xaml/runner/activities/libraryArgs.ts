import { DataTable } from '../../dotnet/datatable';
import { fail } from '../../dotnet/exceptions';
import { textOrEmpty, typeName } from '../../dotnet/text';
import type { Value } from '../../dotnet/values';
import type { Compiler, Getter, Setter } from '../compiler';
import type { Frame } from '../frame';
import { NS } from '../ns';
import { attr, type XNode } from '../xml';

/**
 * How the library activities read their XAML: In arguments as getters, Out arguments as setters
 * (Studio writes an unused one as `{x:Null}`), enums as attribute text checked at load.
 */

/** An Out argument, or null when absent or written `{x:Null}`. */
export function outArg(c: Compiler, node: XNode, name: string): Setter | null {
  if (attr(node, name)?.trim() === '{x:Null}') return null;
  return c.reference(node, name, 'x:Object');
}

/**
 * An enum property as Studio writes it (`Delimitator="Comma"`, `Method="GET"`), matched
 * ignoring case against its values; `fallback` when absent. A value outside the enum fails the
 * load, naming the activity.
 */
export function enumAttr(c: Compiler, node: XNode, name: string, values: readonly string[], fallback: string): string {
  const written = attr(node, name)?.trim();
  if (written === undefined || written === '' || written === '{x:Null}') return fallback;
  // `[DelimiterOptions.Comma]` names the same member as `Comma`.
  const member = written.replace(/^\[?(?:[\w]+\.)*(\w+)\]?$/, '$1');
  const found = values.find((v) => v.toLowerCase() === member.toLowerCase());
  return found ?? c.fail(node, `'${written}' is not a valid ${name} (${values.join(', ')})`);
}

/** A String argument's value: Nothing stays null, anything else is its text. */
export function textOf(get: Getter | null, scope: Frame): string | null {
  if (!get) return null;
  const v = get(scope);
  return v === null ? null : textOrEmpty(v);
}

/** A String argument the activity cannot do without: Nothing is ArgumentNullException. */
export function neededText(get: Getter, scope: Frame, name: string): string {
  return textOf(get, scope) ?? nullArgument(name);
}

export function nullArgument(name: string): never {
  return fail('ArgumentNullException', `Value cannot be null. (Parameter '${name}')`);
}

/** A DataTable argument: Nothing is ArgumentNullException, another type InvalidCastException. */
export function tableOf(get: Getter, scope: Frame, name = 'DataTable'): DataTable {
  const v: Value = get(scope);
  if (v instanceof DataTable) return v;
  if (v === null) return nullArgument(name);
  return fail(
    'InvalidCastException',
    `Unable to cast object of type '${typeName(v)}' to type 'System.Data.DataTable'.`,
  );
}

/** A Boolean property written as a literal or an expression; `fallback` when absent. */
export function flag(c: Compiler, node: XNode, name: string, fallback: boolean): (scope: Frame) => boolean {
  const get = c.value(node, name, 'x:Boolean');
  return (scope) => {
    if (!get) return fallback;
    const v = get(scope);
    return v === null ? fallback : v === true;
  };
}

/**
 * A dictionary property of InArguments keyed by `x:Key` (HttpClient's Headers, Parameters):
 * written as `<scg:Dictionary x:TypeArguments="x:String, InArgument(x:String)">` or as the
 * InArguments directly.
 */
export function keyedArgs(c: Compiler, node: XNode, name: string): [string, Getter][] {
  const el = c.propElement(node, name);
  if (!el) return [];
  const items = el.children.flatMap((ch) => (ch.name === 'Dictionary' ? ch.children : [ch]));
  return items.map((item): [string, Getter] => {
    const key = attr(item, 'Key', NS.x);
    if (key === undefined) c.fail(node, `each of ${name} needs an x:Key`);
    return [key, c.valueElement(item, 'x:String', node)];
  });
}
