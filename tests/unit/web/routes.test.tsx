import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../../../src/app/router';
import { setNavigator } from '../../../src/app/navigation';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { withDomCleanup } from './helpers/dom';
import { makeJwt, makeUser, storeSession } from './helpers/session';

withFakeApi();
withDomCleanup();

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('*/api/public/config', () =>
      HttpResponse.json({
        message: 'ok',
        payload: {
          version: '6.0.0',
          companyName: 'Open RPA Ltd',
          chatHandle: '@openrpa',
          contactEmail: 'hello@openrpa.test',
          supportEmail: 'support@openrpa.test',
          userManualUrl: 'https://docs.openrpa.test',
          socialLinks: [{ name: 'GitHub', url: 'https://github.com/openrpa' }],
          inactivityTimeoutMs: 900000,
        },
      }),
    ),
  );
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
  return router;
}

describe('top-level routes', () => {
  it('/ is the home page: Login and Request Demo buttons, use-case tabs, footer from the public config', async () => {
    renderAt('/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Demo' })).toBeInTheDocument();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(await screen.findByText(`© ${new Date().getFullYear()} Open RPA Ltd`)).toBeInTheDocument();
    expect(screen.getByText('@openrpa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@openrpa.test' })).toHaveAttribute(
      'href',
      'mailto:hello@openrpa.test',
    );
    expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/openrpa');
  });

  it('the use-case tabs switch panels', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Human resources' }));
    expect(screen.getByRole('tab', { name: 'Human resources' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Onboarding without paperwork');
  });

  it('the home page follows the stored language', () => {
    localStorage.setItem('language', 'fr');
    renderAt('/');
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('button', { name: 'Connexion' })).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Demander une démo' })).toBeInTheDocument();
  });

  it('the hero asks for a demo (it opens the form) and leads to login', async () => {
    const router = renderAt('/');
    const user = userEvent.setup();
    const hero = within(screen.getByRole('heading', { level: 1 }).closest('section') ?? document.body);
    await user.click(hero.getByRole('button', { name: 'Request a demo' }));
    expect(await screen.findByRole('dialog', { name: 'Request a Demo' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(hero.getByRole('link', { name: 'Sign in to your control room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('Login on the home page opens /login (lazily, behind the spinner)', async () => {
    const router = renderAt('/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/account/forgot-password');
  });

  it('/404 and /notfound show the not-found page; any other path redirects to /notfound', async () => {
    renderAt('/404');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    cleanup();
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('the shell without a stored token sends the visitor to /', async () => {
    const router = renderAt('/controlroom');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10000 });
  });

  it('the shell with an expired token logs out and sends the visitor to /', async () => {
    storeSession(makeUser(), makeJwt(Date.now() - 1000));
    const router = renderAt('/controlroom/profile/userdetails');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10000 });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
