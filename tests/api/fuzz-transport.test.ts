import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a real socket with the path exactly as given: no client normalises or encodes it. */
function rawGet(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Refusals made before a route runs still answer the envelope, with the security headers. */
describe('requests refused before routing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const expectEnvelope = (res: RawAnswer, status: number, code: string) => {
    expect(res.status, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    return body;
  };

  it('answers a path that is not valid percent-encoding without echoing it', async () => {
    for (const path of ['/api/user/details/%ff', '/api/%', '/%', '/api/user/all?x=1&%']) {
      const res = await rawGet(server, path);
      if (path.includes('?')) {
        // A broken query is not a broken path: the route answers (here 401 without a token).
        expect(res.status).toBe(401);
        continue;
      }
      expectEnvelope(res, 400, 'BAD_URL');
      expect(res.body).not.toContain('%');
      expect(res.body).not.toContain('details');
    }
  });

  it('answers a path parameter past its length limit with 414', async () => {
    const res = await rawGet(server, `/api/user/details/${'a'.repeat(5000)}`);
    expectEnvelope(res, 414, 'URI_TOO_LONG');
    expect(res.body).not.toContain('aaaa');
  });

  it('answers oversized headers or an oversized query with 431 and a code', async () => {
    expectEnvelope(await rawGet(server, '/api/health', { 'x-filler': 'x'.repeat(40_000) }), 431, 'HEADERS_TOO_LARGE');
    expectEnvelope(await rawGet(server, `/api/user/all?q=${'x'.repeat(40_000)}`), 431, 'HEADERS_TOO_LARGE');
    // The server keeps serving afterwards.
    expect((await rawGet(server, '/api/health')).status).toBe(200);
  });
});
