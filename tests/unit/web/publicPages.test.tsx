import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { LoginPage } from '../../../src/custom/auth/LoginPage';
import { ForgotPasswordPage } from '../../../src/custom/auth/ForgotPasswordPage';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { makeJwt, makeUser } from './helpers/session';

withFakeApi();
withDomCleanup();

beforeEach(() => {
  localStorage.clear();
  clearToasts();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/account/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/controlroom/*', element: <h1>Shell</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const loginReply = (isFirstLogin: boolean) =>
  http.post('*/api/user/login', () =>
    HttpResponse.json({
      message: 'ok',
      payload: { token: makeJwt(Date.now() + 3_600_000), isFirstLogin, user: makeUser() },
    }),
  );

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#12');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('signs in and opens /controlroom', async () => {
    server.use(loginReply(false));
    const router = renderAt('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom'));
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('sends a first login to the reset-password page of the shell', async () => {
    server.use(loginReply(true));
    const router = renderAt('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/account/reset-password'));
    expect(localStorage.getItem('isFirstLogin')).toBe('true');
  });

  it('shows the server message when sign-in fails', async () => {
    server.use(
      http.post('*/api/user/login', () =>
        HttpResponse.json({ message: 'Invalid email or password!', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const router = renderAt('/login');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password!');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('validates the e-mail before calling the server', async () => {
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter valid email address!')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password!')).toBeInTheDocument();
  });
});

describe('forgot-password page', () => {
  it('shows a waiting text, then the link-sent text with Send again and Back to login', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/account/forgot-password', async () => {
        calls += 1;
        await delay(50);
        return HttpResponse.json({ message: 'The link has been sent to your registered email!' });
      }),
    );
    renderAt('/account/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please wait while we send the link…')).toBeInTheDocument();
    expect(await screen.findByText('The link has been sent to your registered email!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The link has been sent to your registered email!')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the server message of a 400 as a toast', async () => {
    server.use(
      http.post('*/api/account/forgot-password', () =>
        HttpResponse.json({ message: 'Please input valid email!', code: 'bad_request' }, { status: 400 }),
      ),
    );
    renderAt('/account/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please input valid email!');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
