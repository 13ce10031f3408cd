import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, bots, demoRequests } from '../../server/db/schema';
import { MAX_JSON_DEPTH } from '../../server/http/inputGuard';
import { badMultipartBodies, BOUNDARY, multipartBody, operationsOf, WORKFLOW_FILE, type Part } from './fuzz-cases';
import { buildFuzzWorld, PLAUSIBLE_TEXT, type FuzzWorld } from './fuzz-world';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, startServer, type ApiResponse, type TestServer } from './helpers';

type Answer = ApiResponse<{ message?: string; code?: string; errors?: { field: string }[] }>;

/** The hostile inputs that once answered 500, each with its own answer and nothing changed. */
describe('bad input answers 4xx with {message, code} and changes nothing', () => {
  let server: TestServer;
  let token: string;
  let world: FuzzWorld;
  const as = (method: string, url: string, options: Parameters<typeof call>[3] = {}) =>
    call(server, method, url, { token, ...options }) as Promise<Answer>;
  const raw = (method: string, url: string, body: string, contentType = 'application/json', auth = true) =>
    call(server, method, url, {
      raw: body,
      headers: { 'content-type': contentType },
      ...(auth ? { token } : {}),
    }) as Promise<Answer>;
  const count = async (table: typeof bots | typeof demoRequests) =>
    (await server.app.database.db.select().from(table)).length;
  const expectRefused = (res: Answer, status: number, code: string, field?: string) => {
    expect([res.status, res.body.code], res.text).toEqual([status, code]);
    expect(typeof res.body.message === 'string' && res.body.message.length > 0).toBe(true);
    if (field) expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  };

  beforeAll(async () => {
    server = await startServer();
    token = (await login(server, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    world = await buildFuzzWorld(server, token);
  });
  afterAll(() => server?.close());

  describe('a NUL character in any text', () => {
    it('is refused in list searches and filters', async () => {
      expectRefused(await as('GET', '/api/user/all?q=%00'), 400, 'NUL_CHARACTER', 'q');
      expectRefused(await as('GET', '/api/audit/all?resource=a%00b'), 400, 'NUL_CHARACTER', 'resource');
      expectRefused(await as('GET', '/api/bot/all?q=x%00'), 400, 'NUL_CHARACTER', 'q');
    });

    it('is refused in the public forms, the demo request storing and mailing nothing', async () => {
      expectRefused(
        (await call(server, 'POST', '/api/user/login', {
          body: { email: 'a\u0000@rpa.test', password: 'x' },
        })) as Answer,
        400,
        'NUL_CHARACTER',
        'email',
      );
      const demos = await count(demoRequests);
      const demo = {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha@example.com',
        phoneNumber: '9876543210',
        countryCode: 'IN',
        companyName: 'Rao Logistics',
        message: 'Hello\u0000there',
      };
      expectRefused(
        (await call(server, 'POST', '/api/bookDemo', { body: demo })) as Answer,
        400,
        'NUL_CHARACTER',
        'message',
      );
      expect(await count(demoRequests)).toBe(demos);
    });

    it("is refused in an agent's new name, which stays as it was", async () => {
      const id = world.pathIds['/api/agent/'];
      const before = await server.app.database.db.select({ name: agents.name }).from(agents).where(eq(agents.id, id));
      expectRefused(
        await as('PUT', `/api/agent/update/${id}`, { body: { name: 'Robot\u0000One' } }),
        400,
        'NUL_CHARACTER',
        'name',
      );
      expect(await server.app.database.db.select({ name: agents.name }).from(agents).where(eq(agents.id, id))).toEqual(
        before,
      );
    });

    it("is refused in an uploaded file's name and in its fields, by both bot calls; no bot is stored", async () => {
      const bots0 = await count(bots);
      const fields: Part[] = [
        { name: 'companyId', value: world.values.companyId },
        { name: 'name', value: 'Nul Bot' },
        { name: 'description', value: PLAUSIBLE_TEXT.description },
      ];
      const file = (filename: string): Part => ({
        name: 'file',
        filename,
        value: WORKFLOW_FILE,
        contentType: 'application/xml',
      });
      const form = (parts: Part[]) => ({
        raw: multipartBody(parts),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      expectRefused(
        await as('POST', '/api/bot/create', form([...fields, file('ma\u0000in.xaml')])),
        400,
        'NUL_CHARACTER',
        'file.filename',
      );
      expectRefused(
        await as('POST', '/api/bot/getParameters', form([file('ma\u0000in.xaml')])),
        400,
        'NUL_CHARACTER',
        'file.filename',
      );
      // A field whose own rules refuse the character answers with that rule's message instead.
      const described = await as(
        'POST',
        '/api/bot/create',
        form([...fields.slice(0, 2), { name: 'description', value: 'A long description\u0000' }, file('main.xaml')]),
      );
      expectRefused(described, 400, 'VALIDATION_FAILED', 'description');
      // A NUL inside the workflow makes it an unreadable file, like every other broken XML.
      const broken = {
        name: 'file',
        filename: 'main.xaml',
        value: WORKFLOW_FILE.replace('<Sequence />', '<Sequence DisplayName="a\u0000b" />'),
        contentType: 'application/xml',
      };
      expectRefused(await as('POST', '/api/bot/create', form([...fields, broken])), 400, 'VALIDATION_FAILED', 'file');
      expect(await count(bots)).toBe(bots0);
      // The same form with a clean file name is accepted: the NUL was the only fault.
      expect((await as('POST', '/api/bot/create', form([...fields, file('main.xaml')]))).status).toBe(200);
    });

    it('is refused in a path and, like half a surrogate pair, in JSON', async () => {
      expectRefused(await as('GET', '/controlroom/bots/%00'), 400, 'NUL_CHARACTER', 'path');
      const agent = `/api/agent/update/${world.pathIds['/api/agent/']}`;
      expectRefused(await raw('PUT', agent, '{"name":"Robot \\u0000 One"}'), 400, 'NUL_CHARACTER', 'name');
      expectRefused(await raw('PUT', agent, '{"name":"Robot \\ud800 One"}'), 400, 'INVALID_UNICODE', 'name');
    });
  });

  describe('JSON nested deeper than the limit', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

    it('is refused before parsing on the public calls and the authenticated ones', async () => {
      const deep = nested(5000);
      for (const [url, auth] of [
        ['/api/user/login', false],
        ['/api/account/forgot-password', false],
        ['/api/bookDemo', false],
        ['/api/company/create', true],
        ['/api/groups/create', true],
      ] as const) {
        expectRefused(
          await raw('POST', url, `{"email":${deep},"name":${deep}}`, 'application/json', auth),
          400,
          'BODY_TOO_DEEP',
        );
      }
      expectRefused(
        await raw('POST', '/api/user/login', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'application/json', false),
        400,
        'BODY_TOO_DEEP',
      );
    });

    it('is parsed up to the limit, and brackets inside strings do not count', async () => {
      const atLimit = await raw(
        'POST',
        '/api/user/login',
        `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`,
        'application/json',
        false,
      );
      expectRefused(atLimit, 400, 'VALIDATION_FAILED', 'email');
      const bracketsInText = await raw(
        'POST',
        '/api/user/login',
        JSON.stringify({ email: '['.repeat(500), password: ']"\\['.repeat(500) }),
        'application/json',
        false,
      );
      expect(bracketsInText.status).toBe(400);
      expect(bracketsInText.body.code).not.toBe('BODY_TOO_DEEP');
    });
  });

  describe('page and limit', () => {
    it('must be finite integers in range on every list', async () => {
      const lists = operationsOf(server.app.swagger()).filter(
        (op) => op.method === 'GET' && op.query.some((p) => p.name === 'page'),
      );
      expect(lists.length).toBeGreaterThanOrEqual(11);
      for (const op of lists) {
        const url = op.path.replace(/\{[^}]+\}/g, world.values.companyId);
        for (const param of ['page', 'limit']) {
          for (const value of ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '0', '1.5', '1e6', 'abc']) {
            const res = await as('GET', `${url}?${param}=${value}`);
            expect([res.status, typeof res.body.message, typeof res.body.code], `${url} ${param}=${value}`).toEqual([
              400,
              'string',
              'string',
            ]);
          }
        }
        // A list that needs another parameter (a process's log lines) is checked with it elsewhere.
        if (op.query.some((p) => p.required && p.name !== 'page' && p.name !== 'limit')) continue;
        const fine = await as('GET', `${url}?page=2&limit=100`);
        expect(fine.status, `${url} page=2&limit=100`).toBe(200);
      }
    });
  });

  describe('malformed multipart', () => {
    it('answers 400 on both bot calls and stores nothing', async () => {
      const bots0 = await count(bots);
      const parts: Part[] = [
        { name: 'companyId', value: world.values.companyId },
        { name: 'name', value: 'Multipart Bot' },
        { name: 'description', value: PLAUSIBLE_TEXT.description },
        { name: 'file', filename: 'main.xaml', value: WORKFLOW_FILE, contentType: 'application/xml' },
      ];
      const bad = badMultipartBodies(parts);
      for (const url of ['/api/bot/create', '/api/bot/getParameters']) {
        for (const kind of ['noBoundary', 'wrongBoundary', 'truncated', 'noClosingBoundary', 'randomBytes'] as const) {
          const [type, body] = bad[kind];
          const res = await server.app.inject({
            method: 'POST',
            url,
            headers: { authorization: `Token ${token}`, 'content-type': type },
            payload: body,
          });
          expect([res.statusCode, (JSON.parse(res.body) as { code?: string }).code], `${url} ${kind}`).toEqual([
            400,
            'MALFORMED_MULTIPART',
          ]);
        }
      }
      expect(await count(bots)).toBe(bots0);
    });
  });
});
