import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { agentsApi, botsApi } from './helpers/automation';
import { PROCESSES, historyApi, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  peopleApi();
  botsApi();
  agentsApi();
});

describe('History Logs (/controlroom/process/logs)', { timeout: 30_000 }, () => {
  it('lists the lines of finished runs with their run, bot, agent and status; the search reaches the API', async () => {
    storeSession(ACTORS.customerAdmin);
    const requests = historyApi();
    await renderShell('/controlroom/process/logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'History Logs' })).toBeInTheDocument();
    const row = await rowOf('12 invoices read', 10_000);
    expect(within(row).getByRole('link', { name: '11111111' })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${PROCESSES[0].id}`,
    );
    expect(within(row).getByText('Invoice Bot')).toBeInTheDocument();
    expect(within(row).getByText('Finance PC')).toBeInTheDocument();
    expect(within(row).getByText('Executed')).toBeInTheDocument();
    for (const name of ['Bot', 'Agent', 'Process', 'From', 'To'])
      expect(screen.getAllByLabelText(name).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();

    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'invoices');
    await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ q: 'invoices' }), { timeout: 10_000 });
  });

  it("clicking a line's row anywhere opens its run's details", async () => {
    storeSession(ACTORS.customerAdmin);
    historyApi();
    processesApi();
    await renderShell('/controlroom/process/logs');
    const row = await rowOf('12 invoices read', 10_000);
    await userEvent.setup().click(within(row).getByText('12 invoices read'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Process Details' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^11111111/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
