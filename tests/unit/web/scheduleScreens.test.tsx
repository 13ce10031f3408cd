import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { BOTS, agentsApi, botsApi } from './helpers/automation';
import { ACTORS, storeSession } from './helpers/session';
import { list, ok, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };

const plan = (id: string, botName: string, duration: object, extra: object = {}) => ({
  id,
  companyId: 'c-1',
  companyName: 'Acme Corp',
  botId: 'b-3',
  botName,
  agentId: 'a-1',
  agentName: 'Finance PC',
  userId: 'u-1',
  userName: 'Ada Lovelace',
  // Who sees the plan (its bot's viewers): Ada's bot is shared with Uma's group.
  viewerIds: ['u-1', 'u-2'],
  duration: JSON.stringify(duration),
  frequency: (duration as { frequency: string }).frequency,
  timezone: (duration as { timezone: string }).timezone,
  overlap: 'queue',
  skipNonWorkingDays: false,
  status: 'active',
  nextFireAt: '2027-01-04T03:30:00.000Z',
  lastFireAt: null,
  lastOutcome: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const PLANS = [
  plan('s-1', 'Report Bot', {
    frequency: 'weekly',
    time: '09:00',
    weekDays: [1, 2, 3, 4, 5],
    timezone: 'Asia/Kolkata',
    startDate: '2027-01-04T00:00',
  }),
  plan(
    's-2',
    'Sync Bot',
    { frequency: 'minutely', every: 15, timezone: 'UTC', startDate: '2027-01-01T00:00' },
    { status: 'disabled', lastOutcome: 'skipped', userId: 'u-2', userName: 'Uma User' },
  ),
  plan('s-3', 'Close Bot', {
    frequency: 'monthly',
    time: '18:00',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    mode: 'dayWise',
    days: [{ week: 'last', weekDay: 5 }],
    timezone: 'Europe/Paris',
    startDate: '2027-01-01T00:00',
  }),
];

const HISTORY = [
  {
    id: 'h-1',
    companyId: 'c-1',
    scheduleId: 's-1',
    botName: 'Report Bot',
    agentName: 'Finance PC',
    userId: 'u-1',
    dueAt: '2027-01-04T03:30:00.000Z',
    firedAt: '2027-01-04T03:30:01.000Z',
    outcome: 'fired',
    reason: null,
    reasonKey: null,
    processId: '1234abcd-0000-4000-8000-000000000001',
    processStatus: 2,
  },
  {
    id: 'h-2',
    companyId: 'c-1',
    scheduleId: 's-1',
    botName: 'Report Bot',
    agentName: 'Finance PC',
    userId: 'u-1',
    dueAt: '2027-01-05T03:30:00.000Z',
    firedAt: '2027-01-05T03:30:01.000Z',
    outcome: 'skipped',
    reason: 'skipped: non-working day',
    reasonKey: 'nonWorkingDay',
    processId: null,
    processStatus: null,
  },
];

/** The plans, their details and history, and PUT (recorded). */
function schedulesApi(): { puts: Seen[]; history: Seen[] } {
  const puts: Seen[] = [];
  const history: Seen[] = [];
  server.use(
    http.get('*/api/process/schedule/log/all', () => list(PLANS)),
    http.get('*/api/process/schedule/details/:id', ({ params }) => {
      const found = PLANS.find((p) => p.id === params.id);
      return ok({
        ...found,
        parameters: [
          { name: 'apiKey', value: 'U2FsdGVkX1+ciphertextciphertext', encrypted: true },
          { name: 'inputPath', value: 'C:/in' },
        ],
        recipients: ['ops@acme.com', 'cfo@acme.com'],
        nextFires: [
          '2027-01-04T03:30:00.000Z',
          '2027-01-05T03:30:00.000Z',
          '2027-01-06T03:30:00.000Z',
          '2027-01-07T03:30:00.000Z',
          '2027-01-08T03:30:00.000Z',
        ],
      });
    }),
    http.put('*/api/process/schedule/:id', async ({ request }) => {
      puts.push(await seen(request));
      return ok({ id: 's-1' }, 'Schedule updated successfully!');
    }),
    http.get('*/api/process/schedule/history', async ({ request }) => {
      history.push(await seen(request));
      return list(HISTORY);
    }),
  );
  return { puts, history };
}

const actionsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('link')
    .concat(within(row).queryAllByRole('button'))
    .map((b) => b.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.clear();
  peopleApi();
  agentsApi();
});

describe('Scheduled Plans', { timeout: 60_000 }, () => {
  it('says each plan in words with its last outcome and status; Disable sends {status}', async () => {
    storeSession(ACTORS.customerAdmin);
    const { puts } = schedulesApi();
    await renderShell('/controlroom/process/schedule/all');
    const report = await rowOf('Report Bot', slow.timeout);
    expect(within(report).getByText('Every weekday at 09:00 (Asia/Kolkata)')).toBeInTheDocument();
    expect(within(report).getByText('Active')).toBeInTheDocument();
    const sync = await rowOf('Sync Bot');
    expect(within(sync).getByText('Every 15 minutes')).toBeInTheDocument();
    expect(within(sync).getByText('Skipped')).toBeInTheDocument();
    expect(within(sync).getByText('Disabled')).toBeInTheDocument();
    expect(
      within(await rowOf('Close Bot')).getByText('Monthly on the last Friday at 18:00 (Europe/Paris)'),
    ).toBeVisible();
    expect(actionsOf(report)).toEqual(['View', 'Reschedule', 'Disable', 'Delete']);
    expect(actionsOf(sync)).toEqual(['View', 'Reschedule', 'Enable', 'Delete']);
    expect(within(report).getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      '/controlroom/process/schedule/reschedule/s-1',
    );

    await userEvent.setup().click(within(report).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ path: '/api/process/schedule/s-1', body: { status: 'disabled' } });
    expect(await screen.findByText('Schedule updated successfully!')).toBeInTheDocument();
  });

  it('a Sub Admin deletes no plan', async () => {
    storeSession(ACTORS.subAdmin);
    schedulesApi();
    await renderShell('/controlroom/process/schedule/all');
    expect(actionsOf(await rowOf('Report Bot', slow.timeout))).toEqual(['View', 'Reschedule', 'Disable']);
  });

  it('in French: the plans in French words', async () => {
    localStorage.setItem('language', 'fr');
    storeSession(ACTORS.customerAdmin);
    schedulesApi();
    await renderShell('/controlroom/process/schedule/all');
    expect(
      within(await rowOf('Report Bot', slow.timeout)).getByText('Du lundi au vendredi à 09:00 (Asia/Kolkata)'),
    ).toBeVisible();
    expect(within(await rowOf('Sync Bot')).getByText('Toutes les 15 minutes')).toBeVisible();
    expect(
      within(await rowOf('Close Bot')).getByText('Chaque mois le dernier vendredi à 18:00 (Europe/Paris)'),
    ).toBeVisible();
    expect(within(await rowOf('Sync Bot')).getByText('Ignoré')).toBeVisible();
  });

  it('a User sees Reschedule and Delete only on their own plan', async () => {
    storeSession(ACTORS.plainUser);
    schedulesApi();
    await renderShell('/controlroom/process/schedule/all');
    expect(actionsOf(await rowOf('Report Bot', slow.timeout))).toEqual(['View']);
    expect(actionsOf(await rowOf('Sync Bot'))).toEqual(['View', 'Reschedule', 'Enable', 'Delete']);
  });
});

