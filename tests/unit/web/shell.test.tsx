import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from '../../../src/app/router';
import { setNavigator } from '../../../src/app/navigation';
import { ROLE } from '../../../src/domain';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';

const socket = vi.hoisted(() => ({ connect: vi.fn(), disconnect: vi.fn() }));
vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: (auth: unknown) => {
    socket.connect(auth);
    return { disconnect: socket.disconnect };
  },
}));

withFakeApi();
withDomCleanup();

const user = makeUser({ fullName: 'Ada Lovelace', email: 'ada@example.com', companyName: 'Acme Corp' });

beforeEach(() => {
  localStorage.clear();
  socket.connect.mockClear();
  socket.disconnect.mockClear();
  server.use(
    http.get('*/api/public/config', () =>
      HttpResponse.json({
        message: 'ok',
        payload: { supportEmail: 'support@openrpa.test', userManualUrl: 'https://docs.openrpa.test' },
      }),
    ),
  );
});

async function renderShell(path = '/controlroom') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
  await screen.findByRole('navigation', { name: 'Sidebar' }, { timeout: 10000 });
  return router;
}

describe('control room shell', { timeout: 30_000 }, () => {
  it('shows the dashboard summary, the sidebar a Customer Admin may use, and the header', async () => {
    storeSession(user);
    await renderShell();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Sidebar' }));
    const links = nav.getAllByRole('link').map((l) => l.textContent);
    // Dashboard first; people management but not the platform's (companies) nor the audit log.
    expect(links[0]).toBe('Dashboard');
    expect(links).toEqual(expect.arrayContaining(['Agents', 'Current Status', 'View Bots', 'Users', 'Groups']));
    expect(links).not.toContain('Companies');
    expect(links).not.toContain('Audit Log');
    expect(nav.getByRole('button', { name: 'Manage Users' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'User Profile' })).toBeInTheDocument();
    // The avatar's name starts with the initials it shows (what a voice-control user says).
    expect(screen.getByRole('button', { name: 'AL – Account' })).toHaveTextContent('AL');
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    expect(socket.connect).toHaveBeenCalledWith({ token: localStorage.getItem('token'), userId: 'u-1' });
  });

  it('the avatar tooltip shows name, e-mail and company, without company for Super Admin', async () => {
    storeSession(user);
    await renderShell();
    await userEvent.setup().click(screen.getByRole('button', { name: 'AL – Account' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('Ada Lovelace');
    expect(tip).toHaveTextContent('ada@example.com');
    expect(tip).toHaveTextContent('Acme Corp');
    cleanup();
    localStorage.clear();

    storeSession(makeUser({ role: ROLE.superAdmin, companyName: 'Platform Inc' }));
    await renderShell();
    await userEvent.setup().click(screen.getByRole('button', { name: /– Account$/ }));
    expect(await screen.findByRole('tooltip')).not.toHaveTextContent('Platform Inc');
  });

  it('the menu shows the version, and Logout clears the session and lands on /', async () => {
    storeSession(user);
    const router = await renderShell();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('Version 6.0.0')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(menu).getByRole('button', { name: 'Français' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();

    await u.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('logoutAt')).not.toBeNull();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('switching to Français translates the shell and is kept for the browser', async () => {
    storeSession(user);
    await renderShell();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Menu' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Français' }),
    );
    expect(await screen.findByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('fr');
  });

  it('a logout in another tab (shared storage cleared + storage event) leaves the shell for /', async () => {
    storeSession(user);
    const router = await renderShell();
    act(() => {
      localStorage.clear();
      localStorage.setItem('logoutAt', String(Date.now()));
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'logoutAt', newValue: localStorage.getItem('logoutAt') }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('User Details shows the own record and saves the full name', async () => {
    storeSession(user);
    let putBody: unknown;
    server.use(
      http.get('*/api/user/details/u-1', () =>
        HttpResponse.json({
          message: 'ok',
          payload: {
            id: 'u-1',
            fullName: 'Ada Lovelace',
            email: 'ada@example.com',
            role: 'Customer Admin',
            companyName: 'Acme Corp',
          },
        }),
      ),
      http.put('*/api/user/update/u-1', async ({ request }) => {
        putBody = await request.json();
        return HttpResponse.json({
          message: 'User updated successfully!',
          payload: { id: 'u-1', fullName: 'Ada King', email: 'ada@example.com', role: 'Customer Admin' },
        });
      }),
    );
    await renderShell('/controlroom/profile/userdetails');
    const name = await screen.findByLabelText('Full Name', {}, { timeout: 5000 });
    const u = userEvent.setup();
    await u.clear(name);
    await u.type(name, 'Ada 9');
    await u.tab();
    expect(await screen.findByText('Name can only include letters!', {}, { timeout: 4000 })).toBeInTheDocument();
    await u.clear(name);
    await u.type(name, 'Ada King');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(putBody).toEqual({ fullName: 'Ada King' });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('session') ?? '{}')).toMatchObject({ fullName: 'Ada King' }),
    );
  });

  it('Reset Password inside the shell asks the old password, then logs out and goes to /login', async () => {
    storeSession(user);
    let body: unknown;
    server.use(
      http.post('*/api/account/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password has been reset successfully!', payload: null });
      }),
    );
    const router = await renderShell('/controlroom/account/reset-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Old Password'), 'Old#pass1');
    await u.type(screen.getByLabelText('New Password'), 'New#pass12');
    await u.type(screen.getByLabelText('Confirm New Password'), 'New#pass12');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password has been reset successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
    expect(body).toEqual({ oldPassword: 'Old#pass1', newPassword: 'New#pass12', confirmNewPassword: 'New#pass12' });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
