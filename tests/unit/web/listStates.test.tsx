import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { BOTS } from './helpers/automation';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { list, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const DOWN = { message: 'The database is not reachable right now.', code: 'DB_DOWN' };
const slow = { timeout: 5000 };

/** The list area's error: the alert that says the list could not be loaded (not a toast). */
async function listError(): Promise<HTMLElement> {
  const alert = (await screen.findByText('The list could not be loaded.', {}, slow)).closest<HTMLElement>(
    '[role="alert"]',
  );
  if (!alert) throw new Error('the error is not an alert');
  return alert;
}

describe('a list whose request fails (bots)', { timeout: 30_000 }, () => {
  it("shows the server's message and Retry, never the empty state or a total; Retry loads the rows", async () => {
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    let failing = true;
    let asked = 0;
    server.use(
      http.get('*/api/bot/all', () => {
        asked += 1;
        return failing ? HttpResponse.json(DOWN, { status: 503 }) : list(BOTS);
      }),
    );
    await renderShell('/controlroom/bots/view');

    const alert = await listError();
    expect(alert).toHaveTextContent(DOWN.message);
    // Neither "No bots yet" (the empty state), nor "No Bots found", nor a page range like "1-10 of -1".
    expect(screen.queryByText(/yet|found/i)).toBeNull();
    expect(screen.queryByText(/ of /)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    // The list says it once: no toast repeats the message.
    expect(screen.getAllByText(DOWN.message)).toHaveLength(1);

    failing = false;
    const before = asked;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Invoice Bot')).toBeInTheDocument();
    expect(asked).toBe(before + 1);
    expect(screen.queryByText('The list could not be loaded.')).toBeNull();
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
  });
});

describe('a list while its first page loads (bots)', { timeout: 30_000 }, () => {
  it('shows a labelled progress bar in the list area, then the rows', async () => {
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/bot/all', async () => {
        await answered;
        return list(BOTS);
      }),
    );
    await renderShell('/controlroom/bots/view');

    expect(await screen.findByRole('progressbar', { name: 'Loading the list…' }, slow)).toBeInTheDocument();
    // The toolbar is usable meanwhile, and no state is claimed before the answer.
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/yet|found/i)).toBeNull();

    answer?.();
    expect(await rowOf('Payroll Bot')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the list…' })).toBeNull();
  });
});
