import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { agentsApi, botsApi } from './helpers/automation';
import { HISTORY, HISTORY_RUNS, PROCESSES, historyApi, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));
const layout = vi.hoisted(() => ({ phone: false }));
vi.mock('../../../src/custom/layout/usePhone', () => ({ usePhone: () => layout.phone }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  layout.phone = false;
  peopleApi();
  botsApi();
  agentsApi();
});

const RUN = PROCESSES[0].id;
const linesAsked = (requests: { path: string; query: Record<string, string> }[]) =>
  requests.filter((r) => r.path.endsWith('/process/transaction-logs'));

/** Thirty lines of the run, "line 1" to "line 30". */
const MANY = Array.from({ length: 30 }, (_, i) => ({
  ...HISTORY[0]!,
  id: `${RUN}:${i + 1}`,
  seq: i + 1,
  at: new Date(Date.UTC(2025, 5, 1, 10, 0, i)).toISOString(),
  text: `line ${i + 1}`,
}));

describe('History Logs (/controlroom/process/logs)', { timeout: 30_000 }, () => {
  it('lists one row per finished run with its bot, agent, user, status and line count; a row expands to its lines', async () => {
    storeSession(ACTORS.customerAdmin);
    const requests = historyApi();
    await renderShell('/controlroom/process/logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'History Logs' })).toBeInTheDocument();
    const row = await rowOf('Uma User', 10_000);
    expect(within(row).getByRole('link', { name: '11111111' })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${RUN}`,
    );
    for (const text of ['Invoice Bot', 'Finance PC', 'Executed', '2'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    for (const name of ['Process', 'Bot', 'Agent', 'User', 'Status', 'Started', 'Ended', 'Lines'])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    // One row per run, not per line: the lines are not shown before the run is expanded.
    expect(screen.queryByText('12 invoices read')).not.toBeInTheDocument();
    for (const name of ['Bot', 'Agent', 'Process', 'From', 'To'])
      expect(screen.getAllByLabelText(name).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Show lines (2)' }));
    const lines = await screen.findByRole('list', { name: 'Log lines' }, { timeout: 10_000 });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('12 invoices read'), expect.stringContaining('reading invoices')]);
    expect(linesAsked(requests).at(-1)?.query).toMatchObject({ processId: RUN });
    expect(within(row).getByRole('button', { name: 'Hide lines (2)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a search asks for the runs with matching lines; an expanded run shows those lines with the match marked', async () => {
    storeSession(ACTORS.customerAdmin);
    const requests = historyApi();
    await renderShell('/controlroom/process/logs');
    await rowOf('Uma User', 10_000);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '12 inv');
    await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ q: '12 inv' }), { timeout: 10_000 });
    await user.click(within(await rowOf('Uma User')).getByRole('button', { name: 'Show lines (2)' }));
    const lines = await screen.findByRole('list', { name: 'Log lines' }, { timeout: 10_000 });
    await waitFor(() => expect(within(lines).getAllByRole('listitem')).toHaveLength(1));
    expect(within(lines).getByText('12 inv', { selector: 'mark' })).toBeInTheDocument();
    expect(within(lines).queryByText(/reading invoices/)).not.toBeInTheDocument();
    expect(linesAsked(requests).at(-1)?.query).toMatchObject({ processId: RUN, q: '12 inv' });
  });

  it("says how many of a run's lines a search keeps", async () => {
    storeSession(ACTORS.customerAdmin);
    historyApi([{ ...HISTORY_RUNS[0], matchCount: 1 }]);
    await renderShell('/controlroom/process/logs?filter=%7B%22q%22%3A%2212%22%7D');
    const row = await rowOf('Uma User', 10_000);
    expect(within(row).getByRole('button', { name: 'Show lines (1 of 2)' })).toHaveTextContent('1 of 2');
  });

  it("pages an expanded run's many lines", async () => {
    storeSession(ACTORS.customerAdmin);
    historyApi([{ ...HISTORY_RUNS[0], lineCount: 30, matchCount: 30 }], MANY);
    await renderShell('/controlroom/process/logs');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Uma User', 10_000)).getByRole('button', { name: 'Show lines (30)' }));
    const lines = await screen.findByRole('list', { name: 'Log lines' }, { timeout: 10_000 });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(25);
    expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent('line 30');
    // The run's own pagination, under its lines (the list of runs has its own below the table).
    const panel = lines.parentElement as HTMLElement;
    expect(within(panel).getByText('1-25 of 30')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Go to next page' }));
    await waitFor(
      () => expect(within(screen.getByRole('list', { name: 'Log lines' })).getAllByRole('listitem')).toHaveLength(5),
      { timeout: 10_000 },
    );
    expect(screen.getByText('26-30 of 30')).toBeInTheDocument();
    expect(screen.getByText('line 1')).toBeInTheDocument();
  });

  it('on a phone, shows one card per run and its lines behind a button, without a table', async () => {
    layout.phone = true;
    storeSession(ACTORS.customerAdmin);
    historyApi();
    await renderShell('/controlroom/process/logs');
    const bot = await screen.findByText('Invoice Bot', {}, { timeout: 10_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = bot.closest('li') as HTMLElement;
    expect(within(card).getByText('Executed')).toBeInTheDocument();
    expect(within(card).getByText(/Finance PC · Uma User/)).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show lines (2)' }));
    const lines = await screen.findByRole('list', { name: 'Log lines' }, { timeout: 10_000 });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByRole('button', { name: 'Hide lines (2)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("clicking a run's row anywhere opens its details; its Lines button only expands it", async () => {
    storeSession(ACTORS.customerAdmin);
    historyApi();
    processesApi();
    await renderShell('/controlroom/process/logs');
    const row = await rowOf('Uma User', 10_000);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Show lines (2)' }));
    expect(await screen.findByRole('list', { name: 'Log lines' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'History Logs' })).toBeInTheDocument();
    await user.click(within(row).getByText('Finance PC'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Process Details' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^11111111/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
