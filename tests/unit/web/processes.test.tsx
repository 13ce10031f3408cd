import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LiveNotification } from '../../../src/domain';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { botsApi, agentsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell, seen, type Seen } from './helpers/shell';

/** The sockets the page opened: their listeners, what they sent, and a way to push messages. */
const sockets = vi.hoisted(() => {
  type Handlers = { onMessage: (n: unknown) => void };
  const opened: {
    handlers: Handlers;
    listeners: Record<string, () => void>;
    sent: { event: string; body: unknown }[];
    closed: boolean;
  }[] = [];
  return {
    opened,
    connect(_auth: unknown, handlers: Handlers) {
      const socket = {
        handlers,
        listeners: {} as Record<string, () => void>,
        sent: [] as { event: string; body: unknown }[],
        closed: false,
      };
      opened.push(socket);
      return {
        on: (event: string, listener: () => void) => void (socket.listeners[event] = listener),
        emit: (event: string, body: unknown) => void socket.sent.push({ event, body }),
        emitWithAck: (event: string, body: unknown) => {
          socket.sent.push({ event, body });
          return Promise.resolve({ ok: true });
        },
        disconnect: () => void (socket.closed = true),
      };
    },
  };
});
vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: sockets.connect }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  sockets.opened.length = 0;
  peopleApi();
  botsApi();
  agentsApi();
});

const [executed, pending, running] = PROCESSES;
const slow = { timeout: 10_000 };

function postsTo(path: string, status = 200, message = 'Process cancelled successfully!'): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.post(`*/api${path}`, async ({ request }) => {
      requests.push(await seen(request));
      return status === 200 ? ok({ ids: [] }, message) : HttpResponse.json({ message, code: 'CONFLICT' }, { status });
    }),
  );
  return requests;
}

