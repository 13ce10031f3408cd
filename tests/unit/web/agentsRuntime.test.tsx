import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LiveNotification } from '../../../src/domain';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { AGENTS, agentsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

/** The shell's socket: the test pushes the server's messages through the handlers it was given. */
const realtime = vi.hoisted(() => ({ onMessage: (() => undefined) as (n: unknown) => void }));
vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: (_auth: unknown, handlers: { onMessage: (n: unknown) => void }) => {
    realtime.onMessage = handlers.onMessage;
    return { disconnect: () => undefined };
  },
}));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

const { customerAdmin, plainUser } = ACTORS;
const slow = { timeout: 5000 };
const RUNNING = PROCESSES[2].id;
const PENDING = PROCESSES[1].id;

/** Finance PC runs a process, not reserved, with two runs waiting; Back Office PC is reserved by an admin and idle. */
const WITH_CURRENT = [
  { ...AGENTS[0], currentProcessId: RUNNING, currentBotName: 'Invoice Bot', queueLength: 2 },
  { ...AGENTS[1], currentProcessId: null, currentBotName: null, queueLength: 0 },
];

/** The browser's save of a downloaded file: what was asked, and the names it was saved under. */
function fakeSave() {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('the agents list: state, last seen and the current process', { timeout: 30_000 }, () => {
  it('shows each agent’s status as a dot and its word, its last contact, what it runs now and, apart, whether an admin reserved it', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi(WITH_CURRENT);
    await renderShell('/controlroom/agents');
    const finance = await rowOf('Finance PC');
    const backOffice = await rowOf('Back Office PC');
    expect(screen.getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Now running' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Reserved by admin' })).toBeInTheDocument();
    // The admin's reservation and the agent's work are two columns: running but not reserved, reserved but idle.
    const cell = (row: HTMLElement, column: string) => {
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      return within(row).getAllByRole('cell')[headers.indexOf(column)];
    };
    expect(cell(finance, 'Reserved by admin')).toHaveTextContent(/^No$/);
    expect(cell(finance, 'Now running')).toHaveTextContent(/^Invoice Bot\s*\+2 waiting$/);
    expect(cell(backOffice, 'Reserved by admin')).toHaveTextContent(/^Yes$/);
    expect(cell(backOffice, 'Now running')).toHaveTextContent(/^Idle$/);
    expect(within(finance).getByTestId('agent-status-dot')).toHaveAttribute('data-connected', 'true');
    expect(within(finance).getByText('Connected')).toBeInTheDocument();
    expect(within(backOffice).getByTestId('agent-status-dot')).toHaveAttribute('data-connected', 'false');
    expect(within(backOffice).getByText('Disconnected')).toBeInTheDocument();
    expect(within(finance).getByRole('link', { name: 'Invoice Bot' })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${RUNNING}`,
    );
    expect(within(finance).getByRole('link', { name: 'Invoice Bot' })).toHaveAttribute('title', RUNNING.slice(0, 8));
    expect(within(backOffice).queryByRole('link', { name: 'Invoice Bot' })).toBeNull();
  });
});

describe('the agents list follows the agents live', { timeout: 30_000 }, () => {
  it('an agent notification with a status shows its pop-up and the row’s new state, without a reload', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const rows = AGENTS.map((a) => ({ ...a, currentProcessId: null }));
    agentsApi(rows);
    await renderShell('/controlroom/agents');
    const backOffice = await rowOf('Back Office PC');
    expect(within(backOffice).getByTestId('agent-status-dot')).toHaveAttribute('data-connected', 'false');
    rows[1].status = 1;
    act(() =>
      realtime.onMessage({
        type: 'agent',
        operation: 'update',
        data: { id: 'a-2', deviceId: 'DEVICE-a-2', status: 1 },
      } satisfies LiveNotification),
    );
    expect(await screen.findByText('Agent DEVICE-a-2 Connected', {}, slow)).toBeInTheDocument();
    await waitFor(
      () => expect(within(backOffice).getByTestId('agent-status-dot')).toHaveAttribute('data-connected', 'true'),
      slow,
    );
    expect(within(backOffice).getByText('Connected')).toBeInTheDocument();
  });
});

describe('an agent’s details: its processes and its queue', { timeout: 30_000 }, () => {
  it('lists the agent’s processes newest first, filtered by agentId', async () => {
    storeSession(plainUser);
    peopleApi();
    agentsApi(WITH_CURRENT);
    const requests = processesApi();
    await renderShell('/controlroom/agents/details/a-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Details' }, slow)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Processes' }));
    expect(await screen.findByText(PROCESSES[0].id.slice(0, 8), {}, slow)).toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/api/process/all');
    expect(asked?.query).toMatchObject({ agentId: 'a-1', sort: 'createdAt', order: 'DESC' });
  });

  it('shows the agent’s waiting processes with their position, from /queue/queue', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi(WITH_CURRENT);
    processesApi();
    server.use(
      http.get('*/api/queue/queue', () =>
        ok([
          {
            agentId: 'a-2',
            agentName: 'Back Office PC',
            deviceId: 'DEVICE-a-2',
            processes: [{ id: 'ffffffff-0000', botName: 'Other', position: 1, priority: 0, createdAt: '2025-06-01' }],
          },
          {
            agentId: 'a-1',
            agentName: 'Finance PC',
            deviceId: 'DEVICE-a-1',
            processes: [
              { id: PENDING, botName: 'Invoice Bot', position: 1, priority: 0, createdAt: '2025-06-01T10:00:00.000Z' },
              {
                id: 'eeeeeeee-1111-4111-8111-000000000009',
                botName: 'Payroll Bot',
                position: 2,
                priority: 0,
                createdAt: '2025-06-01T10:05:00.000Z',
              },
            ],
          },
        ]),
      ),
    );
    await renderShell('/controlroom/agents/details/a-1');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Queue' }, slow));
    const table = await screen.findByRole('table', { name: 'Queue' }, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['1', '2']);
    expect(within(rows[0]).getByRole('link', { name: PENDING.slice(0, 8) })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${PENDING}`,
    );
    expect(within(rows[1]).getByText('Payroll Bot')).toBeInTheDocument();
    expect(within(table).queryByText('Other')).toBeNull();
  });

  it('says so when nothing waits for the agent', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi(WITH_CURRENT);
    server.use(http.get('*/api/queue/queue', () => ok([])));
    await renderShell('/controlroom/agents/details/a-2');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Queue' }, slow));
    expect(await screen.findByText('No process is waiting for this agent.', {}, slow)).toBeInTheDocument();
  });
});

