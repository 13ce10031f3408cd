import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, useNotify, type NotificationType } from 'react-admin';
import { createI18nProvider } from '../../../i18n';
import { ShellToasts } from '../../../src/custom/toast/ShellToasts';
import { Toaster } from '../../../src/custom/toast/Toaster';
import {
  TOAST_ACTION_MIN_MS,
  TOAST_MIN_MS,
  clearToasts,
  currentToast,
  showToast,
} from '../../../src/custom/toast/toastStore';
import { TOAST_MS } from '../../../src/domain/constants';
import { setLanguage } from '../../../i18n/language';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  clearToasts();
});

/** The toast on screen: the app's one toaster, whatever asked for it. */
const toast = () => screen.queryAllByRole('alert').find((el) => el.classList.contains('rpa-toast'));

describe('one toast style for the whole app', { timeout: 30_000 }, () => {
  it("the shell's notifications (useNotify) are the public pages' toast, with a Close button", async () => {
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    server.use(
      http.post('*/api/user/resetpassword', () =>
        HttpResponse.json({ message: 'The link has been sent to your registered email!', payload: null }),
      ),
    );
    await renderShell('/controlroom/user/view');
    const u = userEvent.setup();
    await u.click(within(await rowOf('uma@acme.com')).getByRole('button', { name: 'Reset Link' }));

    await waitFor(() => expect(toast()).toHaveTextContent('The link has been sent to your registered email!'));
    expect(toast()).toHaveClass('rpa-toast--success');
    // react-admin's own snackbar is not used: one toast element, the toaster's.
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
    await u.click(within(toast() as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(toast()).toBeUndefined();
  });

  it('one at a time, in order: a toast followed by another leaves early, the last stays its whole duration', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        showToast('Saved', { type: 'success' });
        showToast('Could not send the mail', { type: 'error' });
      });
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(toast()).toHaveTextContent('Saved');
      act(() => vi.advanceTimersByTime(TOAST_MIN_MS));
      expect(toast()).toHaveTextContent('Could not send the mail');
      expect(toast()).toHaveClass('rpa-toast--error');
      act(() => vi.advanceTimersByTime(TOAST_MS - 1));
      expect(toast()).toBeDefined();
      act(() => vi.advanceTimersByTime(1));
      expect(toast()).toBeUndefined();
      expect(currentToast()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('its Close button speaks the chosen language', () => {
    setLanguage('fr');
    render(<Toaster />);
    act(() => showToast('Enregistré'));
    expect(within(toast() as HTMLElement).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('a toast with a button stays long enough to reach it (8 s); the button acts and closes it', async () => {
    vi.useFakeTimers();
    const opened: string[] = [];
    try {
      render(<Toaster />);
      act(() =>
        showToast('Run added', { type: 'success', action: { label: 'Open', onClick: () => opened.push('run') } }),
      );
      act(() => vi.advanceTimersByTime(7_999));
      expect(toast()).toHaveTextContent('Run added');
    } finally {
      vi.useRealTimers();
    }
    await userEvent.setup().click(within(toast() as HTMLElement).getByRole('button', { name: 'Open' }));
    expect(opened).toEqual(['run']);
    expect(toast()).toBeUndefined();
  });
});

/** Asks react-admin's useNotify for each notification once, as a screen does after a save. */
const Notifier = ({ asks }: { asks: readonly [string, NotificationType][] }) => {
  const notify = useNotify();
  useEffect(() => {
    for (const [message, type] of asks) notify(message, { type, messageArgs: { smart_count: 1 } });
  }, [asks, notify]);
  return null;
};

describe('a success has one look, whoever says it', { timeout: 30_000 }, () => {
  it("react-admin's saved, created and deleted notices are the green success toast of the product's own", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <AdminContext i18nProvider={createI18nProvider()}>
          <Notifier
            asks={[
              ['resources.agents.notifications.updated', 'info'],
              ['resources.agents.notifications.updated', 'success'],
              ['ra.notification.deleted', 'info'],
            ]}
          />
          <ShellToasts />
          <Toaster />
        </AdminContext>,
      );
      // The same notice asked in react-admin's 'info' and in our 'success' shows once, green.
      await waitFor(() => expect(toast()).toHaveTextContent('Agent updated successfully!'));
      expect(toast()).toHaveClass('rpa-toast--success');
      act(() => vi.advanceTimersByTime(TOAST_MIN_MS));
      await waitFor(() => expect(toast()).toHaveTextContent('Element deleted'));
      expect(toast()).toHaveClass('rpa-toast--success');
      act(() => vi.advanceTimersByTime(TOAST_MS));
      await waitFor(() => expect(toast()).toBeUndefined());
    } finally {
      vi.useRealTimers();
    }
  });

  it("the run's Open button, added to the live pop-up that said the same, stays 3 s from when it came", () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      const added = 'Process with Id 1a2b3c4d... Added successfully';
      // The live pop-up first, the run's status queued behind it, the dialog's answer 0.9 s later.
      act(() => {
        showToast(added, { type: 'success' });
        showToast('Process with Id 1a2b3c4d... Running', { type: 'info' });
      });
      act(() => vi.advanceTimersByTime(900));
      act(() => showToast(added, { type: 'success', action: { label: 'Open', onClick: () => undefined } }));
      act(() => vi.advanceTimersByTime(TOAST_ACTION_MIN_MS - 1));
      expect(within(toast() as HTMLElement).getByRole('button', { name: 'Open' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(toast()).toHaveTextContent('Running');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a text already on screen in the same look is not shown again; another look or text is', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        showToast('Process with Id 1a2b3c4d... Added successfully', { type: 'success' });
        showToast('Process with Id 1a2b3c4d... Added successfully', { type: 'success' });
        showToast('Agent is busy!', { type: 'error' });
      });
      expect(toast()).toHaveTextContent('Process with Id 1a2b3c4d... Added successfully');
      act(() => vi.advanceTimersByTime(TOAST_MIN_MS));
      expect(toast()).toHaveTextContent('Agent is busy!');
      act(() => vi.advanceTimersByTime(TOAST_MS));
      expect(toast()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