describe('Current Status (/controlroom/process)', { timeout: 30_000 }, () => {
  it('lists the runs with their short id, bot, agent, user, status, times and duration; filters User, Bot, Status', async () => {
    storeSession(ACTORS.customerAdmin);
    const requests = processesApi();
    await renderShell('/controlroom/process');
    expect(await screen.findByRole('heading', { level: 1, name: 'Current Status' })).toBeInTheDocument();
    const row = await rowOf('11111111', slow.timeout);
    expect(within(row).getByText('Invoice Bot')).toBeInTheDocument();
    expect(within(row).getByText('Finance PC')).toBeInTheDocument();
    expect(within(row).getByText('Uma User')).toBeInTheDocument();
    expect(within(row).getByText('Executed')).toBeInTheDocument();
    expect(within(row).getByText('1:05')).toBeInTheDocument();
    expect(within(await rowOf('22222222', slow.timeout)).getByText('Pending')).toBeInTheDocument();
    expect(within(await rowOf('33333333', slow.timeout)).getByText('Running')).toBeInTheDocument();
    for (const name of ['User', 'Bot', 'Status']) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/process/all')[0].query).toMatchObject({
      sort: 'createdAt',
      order: 'DESC',
    });
    // Details and Logs open the details page; only a pending run can be cancelled.
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${executed.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Logs' })).toHaveAttribute(
      'href',
      `/controlroom/process/processDetails/${executed.id}#logs`,
    );
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('a process notification refreshes the rows in place', async () => {
    storeSession(ACTORS.customerAdmin);
    const rows = PROCESSES.map((p) => ({ ...p }));
    const requests = processesApi(rows);
    await renderShell('/controlroom/process');
    expect(within(await rowOf('22222222', slow.timeout)).getByText('Pending')).toBeInTheDocument();
    const lists = () => requests.filter((r) => r.path === '/api/process/all').length;
    const before = lists();
    rows[1].status = 1;
    const shell = sockets.opened[0];
    act(() =>
      shell.handlers.onMessage({
        type: 'process',
        operation: 'update',
        data: { id: pending.id, status: 1 },
      } satisfies LiveNotification),
    );
    await waitFor(
      () =>
        expect(
          within(screen.getByText('22222222').closest('tr') as HTMLElement).getByText('Running'),
        ).toBeInTheDocument(),
      slow,
    );
    expect(lists()).toBeGreaterThan(before);
  });

  it('Cancel of a pending run sends its id and shows the server message', async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    const cancels = postsTo('/process/cancel');
    await renderShell('/controlroom/process');
    await userEvent
      .setup()
      .click(within(await rowOf('22222222', slow.timeout)).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Process cancelled successfully!', {}, slow)).toBeInTheDocument();
    expect(cancels.map((r) => r.body)).toEqual([{ id: pending.id }]);
  });

  it("bulk Cancel asks first, then sends the selected ids and shows the server's refusal", async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    const cancels = postsTo('/process/bulk-cancel', 409, 'Please first select a pending process!');
    await renderShell('/controlroom/process');
    const u = userEvent.setup();
    await u.click(within(await rowOf('11111111', slow.timeout)).getByRole('checkbox'));
    await u.click(within(await rowOf('33333333', slow.timeout)).getByRole('checkbox'));
    // The selection's Cancel (not the pending row's own).
    const bulk = await waitFor(() => {
      const found = screen.getAllByRole('button', { name: 'Cancel' }).find((b) => !b.closest('tr'));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    await u.click(bulk);
    // Nothing is sent before the person confirms; Keep them sends nothing at all.
    const ask = await screen.findByRole('dialog', { name: 'Cancel the selected processes?' }, slow);
    expect(ask).toHaveTextContent("The pending ones among the 2 selected leave their agents' queues");
    await u.click(within(ask).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toHaveLength(0);
    await u.click(bulk);
    const again = await screen.findByRole('dialog', { name: 'Cancel the selected processes?' }, slow);
    await u.click(within(again).getByRole('button', { name: 'Cancel the pending ones' }));
    expect(await screen.findByText('Please first select a pending process!', {}, slow)).toBeInTheDocument();
    expect(cancels.map((r) => r.body)).toEqual([{ ids: [executed.id, running.id] }]);
  });
  it("clicking a run's row anywhere opens its details; its actions do not", async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    const cancels = postsTo('/process/cancel');
    await renderShell('/controlroom/process');
    const u = userEvent.setup();
    // A row action is the action's alone: Cancel stays on the list.
    await u.click(within(await rowOf('22222222', slow.timeout)).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Process cancelled successfully!', {}, slow)).toBeInTheDocument();
    expect(cancels).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Current Status' })).toBeInTheDocument();

    await u.click(within(await rowOf('11111111', slow.timeout)).getByText('Finance PC'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Process Details' }, slow)).toBeInTheDocument();
    expect(await screen.findByText(/^11111111/, {}, slow)).toBeInTheDocument();
  });
});

describe('process details (/controlroom/process/processDetails/:id)', { timeout: 30_000 }, () => {
  it('an ended run: its fields and log lines, the log as a .txt download, no Stop', async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    const saved: string[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob.text().then((t) => saved.push(t));
      return 'blob:log';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    await renderShell(`/controlroom/process/processDetails/${executed.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Process Details' })).toBeInTheDocument();
    const log = await screen.findByRole('log', {}, slow);
    expect(within(log).getByText('reading invoices')).toBeInTheDocument();
    expect(within(log).getByText('12 invoices read')).toBeInTheDocument();
    expect(screen.getByText('Executed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download log' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].split('\n').filter(Boolean)).toEqual([
      '2025-06-01T10:00:02.000Z [stdout] reading invoices',
      '2025-06-01T10:01:05.000Z [stdout] 12 invoices read',
    ]);
    // An ended run is not followed.
    expect(sockets.opened.some((s) => s.sent.some((m) => m.event === 'follow-process'))).toBe(false);
  });

  it("a pending run shows the server's message instead of logs", async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    await renderShell(`/controlroom/process/processDetails/${pending.id}`);
    expect(await screen.findByText("Processes in pending state don't have logs!", {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download log' })).toBeNull();
  });

  it('a running run: joins its log room, appends pushed lines once each, and Stop, once confirmed, asks the server', async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    const stops = postsTo('/process/stop', 200, 'The agent was asked to stop the process.');
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    const log = await screen.findByRole('log', {}, slow);
    expect(within(log).getByText('starting')).toBeInTheDocument();
    const follower = await waitFor(() => {
      const found = sockets.opened.find((s) => 'authenticated' in s.listeners);
      expect(found).toBeDefined();
      return found as (typeof sockets.opened)[number];
    });
    act(() => follower.listeners.authenticated());
    await waitFor(() =>
      expect(follower.sent).toContainEqual({ event: 'follow-process', body: { processId: running.id } }),
    );
    const push = (lines: object[]) =>
      act(() =>
        follower.handlers.onMessage({
          type: 'processExecutionLog',
          operation: 'insert',
          data: { id: running.id, lines },
        } satisfies LiveNotification),
      );
    push([{ seq: 2, at: '2025-06-01T11:00:02.000Z', stream: 'stdout', text: 'step two' }]);
    push([
      { seq: 2, at: '2025-06-01T11:00:02.000Z', stream: 'stdout', text: 'step two' },
      { seq: 3, at: '2025-06-01T11:00:03.000Z', stream: 'stderr', text: 'step three' },
    ]);
    // Lines of another process are not this page's.
    act(() =>
      follower.handlers.onMessage({
        type: 'processExecutionLog',
        operation: 'insert',
        data: { id: pending.id, lines: [{ seq: 9, at: '', stream: 'stdout', text: 'other' }] },
      }),
    );
    await within(log).findByText('step three');
    expect(within(log).getAllByText('step two')).toHaveLength(1);
    expect(within(log).queryByText('other')).toBeNull();

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Stop' }));
    const ask = await screen.findByRole('dialog', { name: 'Stop process 33333333?' }, slow);
    expect(ask).toHaveTextContent("The agent kills the bot's run now; the process ends Canceled.");
    await u.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stops).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Stop' }));
    const again = await screen.findByRole('dialog', { name: 'Stop process 33333333?' }, slow);
    await u.click(within(again).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('The agent was asked to stop the process.', {}, slow)).toBeInTheDocument();
    expect(stops.map((r) => r.body)).toEqual([{ id: running.id }]);
  });
});
