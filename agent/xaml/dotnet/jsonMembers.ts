import { toInt32 } from './cast';
import { fail, MESSAGES } from './exceptions';
import { setTokenChild, tokenChild, tokenFromValue } from './jsonConvert';
import { JArray, JObject, JProperty, JToken, JValue, writeJson } from './jtoken';
import { MISSING, type Found } from './strings';
import { parseJson } from './jsonParse';
import { textOrEmpty, typeName } from './text';
import { NetArray, NetEnum, NetList, type Value } from './values';

const TOKEN_TYPES = [
  'None',
  'Object',
  'Array',
  'Constructor',
  'Property',
  'Comment',
  'Integer',
  'Float',
  'String',
  'Boolean',
  'Null',
  'Undefined',
  'Date',
];

function children(t: JToken): JToken[] {
  if (t instanceof JArray) return t.items;
  if (t instanceof JObject) return [...t.props].map(([k, v]) => new JProperty(k, v));
  if (t instanceof JProperty) return [t.value];
  return [];
}

/** SelectToken with a simple path: `a.b`, `a[0].c`, `['odd name']`, an optional leading `$`. */
export function selectToken(t: JToken, path: string): JToken | null {
  const parts = [...path.replace(/^\$\.?/, '').matchAll(/\[(\d+)\]|\['([^']*)'\]|([^.[\]]+)/g)];
  let cur: JToken | null = t;
  for (const m of parts) {
    if (cur === null) return null;
    if (m[1] !== undefined) cur = cur instanceof JArray ? (cur.items[Number(m[1])] ?? null) : null;
    else {
      const name = m[2] ?? m[3];
      cur = cur instanceof JObject ? (cur.props.get(name) ?? null) : null;
    }
  }
  return cur;
}

/** The members workflows call on JSON tokens; MISSING lets the common ones (ToString, Equals) apply. */
export function jsonMember(t: JToken, lc: string, args: Value[]): Found {
  switch (lc) {
    case 'item':
      return args.length === 1 ? tokenChild(t, args[0]) : MISSING;
    case 'value':
      // JProperty.Value, or Value(Of T)(key) whose conversion the caller applies.
      if (t instanceof JProperty && args.length === 0) return t.value;
      if (t instanceof JValue && args.length === 0) return t.value;
      return args.length === 1 ? tokenChild(t, args[0]) : MISSING;
    case 'name':
      return t instanceof JProperty ? t.name : MISSING;
    case 'count':
      if (args.length) return MISSING;
      return t instanceof JObject ? t.props.size : t instanceof JArray ? t.items.length : MISSING;
    case 'type':
      return new NetEnum('JTokenType', t.tokenType, TOKEN_TYPES.indexOf(t.tokenType));
    case 'hasvalues':
      return children(t).length > 0;
    case 'children':
    case 'values':
      return new NetList('JToken', children(t));
    case 'properties':
      return t instanceof JObject ? new NetList('JProperty', children(t)) : MISSING;
    case 'containskey':
      return t instanceof JObject ? t.props.has(textOrEmpty(args[0])) : MISSING;
    case 'first':
    case 'last': {
      if (args.length) return MISSING;
      const c = children(t);
      if (c.length === 0) fail('InvalidOperationException', MESSAGES.noElements);
      return lc === 'first' ? c[0] : c[c.length - 1];
    }
    case 'selecttoken':
      return selectToken(t, textOrEmpty(args[0]));
    case 'toobject':
      return args.length === 0 ? t : MISSING;
    case 'tostring':
      // ToString(Formatting.None) is the compact text.
      return args[0] instanceof NetEnum && args[0].name === 'None' ? writeJson(t, false) : MISSING;
    case 'add':
      if (t instanceof JArray && args.length === 1) t.items.push(tokenFromValue(args[0]));
      else if (t instanceof JObject && args.length === 2) {
        const name = textOrEmpty(args[0]);
        if (t.props.has(name))
          fail(
            'ArgumentException',
            `Can not add property ${name} to Newtonsoft.Json.Linq.JObject. Property with the same name already exists on object.`,
          );
        t.props.set(name, tokenFromValue(args[1]));
      } else return MISSING;
      return null;
    case 'remove':
      if (t instanceof JObject) return t.props.delete(textOrEmpty(args[0]));
      return MISSING;
    case 'removeat':
      if (!(t instanceof JArray)) return MISSING;
      tokenChild(t, args[0]);
      t.items.splice(toInt32(args[0]), 1);
      return null;
  }
  return MISSING;
}

export { setTokenChild, tokenChild };

const START: Record<string, string> = { Object: 'StartObject', Array: 'StartArray' };

/** JObject.Parse / JArray.Parse: the text must hold that kind of token. */
export function parseAs(text: string, kind: 'JObject' | 'JArray' | 'JToken'): JToken {
  const token = parseJson(text);
  if (kind === 'JToken' || typeName(token) === kind) return token;
  const item = START[token.tokenType] ?? token.tokenType;
  const what = kind === 'JObject' ? 'an object' : 'an array';
  return fail(
    'JsonReaderException',
    `Error reading ${kind} from JsonReader. Current JsonReader item is not ${what}: ${item}. Path '', line 1, position 1.`,
  );
}

/** Static members of JObject, JArray, JToken and JsonConvert. */
export function jsonStatic(type: string, lc: string, args: Value[] | null): Found {
  const a = args ?? [];
  if (type === 'Formatting' && args === null)
    return lc === 'none'
      ? new NetEnum('Formatting', 'None', 0)
      : lc === 'indented'
        ? new NetEnum('Formatting', 'Indented', 1)
        : MISSING;
  if (args === null) return MISSING;
  if (type === 'JsonConvert') {
    if (lc === 'serializeobject') {
      const indented = a[1] instanceof NetEnum && a[1].name === 'Indented';
      return writeJson(tokenFromValue(a[0] ?? null), indented);
    }
    if (lc === 'deserializeobject') {
      if (a[0] === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'value')");
      const t = parseJson(textOrEmpty(a[0] ?? null));
      return t instanceof JValue ? t.value : t;
    }
    return MISSING;
  }
  if (type !== 'JObject' && type !== 'JArray' && type !== 'JToken') return MISSING;
  if (lc === 'parse') return parseAs(textOrEmpty(a[0] ?? null), type);
  if (lc === 'fromobject') return tokenFromValue(a[0] ?? null);
  return MISSING;
}

/** New JObject() and New JArray(items…). */
export function constructJson(type: string, args: Value[]): JToken | undefined {
  if (type === 'JObject') return new JObject();
  if (type === 'JArray')
    return new JArray(
      args.flatMap((v) => (v instanceof NetList || v instanceof NetArray ? v.items : [v])).map(tokenFromValue),
    );
  return undefined;
}
