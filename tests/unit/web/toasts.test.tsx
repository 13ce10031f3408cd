import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { TOAST_MIN_MS, clearToasts, currentToast, showToast } from '../../../src/custom/toast/toastStore';
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
