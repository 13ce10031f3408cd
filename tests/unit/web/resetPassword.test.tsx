import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { PublicResetPasswordPage } from '../../../src/custom/auth/PublicResetPasswordPage';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';

withFakeApi();
withDomCleanup();

beforeEach(() => {
  localStorage.clear();
  clearToasts();
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/account/reset-password', element: <PublicResetPasswordPage /> },
      { path: '/login', element: <h1>Login screen</h1> },
      { path: '/account/forgot-password', element: <h1>Forgot password screen</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('reset-password form', () => {
  it('enables Submit only when new and confirm are both filled and equal', async () => {
    const user = userEvent.setup();
    renderAt('/account/reset-password?token=abc');
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText('New Password'), 'Secret#12');
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret#1');
    expect(submit()).toBeDisabled();
    expect(screen.getByText("Passwords aren't matching!")).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm New Password'), '2');
    expect(submit()).toBeEnabled();
    expect(screen.queryByText("Passwords aren't matching!")).toBeNull();
  });

  it('shows the password rule messages', async () => {
    const user = userEvent.setup();
    renderAt('/account/reset-password?token=abc');
    await user.type(screen.getByLabelText('New Password'), 'has space');
    expect(await screen.findByText("Spaces aren't allowed")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'lowercase1');
    expect(
      await screen.findByText('At least one uppercase, one lowercase, one digit, one special characters'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Ab#1');
    expect(await screen.findByText('At least minimum 8 characters')).toBeInTheDocument();
  });

  it('without a token, signed out, says at once that the link is invalid and leads to Forgot password', async () => {
    const router = renderAt('/account/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/forgot-password');
  });

  it('asks the old password only when logged in and not on first login', () => {
    storeSession(makeUser(), undefined, true);
    renderAt('/account/reset-password');
    expect(screen.queryByLabelText('Old Password')).toBeNull();
    cleanup();

    storeSession(makeUser(), undefined, false);
    renderAt('/account/reset-password');
    expect(screen.getByLabelText('Old Password')).toBeInTheDocument();
    cleanup();

    renderAt('/account/reset-password?token=link-token');
    expect(screen.queryByLabelText('Old Password')).toBeNull();
  });

  it('sends the reset token, shows the check icon, then goes to /login', async () => {
    let auth: string | null = null;
    let body: unknown;
    server.use(
      http.post('*/api/account/reset-password', async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
        return HttpResponse.json({ message: 'Password has been reset successfully!', payload: null });
      }),
    );
    const user = userEvent.setup();
    const router = renderAt('/account/reset-password?token=link-token');
    await user.type(screen.getByLabelText('New Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret#12');
    await user.click(submit());

    expect(await screen.findByText('Password has been reset successfully!')).toBeInTheDocument();
    expect(screen.getByTestId('CheckCircleIcon')).toBeInTheDocument();
    expect(auth).toBe('Token link-token');
    expect(body).toEqual({ newPassword: 'Secret#12', confirmNewPassword: 'Secret#12' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(localStorage.getItem('resetToken')).toBeNull();
  });

  it('shows the server message of a 400 as a toast', async () => {
    server.use(
      http.post('*/api/account/reset-password', () =>
        HttpResponse.json(
          { message: 'This reset link is invalid or has expired. Please ask for a new one.', code: 'bad_request' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/account/reset-password?token=old');
    await user.type(screen.getByLabelText('New Password'), 'Secret#12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Secret#12');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
  });
});