describe('the downloads of the Agents page', { timeout: 30_000 }, () => {
  it('Download agent saves the reference agent and shows the command that runs it with a registration file', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi();
    const saved = fakeSave();
    server.use(
      http.get(
        '*/api/agent/download',
        () =>
          new HttpResponse('// agent', {
            headers: {
              'content-type': 'application/octet-stream',
              'content-disposition': 'attachment; filename="rpa-agent.mjs"',
            },
          }),
      ),
    );
    await renderShell('/controlroom/agents');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download agent' }, slow));
    await waitFor(() => expect(saved).toEqual(['rpa-agent.mjs']));
    expect(await screen.findByText('Run the agent')).toBeInTheDocument();
    expect(screen.getByText('node rpa-agent.mjs --registration registration-agent-….json')).toBeInTheDocument();
  });

  it('an installer is saved under its own name, with no command to show', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi();
    const saved = fakeSave();
    server.use(
      http.get(
        '*/api/agent/download',
        () =>
          new HttpResponse('MSI', {
            headers: { 'content-disposition': 'attachment; filename="AgentSetup.msi"' },
          }),
      ),
    );
    await renderShell('/controlroom/agents');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download agent' }, slow));
    await waitFor(() => expect(saved).toEqual(['AgentSetup.msi']));
    expect(screen.queryByText('Run the agent')).toBeNull();
  });

  it('Download bot studio on a server without an installer shows the server’s message and saves nothing', async () => {
    storeSession(customerAdmin);
    peopleApi();
    agentsApi();
    const saved = fakeSave();
    server.use(
      http.get('*/api/studio/download', () =>
        HttpResponse.json(
          { message: 'The bot studio installer is not available on this server.', code: 'STUDIO_NOT_AVAILABLE' },
          { status: 404 },
        ),
      ),
    );
    await renderShell('/controlroom/agents');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download bot studio' }, slow));
    expect(
      await screen.findByText('The bot studio installer is not available on this server.', {}, slow),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
