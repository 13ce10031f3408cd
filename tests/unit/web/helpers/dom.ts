import { afterEach } from 'vitest';
import { cleanup, screen } from '@testing-library/react';

/**
 * Vitest runs without globals, so Testing Library cannot register its own cleanup. After it, one
 * turn of the timer queue: react-admin defers a list's parameter change to a zero-delay timer, and
 * one left by a file's last test would otherwise fire after the file's DOM is gone.
 */
export function withDomCleanup(): void {
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The table row that shows `text`, once the list has loaded. */
export const rowOf = async (text: string, timeout = 5000): Promise<HTMLElement> =>
  (await screen.findByText(text, {}, { timeout })).closest('tr') as HTMLElement;
