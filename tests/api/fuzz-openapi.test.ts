import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_URL_VALUES,
  badJsonBodies,
  badJsonValues,
  badMultipartBodies,
  BOUNDARY,
  jsonWith,
  multipartBody,
  operationsOf,
  sample,
  WORKFLOW_FILE,
  type Operation,
  type Part,
} from './fuzz-cases';
import { buildFuzzWorld, pathIdFor, type FuzzWorld } from './fuzz-world';
import { ADMIN_EMAIL, ADMIN_PASSWORD, login, startServer, type TestServer } from './helpers';

/*
 * The permanent guard against 500s: every operation of the OpenAPI document (a new route is
 * covered the day it is declared), as the Super Admin and without a token, with one bad value
 * per parameter or field per category. Every answer must be below 500, carry the security
 * headers and no stack trace, and every 4xx must be the envelope {message, code}.
 */

const STACK_TRACE = /\n\s+at\s+\S.*:\d+:\d+|"stack"\s*:/;

interface Probe {
  label: string;
  request: InjectOptions;
}

/** What is wrong with an answer, or undefined when it is an acceptable one. */
function problemOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (STACK_TRACE.test(res.body)) return 'leaked a stack trace';
  if (res.headers['x-content-type-options'] !== 'nosniff')
    return `answered ${res.statusCode} without the security headers`;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 160)}`;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || message === '' || typeof code !== 'string' || code === '') {
    return `answered ${res.statusCode} without {message, code}: ${res.body.slice(0, 160)}`;
  }
  return undefined;
}

/** The URL of an operation with raw (already encoded) path values and query text. */
function urlOf(op: Operation, pathValues: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}

/** The probes of one operation: its plausible request with one thing made bad at a time. */
function probesOf(op: Operation, world: FuzzWorld): Probe[] {
  const probes: Probe[] = [];
  const known = world.values;
  const pathValues = Object.fromEntries(
    op.pathParams.map((p) => [
      p.name,
      encodeURIComponent(pathIdFor(world, op, p.name) ?? String(sample(p.name, p.schema, {}))),
    ]),
  );
  const queryValues = Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, String(sample(p.name, p.schema, known))]),
  );
  const queryText = (values: Record<string, string>, raw: string[] = []) =>
    [...Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), ...raw].join('&');
  const goodQuery = queryText(queryValues);

  let payload: string | undefined;
  let contentType: string | undefined;
  let jsonBody: Record<string, unknown> = {};
  let parts: Part[] = [];
  if (op.body?.type === 'json') {
    jsonBody = sample('body', { ...op.body.schema, type: 'object' }, known) as Record<string, unknown>;
    payload = JSON.stringify(jsonBody);
    contentType = 'application/json';
  } else if (op.body?.type === 'multipart') {
    parts = Object.entries(op.body.schema.properties ?? {}).map(([name, schema]) =>
      name === 'file'
        ? { name, filename: 'main.xaml', value: WORKFLOW_FILE, contentType: 'application/xml' }
        : { name, value: String(sample(name, schema, known)) },
    );
    payload = multipartBody(parts);
    contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  }
  const send = (
    label: string,
    url: string,
    body: string | Buffer | undefined = payload,
    type = contentType,
  ): Probe => ({
    label,
    request: {
      method: op.method as InjectOptions['method'],
      url,
      payload: body,
      headers: type ? { 'content-type': type } : {},
    },
  });

  probes.push(send('plausible request', urlOf(op, pathValues, goodQuery)));
  for (const param of op.pathParams) {
    for (const [category, raw] of Object.entries(BAD_URL_VALUES)) {
      probes.push(send(`path ${param.name}: ${category}`, urlOf(op, { ...pathValues, [param.name]: raw }, goodQuery)));
    }
  }
  for (const param of op.query) {
    for (const [category, raw] of Object.entries(BAD_URL_VALUES)) {
      const rest = Object.fromEntries(Object.entries(queryValues).filter(([k]) => k !== param.name));
      probes.push(
        send(
          `query ${param.name}: ${category}`,
          urlOf(op, pathValues, queryText(rest, [`${encodeURIComponent(param.name)}=${raw}`])),
        ),
      );
    }
    probes.push(
      send(
        `query ${param.name}: repeated`,
        urlOf(
          op,
          pathValues,
          queryText(queryValues, [`${encodeURIComponent(param.name)}=a`, `${encodeURIComponent(param.name)}=b`]),
        ),
      ),
    );
  }
  if (op.query.length > 0)
    probes.push(
      send(
        'query: prototype keys',
        urlOf(op, pathValues, queryText(queryValues, ['__proto__=x', 'constructor=x', '__proto__[polluted]=1'])),
      ),
    );

  const url = urlOf(op, pathValues, goodQuery);
  if (op.body?.type === 'json') {
    for (const [field, schema] of Object.entries(op.body.schema.properties ?? {})) {
      for (const [category, raw] of Object.entries(badJsonValues(schema)))
        probes.push(send(`body ${field}: ${category}`, url, jsonWith(jsonBody, field, raw)));
    }
    for (const [category, raw] of Object.entries(badJsonBodies(JSON.stringify(jsonBody))))
      probes.push(send(`body: ${category}`, url, raw));
  } else if (op.body?.type === 'multipart') {
    for (const part of parts.filter((p) => p.filename === undefined)) {
      const others = parts.filter((p) => p !== part);
      probes.push(send(`form ${part.name}: nul`, url, multipartBody([...others, { ...part, value: 'a\u0000b' }])));
      probes.push(
        send(`form ${part.name}: long`, url, multipartBody([...others, { ...part, value: 'x'.repeat(100_000) }])),
      );
      probes.push(send(`form ${part.name}: repeated`, url, multipartBody([...parts, part])));
    }
    for (const [category, [type, body]] of Object.entries(badMultipartBodies(parts)))
      probes.push(send(`form: ${category}`, url, body, type));
  }
  return probes;
}

describe('every operation of the OpenAPI document, with bad input of every kind', () => {
  let server: TestServer;
  let operations: Operation[];
  let token: string;
  let world: FuzzWorld;

  beforeAll(async () => {
    server = await startServer();
    operations = operationsOf(server.app.swagger());
    token = (await login(server, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    world = await buildFuzzWorld(server, token);
  });
  afterAll(() => server?.close());

  it('reads the operations of the document, the multipart ones included', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names.length).toBeGreaterThan(50);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/user/login',
        'GET /api/user/all',
        'GET /api/user/details/{id}',
        'POST /api/bookDemo',
      ]),
    );
    expect(operations.find((op) => op.path === '/api/bot/create')?.body?.type).toBe('multipart');
    expect(operations.find((op) => op.path === '/api/user/all')?.query.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'q']),
    );
  });

  for (const who of ['the Super Admin', 'an anonymous client'] as const) {
    it(`answers ${who} below 500, with {message, code} on every 4xx`, { timeout: 300_000 }, async () => {
      const auth: Record<string, string> = who === 'the Super Admin' ? { authorization: `Token ${token}` } : {};
      const problems: string[] = [];
      let sent = 0;
      for (const op of operations) {
        for (const probe of probesOf(op, world)) {
          const res = await server.app.inject({ ...probe.request, headers: { ...probe.request.headers, ...auth } });
          sent += 1;
          const problem = problemOf(res);
          if (problem) problems.push(`${op.method} ${op.path} [${probe.label}] ${problem}`);
        }
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(operations.length * 10);
    });
  }
});
