import { XMLParser } from 'fast-xml-parser';
import { WorkflowLoadError } from './api';
import { canonicalNamespace, isDesignerNamespace, NS } from './ns';

/** An attribute with its namespace resolved (unprefixed attributes have no namespace). */
export interface XAttr {
  readonly ns: string;
  readonly name: string;
  readonly value: string;
}

/** An element with its namespace resolved and its 1-based line, designer data removed. */
export interface XNode {
  /** The namespace as the runner keys activities by (one URI for each spelling of WF's and UiPath's). */
  readonly ns: string;
  /** The namespace URI as the file writes it (a clr-namespace keeps its CLR namespace and assembly). */
  readonly uri: string;
  readonly name: string;
  /** The name as the file writes it (`ui:LogMessage`), for messages. */
  readonly qname: string;
  readonly attrs: XAttr[];
  readonly children: XNode[];
  /** The element's own text (concatenated), trimmed. */
  readonly text: string;
  readonly line: number;
}

type Raw = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  captureMetaData: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 100_000,
});
const META = XMLParser.getMetaDataSymbol() as unknown as string;

/** Parses a XAML file; a malformed file fails the load naming it. */
export function parseXaml(text: string, file: string): XNode {
  let raw: Raw[];
  try {
    raw = parser.parse(text.replace(/^\uFEFF/, '')) as Raw[];
  } catch (e) {
    throw new WorkflowLoadError(`${file} is not valid XAML: ${(e as Error).message}`);
  }
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number | undefined): number => {
    if (index === undefined) return 0;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const root = raw.find((r) => elementName(r) !== null);
  if (!root) throw new WorkflowLoadError(`${file} has no root element`);
  const node = convert(root, new Map([['xml', 'xml']]), lineOf, new Set());
  if (!node) throw new WorkflowLoadError(`${file} has no workflow in it`);
  return node;
}

function elementName(r: Raw): string | null {
  for (const k of Object.keys(r)) if (k !== ':@' && k !== '#text' && !k.startsWith('?')) return k;
  return null;
}

function convert(
  r: Raw,
  parentNs: Map<string, string>,
  lineOf: (i: number | undefined) => number,
  parentIgnored: Set<string>,
): XNode | null {
  const tag = elementName(r);
  if (tag === null) return null;
  const rawAttrs = (r[':@'] ?? {}) as Record<string, string>;
  let nsMap = parentNs;
  let ignored = parentIgnored;
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) {
      if (nsMap === parentNs) nsMap = new Map(parentNs);
      nsMap.set(k === 'xmlns' ? '' : k.slice(6), v);
    }
  }
  const ignorable = Object.entries(rawAttrs).find(([k]) => k.endsWith(':Ignorable'));
  if (ignorable) ignored = new Set([...parentIgnored, ...ignorable[1].split(/\s+/).filter(Boolean)]);
  const resolve = (qname: string, useDefault: boolean): { ns: string; uri: string; name: string; prefix: string } => {
    const i = qname.indexOf(':');
    const prefix = i < 0 ? '' : qname.slice(0, i);
    const name = i < 0 ? qname : qname.slice(i + 1);
    if (!useDefault && prefix === '') return { ns: '', uri: '', name, prefix };
    const uri = nsMap.get(prefix) ?? '';
    return { ns: canonicalNamespace(uri), uri, name, prefix };
  };
  const el = resolve(tag, true);
  if (ignored.has(el.prefix) || isDesignerNamespace(el.ns)) return null;
  const attrs: XAttr[] = [];
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    const a = resolve(k, false);
    if (ignored.has(a.prefix) || isDesignerNamespace(a.ns)) continue;
    attrs.push({ ns: a.ns, name: a.name, value: v });
  }
  const children: XNode[] = [];
  let text = '';
  const content = r[tag];
  if (Array.isArray(content)) {
    for (const c of content as Raw[]) {
      if (typeof c['#text'] === 'string') text += c['#text'];
      else {
        const child = convert(c, nsMap, lineOf, ignored);
        if (child) children.push(child);
      }
    }
  }
  const meta = (r as Record<string, { startIndex?: number } | undefined>)[META];
  return {
    ns: el.ns,
    uri: el.uri,
    name: el.name,
    qname: tag,
    attrs,
    children,
    text: text.trim(),
    line: lineOf(meta?.startIndex),
  };
}

/** The value of an unprefixed attribute (or one in namespace `ns`). */
export function attr(node: XNode, name: string, ns = ''): string | undefined {
  for (const a of node.attrs) if (a.name === name && a.ns === ns) return a.value;
  return undefined;
}

/**
 * Whether a child element is content (an activity, a value) rather than a property element
 * (`<If.Then>`) or an `<x:Key>` directive written as an element.
 */
export function isContent(node: XNode): boolean {
  return !node.name.includes('.') && !(node.ns === NS.x && node.name === 'Key');
}

/**
 * An element's x:Key: the attribute, or an `<x:Key>` element holding text, a typed value
 * (`<x:String>MWK</x:String>`) or `<x:Null />` (null). Undefined when it has none.
 */
export function keyOf(node: XNode): string | null | undefined {
  const a = attr(node, 'Key', NS.x);
  if (a !== undefined) return a === '{x:Null}' ? null : a;
  const el = node.children.find((k) => k.ns === NS.x && k.name === 'Key');
  if (!el) return undefined;
  const value = el.children[0];
  if (!value) return el.text;
  return value.ns === NS.x && value.name === 'Null' ? null : value.text;
}
