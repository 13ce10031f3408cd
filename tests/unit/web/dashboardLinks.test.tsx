import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../../../src/app/router';
import { setNavigator } from '../../../src/app/navigation';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { withDomCleanup } from './helpers/dom';
import { dashboardApi } from './helpers/dashboard';
import { makeUser, storeSession } from './helpers/session';

vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: () => ({ disconnect: () => undefined }),
}));

withFakeApi();
withDomCleanup();

/*
 * A chart's bar or point opens the processes list of what it counted: its outcome and bot, and
 * the runs created in the report's period — a line graph's point in its own local day. The
 * period is the report's answer (instants the server computed), read in the report's zone.
 */
const PERIOD = {
  from: '2026-11-19T18:30:00.000Z',
  to: '2026-11-26T18:30:00.000Z',
  timezone: 'Asia/Kolkata',
  days: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'],
  bucket: 'day',
};
const counts = (successful: number, failed: number, terminated: number) => ({ successful, failed, terminated });

const listed: URL[] = [];
const empty = () => HttpResponse.json({ message: 'ok', payload: { count: 0, rows: [] } });

function reportsApi() {
  dashboardApi();
  server.use(
    http.get('*/api/public/config', () => HttpResponse.json({ message: 'ok', payload: {} })),
    http.get('*/api/process/all', ({ request }) => {
      listed.push(new URL(request.url));
      return empty();
    }),
    http.get('*/api/bot/all', empty),
    http.get('*/api/user/all', empty),
    http.get('*/api/bot/details/:id', () =>
      HttpResponse.json({ message: 'ok', payload: { id: 'b-1', name: 'Invoice' } }),
    ),
  );
  const answer = (rows: unknown) => HttpResponse.json({ message: 'ok', data: { period: PERIOD, rows } });
  server.use(
    http.get('*/api/dashboard-report/bot-performance', () =>
      answer([{ botId: 'b-1', botName: 'Invoice', ...counts(3, 1, 0) }]),
    ),
    http.get('*/api/dashboard-report/line-graph', () =>
      answer(PERIOD.days.map((bucket, i) => ({ bucket, ...counts(i === 2 ? 5 : 0, 0, 0) }))),
    ),
  );
}

/** The react-admin filter of a link to the processes list. */
const filterOf = (href: string | null) => {
  const url = new URL(href ?? '', 'http://x');
  expect(url.pathname).toBe('/controlroom/process');
  return JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, string>;
};

describe('dashboard: a chart segment opens the list of its runs and period', { timeout: 30_000 }, () => {
  it('a bar carries its bot, outcome and the report’s period; a point its local day', async () => {
    storeSession(makeUser({ fullName: 'Ada Lovelace' }));
    reportsApi();
    const router = createMemoryRouter(routes, { initialEntries: ['/controlroom'] });
    setNavigator((to) => void router.navigate(to));
    render(<RouterProvider router={router} />);

    const bots = await screen.findByRole('region', { name: 'Bot performance' }, { timeout: 10_000 });
    const bar = await within(bots).findByRole('link', { name: '3' });
    expect(filterOf(bar.getAttribute('href'))).toEqual({
      outcome: 'successful',
      botId: 'b-1',
      createdFrom: PERIOD.from,
      createdTo: PERIOD.to,
    });

    // 22 November in Asia/Kolkata: 18:30 UTC on the 21st up to 18:30 UTC on the 22nd.
    const line = screen.getByRole('region', { name: 'Processes over time' });
    const point = await within(line).findByRole('link', { name: '5' });
    expect(filterOf(point.getAttribute('href'))).toEqual({
      outcome: 'successful',
      createdFrom: '2026-11-21T18:30:00.000Z',
      createdTo: '2026-11-22T18:30:00.000Z',
    });

    await userEvent.setup().click(bar);
    expect(router.state.location.pathname).toBe('/controlroom/process');
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filter') ?? '{}')).toMatchObject({
      createdFrom: PERIOD.from,
      createdTo: PERIOD.to,
    });
    // The list asks the API for the runs of that period.
    await vi.waitFor(() => expect(listed.length).toBeGreaterThan(0), { timeout: 10_000 });
    const asked = listed[listed.length - 1].searchParams;
    expect([asked.get('createdFrom'), asked.get('createdTo'), asked.get('outcome')]).toEqual([
      PERIOD.from,
      PERIOD.to,
      'successful',
    ]);
  });
});
