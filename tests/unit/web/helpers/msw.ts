import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The fake API of the web tests; each file adds its handlers with server.use(). */
export const server = setupServer();

export function withFakeApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** A JSON request the fake API received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  body: unknown;
  auth: string | null;
}

/** Answers `method` `/api<path>` with `reply` (and `status`), recording each request. */
export function recordJson(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  reply: object,
  status = 200,
): RecordedRequest[] {
  const seen: RecordedRequest[] = [];
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const query: Record<string, string[]> = {};
      url.searchParams.forEach((_v, k) => (query[k] = url.searchParams.getAll(k)));
      const text = await request.text();
      seen.push({
        method: request.method,
        path: url.pathname,
        query,
        body: text ? JSON.parse(text) : undefined,
        auth: request.headers.get('authorization'),
      });
      return HttpResponse.json(reply, { status });
    }),
  );
  return seen;
}
