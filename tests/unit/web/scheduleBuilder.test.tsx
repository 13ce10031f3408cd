import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { BOTS, agentsApi, botsApi } from './helpers/automation';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };
/** An Automated, active bot (only such bots are scheduled) beside the helpers' Manual one. */
const REPORT_BOT = { ...BOTS[0], id: 'b-3', name: 'Report Bot', type: 2 };

/** POST /process/schedule/preview answering `fires` (or an error), recorded. */
function previewApi(reply: string[] | { status: number; body: object }): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.post('*/api/process/schedule/preview', async ({ request }) => {
      requests.push(await seen(request));
      return Array.isArray(reply) ? ok(reply) : HttpResponse.json(reply.body, { status: reply.status });
    }),
  );
  return requests;
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([BOTS[0], REPORT_BOT]);
  agentsApi();
});

async function openBuilder(query = '') {
  await renderShell(`/controlroom/process/schedule/create${query}`);
  await screen.findByRole('heading', { name: 'Schedule a Bot', level: 1 }, slow);
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(u: User, label: string, option: string) {
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByRole('option', { name: option }));
}

const preview = (u: User) => u.click(screen.getByRole('button', { name: 'Preview' }));
const describedBy = (name: string, message: string, role: 'textbox' | 'combobox' = 'textbox') =>
  expect(screen.getByRole(role, { name }).closest('.MuiFormControl-root')).toHaveTextContent(message);
const inGroup = (name: string, message: string) =>
  expect(screen.getByRole('group', { name })).toHaveTextContent(message);
