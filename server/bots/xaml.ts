import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PARAMETER_DIRECTIONS, type BotParameter } from '../../src/domain/declarations';

type XmlNode = Record<string, unknown>;
const asList = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is XmlNode => typeof v === 'object' && v !== null,
  );

/** `InArgument(x:String)` → In / String; `InOutArgument(scg:List(x:Int32))` → InOut / List(Int32). */
function parseArgumentType(raw: string): Pick<BotParameter, 'direction' | 'type'> | undefined {
  const match = /^\s*(In|Out|InOut)Argument\((.*)\)\s*$/.exec(raw);
  if (!match) return undefined;
  const direction = PARAMETER_DIRECTIONS.find((d) => d === match[1]);
  if (!direction) return undefined;
  // Namespace prefixes (x:, s:, scg:) say where a type lives, not what it is.
  return { direction, type: match[2].replace(/\b[A-Za-z_][\w.]*:/g, '').trim() };
}

/** The word of an annotation (or a `@rpa-param` option) saying that a value must start with 1. */
export const STARTS_WITH_1 = /(^|[^\w])startsWith1(?!\w)/;

export type XamlReading = { ok: true; parameters: BotParameter[] } | { ok: false };

const NAMED_ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
/**
 * An attribute's value as XML means it: the predefined entities and character references
 * (`&quot;`, `&#xD;&#xA;`) are text the studio escaped. Nothing else is expanded.
 */
const unescapeXml = (value: string): string =>
  value.replace(/&(quot|amp|lt|gt|apos|#x[0-9a-fA-F]+|#\d+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return safeCodePoint(parseInt(entity.slice(2), 16)) ?? whole;
    if (entity.startsWith('#')) return safeCodePoint(parseInt(entity.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[entity] ?? whole;
  });
const safeCodePoint = (code: number): string | undefined =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;

/** The text of an element as fast-xml-parser gives it: a string, or an object with `#text`. */
const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && '#text' in value) return textOf((value as XmlNode)['#text']);
  return undefined;
};

/**
 * A default written as a property element, as Studio saves C# projects and complex values:
 * `<this:Main.in_X><InArgument x:TypeArguments="x:String">text or [expression]</InArgument>`,
 * its value an element (`<Literal Value="5"/>`, `<VisualBasicValue ExpressionText="…"/>`,
 * `<CSharpValue>…</CSharpValue>`, `<x:Null/>`). An expression is kept in brackets as the
 * attribute form writes it; an empty `<InArgument/>` is no default (the type's default applies).
 */
function elementDefault(element: unknown): string | undefined {
  const node = asList(element)[0];
  const text = textOf(element)?.trim();
  if (!node) return text === undefined || text === '' ? undefined : unescapeXml(text);
  const argument = asList(node.InArgument ?? node.InOutArgument)[0] ?? node;
  const literal = asList(argument.Literal)[0];
  if (literal && literal['@Value'] !== undefined) return unescapeXml(String(literal['@Value']));
  if (argument.Null !== undefined) return '[Nothing]';
  const vb = asList(argument.VisualBasicValue)[0];
  if (vb && typeof vb['@ExpressionText'] === 'string') return `[${unescapeXml(vb['@ExpressionText'])}]`;
  const cs = textOf(argument.CSharpValue)?.trim();
  if (cs) return `[${unescapeXml(cs)}]`;
  const own = textOf(argument)?.trim();
  return own === undefined || own === '' ? undefined : unescapeXml(own);
}

/**
 * Arguments' defaults: attributes of the root named `<class>.<argument>`, the class being the
 * last part of `x:Class` (`this:Main.in_Name="x"` for `x:Class="Project.Main"`), or child
 * elements of the root of that name. Prefixes are already removed by the parser.
 */
function defaultsOf(activity: XmlNode): Map<string, string> {
  const defaults = new Map<string, string>();
  const className = typeof activity['@Class'] === 'string' ? activity['@Class'].split('.').pop() : undefined;
  if (!className) return defaults;
  for (const [key, value] of Object.entries(activity)) {
    if (key.startsWith(`@${className}.`) && typeof value === 'string') {
      defaults.set(key.slice(className.length + 2), unescapeXml(value));
    } else if (key.startsWith(`${className}.`)) {
      const found = elementDefault(value);
      if (found !== undefined) defaults.set(key.slice(className.length + 1), found);
    }
  }
  return defaults;
}

/**
 * Reads a workflow file the way the studio writes it: a well-formed XML document whose root
 * is an `Activity`, its arguments declared as `x:Members/x:Property` (Name, Type). Anything
 * else is not a workflow. Entities are not expanded: a file is data, never a fetch.
 */
export function readXaml(text: string): XamlReading {
  // XML allows no NUL character anywhere (a UTF-16 file's NUL bytes are gone once it is decoded).
  if (text.trim() === '' || text.includes('\u0000') || XMLValidator.validate(text) !== true) return { ok: false };
  let document: XmlNode;
  try {
    document = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      removeNSPrefix: true,
      processEntities: false,
      ignoreDeclaration: true,
      // A default's text is kept as written ("007" stays "007").
      parseTagValue: false,
    }).parse(text) as XmlNode;
  } catch {
    return { ok: false };
  }
  const roots = Object.keys(document).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (roots.length !== 1 || roots[0] !== 'Activity') return { ok: false };
  const activity = asList(document.Activity)[0] ?? {};
  const parameters: BotParameter[] = [];
  const defaults = defaultsOf(activity);
  for (const members of asList(activity.Members)) {
    for (const property of asList(members.Property)) {
      const name = property['@Name'];
      const parsed = typeof property['@Type'] === 'string' ? parseArgumentType(property['@Type']) : undefined;
      if (typeof name !== 'string' || name.trim() === '' || !parsed) continue;
      // The studio keeps an argument's annotation as `sap2010:Annotation.AnnotationText`.
      const annotation = property['@Annotation.AnnotationText'];
      const startsWith1 = typeof annotation === 'string' && STARTS_WITH_1.test(annotation);
      const fallback = defaults.get(name.trim());
      parameters.push({
        name: name.trim(),
        ...parsed,
        ...(startsWith1 ? { startsWith1 } : {}),
        ...(fallback !== undefined ? { default: fallback } : {}),
      });
    }
  }
  return { ok: true, parameters };
}
