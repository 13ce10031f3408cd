import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { LiveNotification } from '../../../src/domain';
import { resetPublicConfigCache } from '../../../src/custom/config/publicConfig';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { AGENTS, botsApi, agentsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

/** The details page's own socket: its listeners and a way to push messages to it. */
const sockets = vi.hoisted(() => {
  type Handlers = { onMessage: (n: unknown) => void };
  const opened: { handlers: Handlers; listeners: Record<string, () => void> }[] = [];
  return {
    opened,
    connect(_auth: unknown, handlers: Handlers) {
      const socket = { handlers, listeners: {} as Record<string, () => void> };
      opened.push(socket);
      return {
        on: (event: string, listener: () => void) => void (socket.listeners[event] = listener),
        emit: () => undefined,
        emitWithAck: () => Promise.resolve({ ok: true }),
        disconnect: () => undefined,
      };
    },
  };
});
vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: sockets.connect }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };
const GRACE = 30;
/** The running run of the world, its stored count behind the one line its log holds (as the server may answer). */
const running = { ...PROCESSES[2], logCount: 0 };
const [finance] = AGENTS;

beforeEach(() => {
  localStorage.clear();
  sockets.opened.length = 0;
  resetPublicConfigCache();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi();
  processesApi([PROCESSES[0], PROCESSES[1], running]);
  server.use(http.get('*/api/public/config', () => ok({ agentGraceSeconds: GRACE })));
});

/** The value beside a label of the details' description list. */
const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The seconds the notice says the run still waits for its agent. */
const waitingFor = async () => {
  const notice = await screen.findByText(/^Agent disconnected — waiting up to \d+ s/, {}, slow);
  return Number(/up to (\d+) s/.exec(notice.textContent ?? '')?.[1]);
};

describe('a running process whose agent is gone', { timeout: 30_000 }, () => {
  it('says the agent is gone and counts down the time the run waits for it; Stop is not offered', async () => {
    const lastSeenAt = new Date(Date.now() - 5_000).toISOString();
    agentsApi([{ ...finance, status: 0, lastSeenAt }]);
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    const first = await waitingFor();
    // Gone 5 s ago with a 30 s grace: at most 25 s left (a little less as the page loads).
    expect(first).toBeLessThanOrEqual(GRACE - 5);
    expect(first).toBeGreaterThan(GRACE - 15);
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText(/Stop returns with it\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // The countdown is live.
    await waitFor(async () => expect(await waitingFor()).toBeLessThan(first), { timeout: 5_000 });
  });

  it('once the grace has passed, says the run is about to be marked as failed', async () => {
    agentsApi([{ ...finance, status: 0, lastSeenAt: new Date(Date.now() - 60_000).toISOString() }]);
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    expect(
      await screen.findByText(
        'Agent disconnected — it did not come back in time: the run is about to be marked as failed.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
  });

  it('says it in French', async () => {
    localStorage.setItem('language', 'fr');
    agentsApi([{ ...finance, status: 0, lastSeenAt: new Date(Date.now() - 5_000).toISOString() }]);
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    expect(
      await screen.findByText(
        /^Agent déconnecté — attente de son retour pendant \d+ s au plus ; Arrêter revient avec lui\.$/,
        {},
        slow,
      ),
    ).toBeInTheDocument();
  });

  it('with its agent connected, no notice and Stop is offered', async () => {
    agentsApi([{ ...finance, status: 1, lastSeenAt: new Date().toISOString() }]);
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    expect(await screen.findByRole('button', { name: 'Stop' }, slow)).toBeInTheDocument();
    expect(screen.queryByText(/^Agent disconnected/)).toBeNull();
  });
});

describe('the log counter of a running process', { timeout: 30_000 }, () => {
  it('equals the lines shown, and grows as lines arrive', async () => {
    agentsApi();
    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    const log = await screen.findByRole('log', {}, slow);
    expect(within(log).getByText('starting')).toBeInTheDocument();
    // The stored count says 0; the page shows one line, and says 1.
    await waitFor(() => expect(detail('Log lines')).toBe('1'));
    const follower = await waitFor(() => {
      const found = sockets.opened.find((s) => 'authenticated' in s.listeners);
      expect(found).toBeDefined();
      return found as (typeof sockets.opened)[number];
    });
    act(() =>
      follower.handlers.onMessage({
        type: 'processExecutionLog',
        operation: 'insert',
        data: {
          id: running.id,
          lines: [
            { seq: 2, at: '2025-06-01T11:00:02.000Z', stream: 'stdout', text: 'step two' },
            { seq: 3, at: '2025-06-01T11:00:03.000Z', stream: 'stdout', text: 'step three' },
          ],
        },
      } satisfies LiveNotification),
    );
    await within(log).findByText('step three');
    expect(within(log).getAllByText(/^step|^starting/)).toHaveLength(3);
    expect(detail('Log lines')).toBe('3');
  });
});
