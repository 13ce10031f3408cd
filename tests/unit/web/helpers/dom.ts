import { afterEach } from 'vitest';
import { cleanup, screen } from '@testing-library/react';

/** Vitest runs without globals, so Testing Library cannot register its own cleanup. */
export function withDomCleanup(): void {
  afterEach(() => cleanup());
}

/** The table row that shows `text`, once the list has loaded. */
export const rowOf = async (text: string, timeout = 5000): Promise<HTMLElement> =>
  (await screen.findByText(text, {}, { timeout })).closest('tr') as HTMLElement;
