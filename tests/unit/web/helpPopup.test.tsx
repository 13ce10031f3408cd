import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ControlRoom } from '../../../src/shell/ControlRoom';
import { resetPublicConfigCache } from '../../../src/custom/config/publicConfig';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { withDomCleanup } from './helpers/dom';
import { ACTORS, storeSession } from './helpers/session';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  resetPublicConfigCache();
});

/** The shell with the server's settings for the help popup, and the popup open. */
async function openHelp(userManualUrl: string) {
  storeSession(ACTORS.customerAdmin);
  server.use(
    http.get('*/api/public/config', () =>
      HttpResponse.json({ message: 'ok', payload: { supportEmail: 'support@openrpa.test', userManualUrl } }),
    ),
  );
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/controlroom/*', element: <ControlRoom /> }], {
        initialEntries: ['/controlroom'],
      })}
    />,
  );
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Help' }, { timeout: 10_000 }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Help' }));
  // The settings have arrived: the support address is the server's.
  await dialog.findByText('support@openrpa.test');
  return dialog;
}

describe('the help popup', { timeout: 30_000 }, () => {
  it('links the user manual when USER_MANUAL_URL is set', async () => {
    const dialog = await openHelp('https://docs.openrpa.test');
    expect(dialog.getByRole('link', { name: 'User manual' })).toHaveAttribute('href', 'https://docs.openrpa.test');
  });

  it('has no user manual line at all when USER_MANUAL_URL is empty', async () => {
    const dialog = await openHelp('');
    expect(dialog.queryByText('User manual')).toBeNull();
    expect(dialog.getByRole('link', { name: 'support@openrpa.test' })).toHaveAttribute(
      'href',
      'mailto:support@openrpa.test',
    );
  });
});
