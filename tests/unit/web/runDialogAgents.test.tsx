import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { AGENTS, BOTS, agentsApi, botsApi } from './helpers/automation';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };
const bot = { ...BOTS[0], parameters: [] };
const [finance, backOffice] = AGENTS;
/** Each state an agent can be in: running (with a queue), idle, reserved by an admin, offline. */
const STATES = [
  { ...finance, currentProcessId: 'p-running', currentBotName: 'Payroll Bot', queueLength: 1 },
  { ...backOffice, currentProcessId: null, currentBotName: null, queueLength: 0 },
  {
    ...finance,
    id: 'a-3',
    name: 'Lab PC',
    isBusy: false,
    currentProcessId: null,
    currentBotName: null,
    queueLength: 0,
  },
  {
    ...backOffice,
    id: 'a-4',
    name: 'Old PC',
    isBusy: false,
    currentProcessId: null,
    currentBotName: null,
    queueLength: 3,
  },
];

/** POST /process/create: refused with `code` unless the body asks to queue (every request recorded). */
function createApi(code: string): Seen[] {
  const creates: Seen[] = [];
  server.use(
    http.post('*/api/process/create', async ({ request }) => {
      const sent = await seen(request);
      creates.push(sent);
      return (sent.body as { queue?: boolean }).queue === true
        ? ok({ id: 'p-queued', status: 0 }, 'Process with Id 9abcdef0... Added successfully')
        : HttpResponse.json({ message: 'Agent is busy!', code }, { status: 409 });
    }),
  );
  return creates;
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([bot]);
  agentsApi(STATES);
});

async function runOn(agentName: RegExp) {
  await renderShell('/controlroom/bots/view');
  const u = userEvent.setup();
  await u.click(within(await rowOf('Invoice Bot', slow.timeout)).getByRole('button', { name: 'Run' }));
  const dialog = await screen.findByRole('dialog', {}, slow);
  await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
  await u.click(await screen.findByRole('option', { name: agentName }));
  await u.click(within(dialog).getByRole('button', { name: 'Run' }));
  return { u, dialog };
}

describe('Run: the agents’ states and a busy agent', { timeout: 30_000 }, () => {
  it('says of each agent whether it is idle, running which bot, reserved by an admin or offline, and its queue', async () => {
    await renderShell('/controlroom/bots/view');
    const u = userEvent.setup();
    await u.click(within(await rowOf('Invoice Bot', slow.timeout)).getByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Finance PC (Connected, running Payroll Bot, 1 waiting)',
      'Lab PC (Connected, idle)',
      'Back Office PC (Disconnected, reserved by admin)',
      'Old PC (Disconnected, 3 waiting)',
    ]);
  });

  it("after 'Agent is busy!' offers to queue the run behind the current one; Queue it sends it again with queue: true", async () => {
    const creates = createApi('AGENT_BUSY');
    const { u, dialog } = await runOn(/^Finance PC/);
    expect(await screen.findByText('Agent is busy!', {}, slow)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Finance PC is running Payroll Bot. Queue this run behind it: it starts on its own after the current run and the one already waiting.',
      ),
    ).toBeInTheDocument();
    expect(creates).toHaveLength(1);
    expect(creates[0].body).not.toHaveProperty('queue');

    await u.click(within(dialog).getByRole('button', { name: 'Queue it' }));
    expect(await screen.findByText('Process with Id 9abcdef0... Added successfully', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(creates).toHaveLength(2);
    expect(creates[1].body).toEqual({ botId: bot.id, agentId: finance.id, parameters: [], queue: true });
  });

  it('an agent reserved by an admin is said so, with nothing to queue; choosing another agent clears it', async () => {
    const creates = createApi('AGENT_RESERVED');
    const { u, dialog } = await runOn(/^Back Office PC/);
    expect(
      await within(dialog).findByText(
        'Back Office PC is reserved by an admin: it takes no run until an admin releases it. Choose another agent.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Queue it' })).toBeNull();
    expect(creates).toHaveLength(1);

    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click(await screen.findByRole('option', { name: /^Lab PC/ }));
    expect(within(dialog).queryByText(/is reserved by an admin/)).toBeNull();
  });

  it('says all of it in French', async () => {
    localStorage.setItem('language', 'fr');
    createApi('AGENT_BUSY');
    await renderShell('/controlroom/bots/view');
    const u = userEvent.setup();
    await u.click(within(await rowOf('Invoice Bot', slow.timeout)).getByRole('button', { name: 'Exécuter' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Finance PC (Connecté, exécute Payroll Bot, 1 en attente)',
      'Lab PC (Connecté, libre)',
      'Back Office PC (Déconnecté, réservé par un admin)',
      'Old PC (Déconnecté, 3 en attente)',
    ]);
    await u.click(screen.getByRole('option', { name: /^Finance PC/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Exécuter' }));
    expect(await screen.findByText("L'agent est occupé !", {}, slow)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        "Finance PC exécute Payroll Bot. Mettez cette exécution en file derrière : elle démarrera d'elle-même après l'exécution en cours et celle déjà en attente.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mettre en file' })).toBeInTheDocument();
  });
});