const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('schedule builder', { timeout: 60_000 }, () => {
  it('offers only active Automated bots, and says so when there is none', async () => {
    botsApi([BOTS[0]]);
    await openBuilder();
    expect(await screen.findByText('No active bot is available!', {}, slow)).toBeInTheDocument();
  });

  it('shows every message of the rules under its field', async () => {
    const requests = previewApi(['2027-01-01T00:00:00.000Z']);
    const u = await openBuilder();
    await screen.findByRole('combobox', { name: 'Bot' }, slow);

    await preview(u);
    expect(await screen.findByText('Please select bot!')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bot' }).closest('.MuiFormControl-root')).toHaveTextContent(
      'Please select bot!',
    );
    expect(screen.getByRole('combobox', { name: 'Agent' }).closest('.MuiFormControl-root')).toHaveTextContent(
      'Please select agent!',
    );
    expect(screen.getByRole('combobox', { name: 'Frequency' }).closest('.MuiFormControl-root')).toHaveTextContent(
      'Please select frequency or repeat duration for the process!',
    );

    await choose(u, 'Frequency', 'Minutely');
    await preview(u);
    expect(
      (await screen.findByRole('spinbutton', { name: 'Every (minutes, 1–59)' })).closest('.MuiFormControl-root'),
    ).toHaveTextContent('Please select minutes!');

    await choose(u, 'Frequency', 'Hourly');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Every (hours, 1–23)' }), { target: { value: '24' } });
    await preview(u);
    await waitFor(() =>
      expect(
        screen.getByRole('spinbutton', { name: 'Every (hours, 1–23)' }).closest('.MuiFormControl-root'),
      ).toHaveTextContent('Please select hours!'),
    );

    await choose(u, 'Frequency', 'Daily');
    await preview(u);
    await waitFor(() => expect(field('Time').closest('.MuiFormControl-root')).toHaveTextContent('Please select time!'));

    await choose(u, 'Frequency', 'Weekly');
    await preview(u);
    await waitFor(() => inGroup('Week days', 'Please select week days!'));

    await choose(u, 'Frequency', 'Monthly');
    await preview(u);
    await waitFor(() => inGroup('Months', 'Please select months!'));
    inGroup('Days of the month', 'Please select day wise or date wise!');
    await u.click(screen.getByRole('radio', { name: 'Date wise' }));
    await preview(u);
    await waitFor(() => inGroup('Dates', 'Please select dates of the month!'));
    await u.click(screen.getByRole('radio', { name: 'Day wise' }));
    await preview(u);
    await waitFor(() => inGroup('Days', 'Please select days of the month!'));

    // The zone, the start and the end.
    await u.clear(screen.getByRole('combobox', { name: 'Time zone' }));
    await u.keyboard('{Escape}');
    fireEvent.change(field('Start date'), { target: { value: '' } });
    await preview(u);
    await waitFor(() => describedBy('Time zone', 'Please select timezone!', 'combobox'));
    expect(field('Start date').closest('.MuiFormControl-root')).toHaveTextContent('Please select start date!');
    fireEvent.change(field('Start date'), { target: { value: '2027-05-10T10:00' } });
    fireEvent.change(field('End date (optional)'), { target: { value: '2027-05-09T10:00' } });
    await preview(u);
    await waitFor(() =>
      expect(field('End date (optional)').closest('.MuiFormControl-root')).toHaveTextContent(
        'Please select a valid date and time!',
      ),
    );

    // Recipients: at most ten, each an address.
    const recipients = screen.getByRole('textbox', { name: 'Recipients' });
    fireEvent.change(recipients, {
      target: { value: Array.from({ length: 11 }, (_x, i) => `p${i}@acme.com`).join(', ') },
    });
    await preview(u);
    await waitFor(() => describedBy('Recipients', 'Only 10 recipients are allowed!'));
    fireEvent.change(recipients, { target: { value: 'ada@acme.com, not-an-address' } });
    await preview(u);
    await waitFor(() => describedBy('Recipients', 'Please enter valid email address!'));
    // Nothing was sent while the form broke a rule.
    expect(requests).toEqual([]);
  });

  it("puts the server's field errors under the same fields", async () => {
    previewApi({
      status: 400,
      body: {
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'startDate', message: 'Please select a valid date and time!' }],
      },
    });
    const u = await openBuilder('?botId=b-3');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Report Bot'), slow);
    await choose(u, 'Agent', 'Finance PC (Connected, idle)');
    await u.type(screen.getByRole('textbox', { name: 'inputPath' }), 'C:/in');
    await choose(u, 'Frequency', 'Minutely');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Every (minutes, 1–59)' }), { target: { value: '5' } });
    await preview(u);
    await waitFor(() =>
      expect(field('Start date').closest('.MuiFormControl-root')).toHaveTextContent(
        'Please select a valid date and time!',
      ),
    );
  });

  it('previews the next five fires in both zones, notes the one a clock change moves, then saves', async () => {
    // New York springs forward on 2027-03-14 (02:00 → 03:00): 02:30 does not exist that day and
    // fires at 03:30 EDT (07:30Z); the days before are EST (-5), the days after EDT (-4).
    const fires = [
      '2027-03-12T07:30:00.000Z',
      '2027-03-13T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-15T06:30:00.000Z',
      '2027-03-16T06:30:00.000Z',
    ];
    const previews = previewApi(fires);
    const creates: Seen[] = [];
    server.use(
      http.post('*/api/process/schedule', async ({ request }) => {
        creates.push(await seen(request));
        return ok({ id: 's-1' }, 'Schedule created successfully!');
      }),
      http.get('*/api/process/schedule/details/:id', () => ok({ id: 's-1', botName: 'Report Bot' })),
    );
    const u = await openBuilder('?botId=b-3');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bot' })).toHaveTextContent('Report Bot'), slow);
    await choose(u, 'Agent', 'Finance PC (Connected, idle)');
    await u.type(screen.getByRole('textbox', { name: 'inputPath' }), 'C:/in');
    await choose(u, 'Frequency', 'Daily');
    fireEvent.change(field('Time'), { target: { value: '02:30' } });
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await u.clear(zone);
    await u.type(zone, 'New_York');
    await u.click(await screen.findByRole('option', { name: 'America/New_York' }));
    fireEvent.change(field('Start date'), { target: { value: '2027-03-12T00:00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Recipients' }), { target: { value: 'ops@acme.com' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await preview(u);
    const section = await screen.findByRole('region', { name: 'Next five fires' });
    expect(previews[0].body).toEqual({
      duration: { frequency: 'daily', time: '02:30', timezone: 'America/New_York', startDate: '2027-03-12T00:00' },
      count: 5,
    });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Friday, March 12, 2027 at 2:30 AM (America/New_York)');
    expect(items[2]).toHaveTextContent('Sunday, March 14, 2027 at 3:30 AM (America/New_York)');
    expect(items[2]).toHaveTextContent(
      'This local time does not exist this day (the clocks go forward): it fires at the shifted time.',
    );
    expect(items[3]).toHaveTextContent('Monday, March 15, 2027 at 2:30 AM (America/New_York)');
    for (const i of [0, 1, 3, 4]) expect(items[i]).not.toHaveTextContent('clocks');
    // The browser's zone too.
    expect(items[0]).toHaveTextContent('in your time zone');

    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0].body).toEqual({
      botId: 'b-3',
      agentId: 'a-1',
      duration: { frequency: 'daily', time: '02:30', timezone: 'America/New_York', startDate: '2027-03-12T00:00' },
      recipients: ['ops@acme.com'],
      overlap: 'queue',
      skipNonWorkingDays: false,
      parameters: [{ name: 'inputPath', value: 'C:/in' }],
    });
    expect(await screen.findByText('Schedule created successfully!')).toBeInTheDocument();
  });
});
