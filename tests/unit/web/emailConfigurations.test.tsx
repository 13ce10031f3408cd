import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http } from 'msw';
import { routes } from '../../../src/app/router';
import { setNavigator } from '../../../src/app/navigation';
import type { LiveNotification } from '../../../src/domain';
import { resetPublicConfigCache } from '../../../src/custom/config/publicConfig';
import { withDomCleanup } from './helpers/dom';
import { EMAIL_CONFIGURATIONS } from './helpers/mail';
import { server, withFakeApi } from './helpers/msw';
import { ACTORS, storeSession } from './helpers/session';
import { list } from './helpers/shell';
import { worldApi } from './helpers/world';

/** The shell's live notifications: the page's handler, to push one as the watcher would. */
const live = vi.hoisted(() => ({ onMessage: undefined as ((n: LiveNotification) => void) | undefined }));
vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: (_auth: unknown, handlers: { onMessage: (n: LiveNotification) => void }) => {
    live.onMessage = handlers.onMessage;
    return { disconnect: () => undefined };
  },
}));

withFakeApi();
withDomCleanup();
const slow = { timeout: 8000 };

beforeEach(() => {
  localStorage.clear();
  resetPublicConfigCache();
  worldApi();
  storeSession(ACTORS.superAdmin);
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
}

describe('E-mail Configurations screens', () => {
  it('the list shows each mailbox’s health and refetches it on the watcher’s notification', async () => {
    renderAt('/controlroom/profile/emailconfigurations');
    const health = await screen.findByTestId('mail-health', {}, slow);
    expect(health).toHaveTextContent('Retrying');
    expect(health).toHaveTextContent('Authentication failed.');
    // The watcher recovers: the next read says so, and the notification makes the list read again.
    const recovered = [{ ...EMAIL_CONFIGURATIONS[0], watchState: 'watching', watchError: null }];
    server.use(http.get('*/api/emailSchedule/all', () => list(recovered)));
    act(() => live.onMessage?.({ type: 'emailConfigurationChanged', operation: 'update', data: { id: 'ec-1' } }));
    await screen.findByText('Watching', {}, slow);
    expect(screen.getByTestId('mail-health')).not.toHaveTextContent('Authentication failed.');
  });

  it('the form: a preset shows its app-password instructions, a custom host its servers', async () => {
    renderAt('/controlroom/profile/emailconfigurations/create');
    const u = userEvent.setup();
    const host = await screen.findByRole('combobox', { name: /^Host/ }, slow);
    await u.click(host);
    await u.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Yahoo' }));
    expect(await screen.findByTestId('host-instructions')).toHaveTextContent('Generate app password');
    expect(screen.queryByLabelText(/^IMAP host name/)).toBeNull();
    await u.click(screen.getByRole('combobox', { name: /^Host/ }));
    await u.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Custom IMAP/SMTP' }));
    expect(await screen.findByLabelText(/^IMAP host name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^SMTP port/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^App password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Check connection' })).toBeInTheDocument();
  });
});