describe("a plan's details", { timeout: 60_000 }, () => {
  it('the plan in words, its next five fires, parameters with the encrypted value masked, recipients, its history', async () => {
    storeSession(ACTORS.customerAdmin);
    const { history } = schedulesApi();
    await renderShell('/controlroom/process/schedule/details/s-1');
    await screen.findByRole('heading', { name: 'Schedule Details', level: 1 }, slow);
    expect(screen.getByText('Every weekday at 09:00 (Asia/Kolkata)')).toBeInTheDocument();
    const u = userEvent.setup();

    await u.click(screen.getByRole('tab', { name: 'Next fires' }));
    const fires = await screen.findAllByRole('listitem');
    expect(fires).toHaveLength(5);
    expect(fires[0]).toHaveTextContent(/Monday, January 4, 2027 at 9:00\sAM \(Asia\/Kolkata\)/);
    expect(fires[4]).toHaveTextContent(/Friday, January 8, 2027 at 9:00\sAM \(Asia\/Kolkata\)/);

    await u.click(screen.getByRole('tab', { name: 'Parameters and recipients' }));
    expect(await screen.findByText('apiKey')).toBeInTheDocument();
    expect(screen.getByText('•••••• (encrypted)')).toBeInTheDocument();
    expect(screen.queryByText(/ciphertext/)).toBeNull();
    expect(screen.getByText('C:/in')).toBeInTheDocument();
    expect(screen.getByText('cfo@acme.com')).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(history.some((r) => r.query.scheduleId === 's-1')).toBe(true), slow);
  });
});

describe('Scheduled History', { timeout: 60_000 }, () => {
  it("each fire's outcome, its reason in the chosen language, and the fired run's link", async () => {
    localStorage.setItem('language', 'fr');
    storeSession(ACTORS.customerAdmin);
    schedulesApi();
    await renderShell('/controlroom/process/schedule/history');
    const rows = await screen.findAllByRole('row', {}, slow);
    const fired = rows.find((r) => within(r).queryByText('Déclenché'));
    const skipped = rows.find((r) => within(r).queryByText('Ignoré'));
    expect(skipped && within(skipped).getByText('ignoré : jour chômé')).toBeInTheDocument();
    expect(skipped && within(skipped).queryByRole('link', { name: 'Ouvrir le processus' })).toBeNull();
    expect(fired && within(fired).getByRole('link', { name: 'Ouvrir le processus' })).toHaveAttribute(
      'href',
      '/controlroom/process/processDetails/1234abcd-0000-4000-8000-000000000001',
    );
  });
});

describe("the bot run menu's Schedule", { timeout: 60_000 }, () => {
  it('shows on an active Automated bot only, and opens the builder on it', async () => {
    storeSession(ACTORS.customerAdmin);
    botsApi([BOTS[0], { ...BOTS[0], id: 'b-3', name: 'Report Bot', type: 2 }]);
    await renderShell('/controlroom/bots/view');
    const report = await rowOf('Report Bot', slow.timeout);
    expect(actionsOf(report)).toEqual(['View', 'Update', 'Schedule', 'Run', 'Delete', 'Download XAML']);
    expect(within(report).getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/controlroom/process/schedule/create?botId=b-3',
    );
    expect(actionsOf(await rowOf('Invoice Bot'))).not.toContain('Schedule');
  });
});
