import { connect, type Socket } from 'node:net';
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

  it("counts the node's open descriptors and handles, each metric once, more with more connections", async () => {
    const read = async () => {
      const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
      const one = (name: string) => {
        const found = text.match(new RegExp(`^${name} (\\d+)$`, 'gm')) ?? [];
        expect(found).toHaveLength(1);
        return Number(found[0]?.split(' ')[1]);
      };
      const byType = [...text.matchAll(/^nodejs_active_handles\{type="([^"]+)"\} (\d+)$/gm)];
      return {
        fds: one('process_open_fds'),
        handles: one('nodejs_active_handles_total'),
        byType: byType.reduce((sum, m) => sum + Number(m[2]), 0),
        sockets: byType.find((m) => m[1] === 'Socket')?.[2],
      };
    };
    const before = await read();
    expect(before.handles).toBe(before.byType);
    expect(before.fds).toBeGreaterThan(0);
    const { port } = new URL(server.baseUrl);
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<Socket>((done, fail) => {
            const socket = connect(Number(port), '127.0.0.1', () => done(socket));
            socket.once('error', fail);
          }),
      ),
    );
    try {
      const after = await read();
      expect(after.handles).toBe(after.byType);
      // Both ends of each connection live in this process.
      expect(after.fds - before.fds).toBeGreaterThanOrEqual(20);
      expect(after.handles - before.handles).toBeGreaterThanOrEqual(20);
      expect(Number(after.sockets)).toBeGreaterThanOrEqual(20);
    } finally {
      for (const socket of sockets) socket.destroy();
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
