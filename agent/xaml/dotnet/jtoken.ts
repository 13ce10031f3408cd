import { NetDateTime } from './datetime';
import { formatValue, toStr } from './text';
import { NetSelfPrinting, type Value } from './values';

// The JSON tokens are values too: added to the Value union here, where they are defined.
declare module './values' {
  interface ValueTypes {
    JToken: JToken;
  }
}

/**
 * Newtonsoft.Json's LINQ tokens (JObject, JArray, JValue, JProperty), the values DeserializeJson
 * gives and workflows read with `obj("key")`, `arr(0)`, `.Value(Of T)("k")` and `.ToString`.
 * They print themselves (NetSelfPrinting): the text functions print the values a JValue holds.
 */
export abstract class JToken extends NetSelfPrinting {
  abstract readonly tokenType: string;

  /** JToken.ToString(): indented JSON for containers, the raw text of a primitive. */
  toString(): string {
    return writeJson(this, true);
  }
}

/** An object: its properties in the order they were read or added. */
export class JObject extends JToken {
  readonly netType = 'JObject';
  readonly tokenType = 'Object';
  readonly props = new Map<string, JToken>();
}

export class JArray extends JToken {
  readonly netType = 'JArray';
  readonly tokenType = 'Array';
  constructor(readonly items: JToken[] = []) {
    super();
  }
}

/** A name and its value, as a JObject enumerates. */
export class JProperty extends JToken {
  readonly netType = 'JProperty';
  readonly tokenType = 'Property';
  constructor(
    readonly name: string,
    readonly value: JToken,
  ) {
    super();
  }
}

export type JValueKind = 'String' | 'Integer' | 'Float' | 'Boolean' | 'Null' | 'Date';

/**
 * A primitive: a String, an Integer (Int64, as Newtonsoft reads JSON integers), a Float
 * (Double), a Boolean, a Null, or a Date (ISO 8601 strings are read as DateTime).
 */
export class JValue extends JToken {
  readonly netType = 'JValue';
  constructor(
    readonly tokenType: JValueKind,
    readonly value: Value,
  ) {
    super();
  }

  override toString(): string {
    if (this.value === null) return '';
    return toStr(this.value);
  }

  /** ToString(format) formats the value it holds (a number, a date). */
  override formatted(format: string | null): string {
    return this.value === null ? '' : formatValue(this.value, format);
  }
}

/** A JSON string literal with Newtonsoft's default escaping (non-ASCII characters stay as they are). */
export function quoteJson(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c < 0x20 || c === 0x85 || c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/** Newtonsoft writes a Double or Decimal with a decimal point ("1.0") so it reads back as one. */
function ensureDecimalPlace(text: string): string {
  return /[.eEIN]/.test(text) ? text : text + '.0';
}

function primitiveJson(v: JValue): string {
  const x = v.value;
  switch (v.tokenType) {
    case 'Null':
      return 'null';
    case 'String':
      return quoteJson(toStr(x));
    case 'Boolean':
      return x ? 'true' : 'false';
    case 'Integer':
      return toStr(x);
    case 'Float':
      return ensureDecimalPlace(toStr(x));
    case 'Date': {
      const d = x as NetDateTime;
      const zone = d.kind === 'Utc' ? 'Z' : d.kind === 'Local' ? 'zzz' : '';
      return quoteJson(formatValue(d, `yyyy'-'MM'-'dd'T'HH':'mm':'ss.FFFFFFF${zone}`));
    }
  }
}

/**
 * JSON text of a token: compact (Formatting.None) or indented by two spaces with "\n" line
 * breaks (Formatting.Indented on the agent's platforms). A bare primitive indented is its raw
 * text, as JValue.ToString() gives.
 */
export function writeJson(t: JToken, indented: boolean, level = 0): string {
  const nl = indented ? '\n' + '  '.repeat(level + 1) : '';
  const close = indented ? '\n' + '  '.repeat(level) : '';
  if (t instanceof JValue) return primitiveJson(t);
  if (t instanceof JProperty) return quoteJson(t.name) + (indented ? ': ' : ':') + writeJson(t.value, indented, level);
  if (t instanceof JArray) {
    if (t.items.length === 0) return '[]';
    return '[' + t.items.map((i) => nl + writeJson(i, indented, level + 1)).join(',') + close + ']';
  }
  const o = t as JObject;
  if (o.props.size === 0) return '{}';
  const parts = [...o.props].map(
    ([k, v]) => nl + quoteJson(k) + (indented ? ': ' : ':') + writeJson(v, indented, level + 1),
  );
  return '{' + parts.join(',') + close + '}';
}
