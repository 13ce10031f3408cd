import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { AGENTS, BOTS, agentsApi } from './helpers/automation';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { list, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, subAdmin, customerAdmin, plainUser } = ACTORS;
const slow = { timeout: 5000 };
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const writes = (requests: Seen[]) =>
  requests.filter((r) => r.method === 'PUT').map(({ path, body }) => ({ path, body }));

/** GET /registrationToken/all, recorded. */
function tokensApi(): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.get('*/api/registrationToken/all', async ({ request }) => {
      requests.push(await seen(request));
      return list([
        {
          id: 't-1',
          companyId: 'c-1',
          companyName: 'Acme Corp',
          type: 'agent',
          status: 'active',
          reusable: false,
          token: 'rt_x',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]);
    }),
  );
  return requests;
}

describe('the agents page (/controlroom/agents)', { timeout: 30_000 }, () => {
  it('a Customer Admin sees the Agents and Registration Tokens tabs: agents with their state, then the tokens', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi();
    const tokenRequests = tokensApi();
    await renderShell('/controlroom/agents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Agents', 'Registration Tokens']);
    const finance = await rowOf('Finance PC');
    const backOffice = await rowOf('Back Office PC');
    expect(within(finance).getByText('Connected')).toBeInTheDocument();
    expect(within(finance).getByText('No', { exact: true })).toBeInTheDocument();
    expect(within(backOffice).getByText('Disconnected')).toBeInTheDocument();
    expect(within(backOffice).getByText('Yes', { exact: true })).toBeInTheDocument();
    // Filters User and Status (no Company for a company's admin); nobody creates an agent here.
    expect(screen.getByRole('combobox', { name: 'User' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(tokenRequests).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Registration Tokens' }));
    expect(await screen.findByRole('button', { name: 'Generate Token' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(tokenRequests).toHaveLength(1));
    expect(within(await rowOf('Agent')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('a User sees only the Agents tab, and no Delete', async () => {
    storeSession(plainUser);
    peopleApi();
    agentsApi();
    const tokenRequests = tokensApi();
    await renderShell('/controlroom/agents');
    const finance = await rowOf('Finance PC');
    expect(tabNames()).toEqual(['Agents']);
    expect(within(finance).getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(finance).getByRole('button', { name: 'Reserve' })).toBeInTheDocument();
    expect(within(finance).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(tokenRequests).toHaveLength(0);
  });

  it('a Sub Admin may flag and update agents but not delete them', async () => {
    storeSession(subAdmin);
    peopleApi();
    agentsApi();
    tokensApi();
    await renderShell('/controlroom/agents');
    const finance = await rowOf('Finance PC');
    expect(tabNames()).toEqual(['Agents', 'Registration Tokens']);
    expect(within(finance).getByRole('link', { name: 'Update' })).toBeInTheDocument();
    expect(within(finance).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
  });

  it('the Status filter asks for disconnected agents with status=0', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const requests = agentsApi();
    tokensApi();
    await renderShell('/controlroom/agents');
    await rowOf('Finance PC');
    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Disconnected' }));
    await waitFor(
      () => expect(requests.filter((r) => r.path === '/api/agent/all').at(-1)?.query).toMatchObject({ status: '0' }),
      slow,
    );
  });

  it('says what to do when there is no agent yet', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi([]);
    tokensApi();
    await renderShell('/controlroom/agents');
    expect(await screen.findByText('No agent yet.', {}, slow)).toBeInTheDocument();
    expect(
      screen.getByText('Generate a registration token on the Registration Tokens tab and start the agent with it.'),
    ).toBeInTheDocument();
  });

  it('a row flag is one PUT /agent/update/:id; Reserve on the selection is one PUT /agent/update with the ids', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const requests = agentsApi();
    tokensApi();
    await renderShell('/controlroom/agents');
    const u = userEvent.setup();
    await u.click(within(await rowOf('Finance PC')).getByRole('button', { name: 'Mark in error' }));
    expect(await screen.findByText('Agent updated successfully!', {}, slow)).toBeInTheDocument();
    expect(writes(requests)).toEqual([{ path: '/api/agent/update/a-1', body: { isError: true } }]);

    await u.click(within(await rowOf('Finance PC')).getByRole('checkbox'));
    await u.click(within(await rowOf('Back Office PC')).getByRole('checkbox'));
    expect(await screen.findByText('2 items selected')).toBeInTheDocument();
    // The bulk action, not the row's own Reserve.
    const bulk = screen.getAllByRole('button', { name: 'Reserve' }).filter((b) => !b.closest('tr'));
    expect(bulk).toHaveLength(1);
    await u.click(bulk[0]);
    expect(await screen.findByText('Agents updated successfully!', {}, slow)).toBeInTheDocument();
    expect(writes(requests).slice(1)).toEqual([
      { path: '/api/agent/update', body: { isBusy: true, ids: ['a-1', 'a-2'] } },
    ]);
  });
});

describe('an agent’s details and update', { timeout: 30_000 }, () => {
  it('shows the agent and updates its name with PUT /agent/update/:id', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const requests = agentsApi();
    await renderShell('/controlroom/agents/details/a-1?mode=edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Agent' }, slow)).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, slow);
    const u = userEvent.setup();
    await u.clear(name);
    await u.type(name, 'Finance Laptop');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated successfully!', {}, slow)).toBeInTheDocument();
    expect(writes(requests)).toEqual([{ path: '/api/agent/update/a-1', body: { name: 'Finance Laptop' } }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Details' }, slow)).toBeInTheDocument();
    expect(screen.getByText('DEVICE-a-1')).toBeInTheDocument();
  });
});

describe('a company’s Agents and Bots tabs', { timeout: 30_000 }, () => {
  it('list that company’s agents from /company/:id/agents and its bots from /company/:id/bots', async () => {
    storeSession(superAdmin);
    peopleApi();
    const asked: Seen[] = [];
    server.use(
      http.get('*/api/company/:id/agents', async ({ request }) => {
        asked.push(await seen(request));
        return list(AGENTS);
      }),
      http.get('*/api/company/:id/bots', async ({ request }) => {
        asked.push(await seen(request));
        return list(BOTS);
      }),
    );
    await renderShell('/controlroom/company/details/c-1');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Agents' }, slow));
    expect(await screen.findByText('Finance PC', {}, slow)).toBeInTheDocument();
    expect(asked[0]).toMatchObject({
      path: '/api/company/c-1/agents',
      query: { page: '1', limit: '10', sort: 'createdAt', order: 'DESC' },
    });
    expect(asked[0].query.companyId).toBeUndefined();

    await u.click(screen.getByRole('tab', { name: 'Bots' }));
    expect(await screen.findByText('Invoice Bot', {}, slow)).toBeInTheDocument();
    expect(asked.at(-1)?.path).toBe('/api/company/c-1/bots');
    expect(screen.getByRole('link', { name: 'Create Bot' })).toHaveAttribute(
      'href',
      '/controlroom/bots/create?companyId=c-1',
    );
  });
});
