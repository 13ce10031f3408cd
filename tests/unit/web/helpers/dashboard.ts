import { http, HttpResponse } from 'msw';
import { server } from './msw';

const EMPTY_COUNTS = { successful: 0, failed: 0, terminated: 0 };

/** The period as the server reads it: today, one local day of UTC. */
function periodOf(request: Request) {
  const url = new URL(request.url);
  const day = '2026-11-26';
  return {
    from: `${day}T00:00:00.000Z`,
    to: `${day}T23:59:59.999Z`,
    timezone: url.searchParams.get('timezone') ?? 'UTC',
    days: [day],
    bucket: 'hour',
  };
}

/** The dashboard's reports of a world without runs in the period: every figure zero, every chart empty. */
export function dashboardApi(): void {
  const answer = (request: Request, rows: unknown) =>
    HttpResponse.json({ message: 'Success', data: { period: periodOf(request), rows } });
  server.use(
    http.get('*/api/dashboard-report/summary', ({ request }) =>
      answer(request, {
        ...EMPTY_COUNTS,
        runs: 0,
        successRate: null,
        agentsConnected: 0,
        queueLength: 0,
        nextFireAt: null,
      }),
    ),
    http.get('*/api/dashboard-report/bot-performance', ({ request }) => answer(request, [])),
    http.get('*/api/dashboard-report/line-graph', ({ request }) => answer(request, [])),
    http.get('*/api/dashboard-report/sunburst-chart', ({ request }) => answer(request, [])),
  );
}
