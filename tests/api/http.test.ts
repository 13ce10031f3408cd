import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, messages } from '../../src/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, startServer, type TestServer } from './helpers';

describe('HTTP behaviour shared by every route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: {
        SOCIAL_LINKS: 'LinkedIn=https://linkedin.example/rpa,GitHub=https://github.example/rpa',
        COMPANY_NAME: 'Acme Robots',
      },
    });
  });
  afterAll(() => server?.close());

  it("compiles every route's request and answer schemas once it listens, without a failure", async () => {
    // The start leaves them to first use; the listening server compiles the others on its own.
    expect(await server.app.routeSchemas.compileAll(server.app)).toEqual([]);
    expect(server.app.routeSchemas.pending()).toBe(0);
  });

  it('answers malformed JSON with 400 BAD_JSON, not 500', async () => {
    const res = await call(server, 'POST', '/api/user/login', { raw: '{"email": "a@b.c", ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: messages.malformedBody, code: 'BAD_JSON' });
  });

  it('answers an empty JSON body with 400, not 500', async () => {
    const res = await call(server, 'POST', '/api/user/login', { raw: '' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_JSON');
  });

  it('answers a missing field with the domain message and a wrongly typed one with a readable schema message', async () => {
    const res = await call(server, 'POST', '/api/user/login', { body: { email: ADMIN_EMAIL } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: messages.passwordRequired,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: messages.passwordRequired }],
    });
    const typed = await call(server, 'POST', '/api/user/login', { body: { email: ADMIN_EMAIL, password: { $ne: 1 } } });
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({
      message: 'password must be string',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: 'password must be string' }],
    });
  });

  it('answers an unknown /api route with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(server, method, '/api/no/such/route');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ message: messages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('answers a too large body with 413', async () => {
    const res = await call(server, 'POST', '/api/bookDemo', { body: { message: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: messages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unsupported content type with a 4xx envelope', async () => {
    const res = await call(server, 'POST', '/api/user/login', {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('serves the public configuration of the footer and help popup', async () => {
    const res = await call(server, 'GET', '/api/public/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'OK',
      payload: {
        version: APP_VERSION,
        companyName: 'Acme Robots',
        chatHandle: '@rpa-control-room',
        contactEmail: 'contact@rpa.local',
        supportEmail: 'support@rpa.local',
        userManualUrl: '',
        socialLinks: [
          { name: 'LinkedIn', url: 'https://linkedin.example/rpa' },
          { name: 'GitHub', url: 'https://github.example/rpa' },
        ],
        inactivityTimeoutMs: 900000,
        agentGraceSeconds: 30,
      },
    });
  });

  it('reports health with the database reachable', async () => {
    const res = await call(server, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: true });
  });

  it('sends the security headers with a CSP the SPA and sockets work under', async () => {
    const res = await call(server, 'GET', '/api/public/config');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("font-src 'self' data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the OpenAPI document and the Swagger UI at /api/docs', async () => {
    const ui = await fetch(`${server.baseUrl}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
    const spec = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      server,
      'GET',
      '/api/docs/json',
    );
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/user/login',
      '/api/account/forgot-password',
      '/api/account/reset-password',
      '/api/bookDemo',
    ]) {
      expect(spec.body.paths[route]?.post, route).toBeDefined();
    }
    expect(spec.body.paths['/api/user/details/{id}']?.get).toBeDefined();
    expect(spec.body.paths['/api/user/update/{id}']?.put).toBeDefined();
    expect(spec.body.paths['/api/role/all']?.get).toBeDefined();
    expect(spec.body.paths['/api/public/config']?.get).toBeDefined();
  });

  it('answers a page asking for a build when dist/ is missing', async () => {
    const res = await fetch(`${server.baseUrl}/controlroom/agents`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build');
  });

  it('answers the login of the seeded admin (sanity check of the shared server)', async () => {
    const res = await call(server, 'POST', '/api/user/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
  });
});

describe('serving the built web app', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'rpa-dist-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>spa</title><div id="root">SPA INDEX</div>',
    );
    await writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log("app");');
    server = await startServer({ webRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes (history fallback)', async () => {
    for (const url of ['/', '/controlroom', '/controlroom/bots/details/42', '/account/reset-password?token=abc']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toContain('text/html');
      expect(await res.text(), url).toContain('SPA INDEX');
    }
  });

  it('serves files with long caching for fingerprinted assets', async () => {
    const res = await fetch(`${server.baseUrl}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('console.log');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('does not answer HTML for missing files or API routes', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/missing.js`);
    expect(asset.status).toBe(404);
    const api = await call(server, 'GET', '/api/missing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: messages.notFound, code: 'NOT_FOUND' });
    const post = await call(server, 'POST', '/controlroom');
    expect(post.status).toBe(404);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      rateLimits: {
        login: { max: 3, timeWindow: 60_000 },
        forgotPassword: { max: 2, timeWindow: 60_000 },
        bookDemo: { max: 1, timeWindow: 60_000 },
      },
    });
  });
  afterAll(() => server?.close());

  const limited = { message: messages.tooManyRequests, code: 'RATE_LIMITED' };

  it('limits logins per address with 429', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await call(server, 'POST', '/api/user/login', { body: { email: 'x@rpa.test', password: 'Wrong@123' } }))
          .status,
      ).toBe(401);
    }
    const res = await call(server, 'POST', '/api/user/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(limited);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits forgot-password and bookDemo separately', async () => {
    expect((await call(server, 'POST', '/api/account/forgot-password', { body: { email: 'x@rpa.test' } })).status).toBe(
      200,
    );
    expect((await call(server, 'POST', '/api/account/forgot-password', { body: { email: 'x@rpa.test' } })).status).toBe(
      200,
    );
    const third = await call(server, 'POST', '/api/account/forgot-password', { body: { email: 'x@rpa.test' } });
    expect(third.status).toBe(429);
    expect(third.body).toEqual(limited);
    expect((await call(server, 'POST', '/api/bookDemo', { body: {} })).status).toBe(400);
    expect((await call(server, 'POST', '/api/bookDemo', { body: {} })).status).toBe(429);
  });

  it('does not limit other calls', async () => {
    for (let i = 0; i < 5; i += 1) expect((await call(server, 'GET', '/api/public/config')).status).toBe(200);
  });
});

describe('database down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('answers 503 with the service-unavailable message', async () => {
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    await server.app.database.close();
    const unavailable = { message: messages.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' };
    const health = await call(server, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual(unavailable);
    const loginRes = await call(server, 'POST', '/api/user/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(loginRes.status).toBe(503);
    expect(loginRes.body).toEqual(unavailable);
  });
});
