import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { setNavigator } from '../../../../src/app/navigation';
import { ControlRoom } from '../../../../src/shell/ControlRoom';
import { Toaster } from '../../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../../src/custom/toast/toastStore';
import type { SchemaResource } from '../../../../src/resources/schema';
import { server } from './msw';
import './screens';

/** The footer/help settings the shell reads on start. */
export const publicConfigHandler = () =>
  http.get('*/api/public/config', () =>
    HttpResponse.json({ message: 'ok', payload: { supportEmail: 'support@openrpa.test' } }),
  );

/**
 * The real shell (layout, sidebar, toasts) at `path`, with the app's resources or the given ones,
 * beside the app's toaster (the app's root layout renders it). Tests that use it mock
 * src/custom/realtime/socket (no socket server here).
 */
export async function renderShell(path: string, resources?: readonly SchemaResource[]) {
  server.use(publicConfigHandler());
  const router = createMemoryRouter([{ path: '/controlroom/*', element: <ControlRoom resources={resources} /> }], {
    initialEntries: [path],
  });
  setNavigator((to) => void router.navigate(to));
  clearToasts();
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  await screen.findByRole('navigation', { name: 'Sidebar' }, { timeout: 10_000 });
  return router;
}

export interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Records a request as the tests read it: path, single-valued query, JSON body. */
export async function seen(request: Request): Promise<Seen> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams.entries()),
    body: text ? JSON.parse(text) : undefined,
  };
}

export const ok = <T,>(payload: T, message = 'OK') => HttpResponse.json({ message, payload });
export const list = <T,>(rows: T[], count = rows.length, countCapped = false) => ok({ count, countCapped, rows });
