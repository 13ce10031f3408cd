import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers';

describe('operability: /metrics and /ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(process.env.TEST_REDIS_URL ? { env: { REDIS_URL: process.env.TEST_REDIS_URL } } : {});
  });
  afterAll(() => server?.close());

  it('serves Prometheus metrics: requests by route and status, processes, queue, connections', async () => {
    await call(server, 'GET', '/api/public/config');
    await call(server, 'GET', '/api/user/details/00000000-0000-4000-8000-000000000000');
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/rpa_http_requests_total\{method="GET",route="\/api\/public\/config",status="200"\} 1/);
    expect(text).toMatch(/rpa_http_requests_total\{method="GET",route="\/api\/user\/details\/:id",status="401"\} 1/);
    expect(text).toMatch(
      /rpa_http_request_duration_seconds_bucket\{le="0.001",method="GET",route="\/api\/public\/config",status="200"\}/,
    );
    for (const name of [
      'rpa_queue_length 0',
      'rpa_agents_connected 0',
      'rpa_browsers_connected 0',
      'rpa_dispatch_latency_seconds_count 0',
      'rpa_log_lines_total 0',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('is ready while the database (and Redis, when configured) answer; 503 once the database is gone', async () => {
    const ready = await call<{ status: string; redis: boolean | null }>(server, 'GET', '/api/ready');
    expect([ready.status, ready.body.status, ready.body.redis]).toEqual([
      200,
      'ready',
      process.env.TEST_REDIS_URL ? true : null,
    ]);
    await server.app.database.close();
    const down = await call<{ code: string }>(server, 'GET', '/api/ready');
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('SERVICE_UNAVAILABLE');
  });
});
