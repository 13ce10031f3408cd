import { http, HttpResponse } from 'msw';
import { server } from './msw';
import { ok } from './shell';

/** What a strict write route of the fake API received. */
export interface StrictWrites {
  bodies: Record<string, unknown>[];
  /** Fields it refused, over every request: any field outside the ones the test allows. */
  refused: string[];
}

/**
 * A create or update route of the fake API that, like the real one, refuses with 400 a JSON body
 * naming a field outside `allowed` (each such field in `errors`), and answers `reply` otherwise.
 */
export function strictWrite(
  method: 'post' | 'put',
  path: string,
  allowed: readonly string[],
  reply: object,
  message = 'OK',
): StrictWrites {
  const out: StrictWrites = { bodies: [], refused: [] };
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      out.bodies.push(body);
      const extra = Object.keys(body).filter((name) => !allowed.includes(name));
      if (extra.length === 0) return ok(reply, message);
      out.refused.push(...extra);
      const errors = extra.map((field) => ({ field, message: `Unknown field: ${field}` }));
      return HttpResponse.json({ message: errors[0].message, code: 'VALIDATION_FAILED', errors }, { status: 400 });
    }),
  );
  return out;
}
