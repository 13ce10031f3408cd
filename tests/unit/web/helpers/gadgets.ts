import { http } from 'msw';
import { server } from './msw';
import { list, seen, type Seen } from './shell';

/** Rows of the test resource of schemaResource.test.tsx (gadgets, served under /api/gadget). */
export const rows = Array.from({ length: 10 }, (_, i) => ({
  id: `g${i + 1}`,
  name: `Gadget ${String(i + 1).padStart(2, '0')}`,
  colour: ['red', 'green', 'blue'][i % 3],
  weight: 10 * i,
  active: i % 2 === 0,
  companyId: 'c-1',
  createdBy: 'u-1',
  createdAt: `2025-01-0${(i % 9) + 1}T10:00:00.000Z`,
}));

/** GET /gadget/all answers `answer(query)` and records every request. */
export function gadgetList(answer: (q: Record<string, string>) => Response = () => list(rows, 24)): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.get('*/api/gadget/all', async ({ request }) => {
      const s = await seen(request);
      requests.push(s);
      return answer(s.query);
    }),
  );
  return requests;
}
