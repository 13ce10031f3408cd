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

/**
 * Reads a workflow file the way the studio writes it: a well-formed XML document whose root
 * is an `Activity`, its arguments declared as `x:Members/x:Property` (Name, Type). Anything
 * else is not a workflow. Entities are not expanded: a file is data, never a fetch.
 */
export function readXaml(text: string): XamlReading {
  if (text.trim() === '' || XMLValidator.validate(text) !== true) return { ok: false };
  let document: XmlNode;
  try {
    document = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      removeNSPrefix: true,
      processEntities: false,
      ignoreDeclaration: true,
    }).parse(text) as XmlNode;
  } catch {
    return { ok: false };
  }
  const roots = Object.keys(document).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (roots.length !== 1 || roots[0] !== 'Activity') return { ok: false };
  const activity = asList(document.Activity)[0] ?? {};
  const parameters: BotParameter[] = [];
  for (const members of asList(activity.Members)) {
    for (const property of asList(members.Property)) {
      const name = property['@Name'];
      const parsed = typeof property['@Type'] === 'string' ? parseArgumentType(property['@Type']) : undefined;
      if (typeof name !== 'string' || name.trim() === '' || !parsed) continue;
      // The studio keeps an argument's annotation as `sap2010:Annotation.AnnotationText`.
      const annotation = property['@Annotation.AnnotationText'];
      const startsWith1 = typeof annotation === 'string' && STARTS_WITH_1.test(annotation);
      parameters.push({ name: name.trim(), ...parsed, ...(startsWith1 ? { startsWith1 } : {}) });
    }
  }
  return { ok: true, parameters };
}
