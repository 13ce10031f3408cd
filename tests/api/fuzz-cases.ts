/**
 * The hostile-client table of the fuzz tests: how to read the operations of the OpenAPI
 * document, a plausible value for every schema, and per parameter or field one bad value per
 * category. Bad values are raw text (URL-encoded for URLs, JSON text for bodies) so that what
 * no serializer would write — 1e309, a lone surrogate, `__proto__` keys — reaches the server.
 */

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/user/details/{id}. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: JsonSchema };
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(doc: unknown): Operation[] {
  const paths = (doc as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const multipart = content['multipart/form-data']?.schema;
      const json = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: multipart ? { type: 'multipart', schema: multipart } : json ? { type: 'json', schema: json } : undefined,
      });
    }
  }
  return out;
}

/** An id that matches no record. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-00000000f00d';

/**
 * A plausible value of a schema: the first choice of an enum, a date for a date, `known[name]`
 * for the text and ids the test has (a real company, a name that passes the rules), an address
 * for a field named like one, else an id of nothing. Plausible, so that each bad value is the
 * request's only fault.
 */
export function sample(name: string, schema: JsonSchema | undefined, known: Record<string, string>): unknown {
  if (!schema) return 'fuzz';
  if (schema.enum) return schema.enum.find((choice) => choice !== null);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [sample(name, schema.items, known)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(key, schema.properties?.[key], known);
      return out;
    }
    case 'string':
      if (known[name] !== undefined) return known[name];
      if (schema.format === 'uuid') return NO_SUCH_ID;
      if (schema.format === 'date') return '2030-01-01';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (/email/i.test(name)) return 'fuzz@rpa.test';
      return 'fuzzvalue'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    default:
      return 'fuzz';
  }
}

const LONG = 'x'.repeat(100_000);
const DEEP_JSON = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;

/** Raw (URL-encoded) bad values of a path or query parameter, one per category. */
export const BAD_URL_VALUES: Record<string, string> = {
  wrongType: 'not-a-number-date-or-id',
  nul: 'a%00b',
  long: LONG,
  infinity: 'Infinity',
  hugeExponent: '-1e309',
  notANumber: 'NaN',
  badPercent: '%ff',
  loneSurrogate: '%ED%A0%80',
  truncatedPercent: '%',
  prototypeKey: '__proto__',
};

/** Raw JSON bad values of a body field, one per category. */
export function badJsonValues(schema: JsonSchema | undefined): Record<string, string> {
  const type = schema?.type;
  return {
    wrongType: type === 'string' ? '12345' : '"not the right type"',
    operatorObject: '{"$ne":1}',
    nul: '"a\\u0000b"',
    nulInList: '["a\\u0000b"]',
    long: JSON.stringify(LONG),
    deep: DEEP_JSON,
    hugeExponent: '1e309',
    negativeHugeExponent: '-1e309',
    loneSurrogate: '"\\ud800"',
    prototypeKeys: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  };
}

/** Raw JSON bodies that are wrong as a whole; `base` is the plausible body as JSON text. */
export function badJsonBodies(base: string): Record<string, string> {
  const inner = base.slice(1, -1);
  const withKeys = (keys: string) => `{${keys}${inner ? `,${inner}` : ''}}`;
  return {
    array: '[]',
    text: '"a body"',
    null: 'null',
    number: '1e309',
    deep: DEEP_JSON,
    deepObject: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    protoKey: withKeys('"__proto__":{"polluted":true}'),
    constructorKey: withKeys('"constructor":{"prototype":{"polluted":true}}'),
    nulKey: withKeys('"a\\u0000b":1'),
    truncated: base.slice(0, -1),
  };
}

/** A placeholder JSON.stringify keeps intact, replaced afterwards by a raw JSON value. */
const HOLE = '\u0001fuzz-hole\u0001';
const HOLE_JSON = JSON.stringify(HOLE);

/** `body` as JSON text with `field` set to the raw JSON text `raw`. */
export function jsonWith(body: Record<string, unknown>, field: string, raw: string): string {
  return JSON.stringify({ ...body, [field]: HOLE }).replace(HOLE_JSON, () => raw);
}

export interface Part {
  name: string;
  value: string;
  filename?: string;
  contentType?: string;
}

export const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body written by hand, so that names and values can be anything. */
export function multipartBody(parts: readonly Part[], boundary = BOUNDARY): string {
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.value}\r\n`;
  });
  return `${chunks.join('')}--${boundary}--\r\n`;
}

export const WORKFLOW_FILE =
  '<Activity x:Class="Fuzz" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml"><Sequence /></Activity>';

/** Bad multipart bodies of a form whose plausible parts are `parts`: `[content type, body]`. */
export function badMultipartBodies(parts: readonly Part[]): Record<string, [string, string | Buffer]> {
  const good = multipartBody(parts);
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const file = (filename: string, value = WORKFLOW_FILE) => ({
    name: 'file',
    filename,
    value,
    contentType: 'application/xml',
  });
  return {
    noBoundary: ['multipart/form-data', good],
    wrongBoundary: ['multipart/form-data; boundary=notTheBoundary', good],
    truncated: [type, good.slice(0, Math.floor(good.length / 2))],
    noClosingBoundary: [type, good.slice(0, good.lastIndexOf(`--${BOUNDARY}--`))],
    randomBytes: [type, Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256))],
    empty: [type, ''],
    protoPart: [type, multipartBody([...parts, { name: '__proto__', value: 'x' }])],
    constructorPart: [type, multipartBody([...parts, { name: 'constructor', value: 'x' }])],
    jsonPart: [type, multipartBody([...parts, { name: 'name', value: DEEP_JSON, contentType: 'application/json' }])],
    nulFileName: [type, multipartBody([...parts.filter((p) => p.name !== 'file'), file('a\u0000b.xaml')])],
    longFileName: [
      type,
      multipartBody([...parts.filter((p) => p.name !== 'file'), file(`${'x'.repeat(20_000)}.xaml`)]),
    ],
    nulInFile: [
      type,
      multipartBody([
        ...parts.filter((p) => p.name !== 'file'),
        file('main.xaml', WORKFLOW_FILE.replace('<Sequence />', '<Sequence DisplayName="a\u0000b" />')),
      ]),
    ],
    twoFiles: [type, multipartBody([...parts, file('second.xaml')])],
  };
}
