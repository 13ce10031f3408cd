import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS } from '../../../src/domain';
import { startInactivityTracker } from '../../../src/authProvider/inactivity';
import { authProvider } from '../../../src/authProvider/authProvider';
import { expireSession } from '../../../src/custom/layout/expireSession';
import { en } from '../../../i18n/en';
import { makeTranslate } from '../../../i18n/translate';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { storeSession } from './helpers/session';
import { withDomCleanup } from './helpers/dom';

withDomCleanup();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
  localStorage.clear();
  clearToasts();
});
afterEach(() => vi.useRealTimers());

describe('inactivity tracker', () => {
  it('does not expire before the timeout, and expires once just after it', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTracker({ onExpire });

    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - INACTIVITY_CHECK_MS);
    expect(onExpire).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2 * INACTIVITY_CHECK_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10 * INACTIVITY_CHECK_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('click, mouse move, key press and scroll keep the session alive', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTracker({ onExpire, timeoutMs: 60_000 });
    for (const type of ['click', 'mousemove', 'keydown', 'scroll']) {
      vi.advanceTimersByTime(50_000);
      window.dispatchEvent(new Event(type));
    }
    vi.advanceTimersByTime(50_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(Number(localStorage.getItem('lastActivity'))).toBe(Date.now() - 50_000);
    vi.advanceTimersByTime(15_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity recorded by another tab counts too', () => {
    const onExpire = vi.fn();
    const stop = startInactivityTracker({ onExpire, timeoutMs: 60_000 });
    vi.advanceTimersByTime(55_000);
    localStorage.setItem('lastActivity', String(Date.now()));
    vi.advanceTimersByTime(55_000);
    expect(onExpire).not.toHaveBeenCalled();
    stop();
  });

  it('on expiry: unsaved flags reset, "Session Expired" shown, logged out towards /', async () => {
    storeSession();
    render(<Toaster />);
    const resetUnsaved = vi.fn();
    // Stands for react-admin's useLogout(), which calls our authProvider.logout.
    const logout = vi.fn(async () => {
      await authProvider.logout({});
    });
    const stop = startInactivityTracker({
      onExpire: () => expireSession({ resetUnsaved, translate: makeTranslate(en), logout }),
    });

    await act(async () => {
      vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - INACTIVITY_CHECK_MS);
    });
    expect(logout).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(2 * INACTIVITY_CHECK_MS);
    });
    expect(resetUnsaved).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Session Expired');
    expect(logout).toHaveBeenCalledWith({}, '/', false);
    expect(localStorage.getItem('token')).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
  });
});
