import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { decryptParameter } from '../../../src/domain/parameterCrypto';
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
const KEY = Buffer.alloc(32, 7).toString('base64');
const REPORT_BOT = { ...BOTS[0], id: 'b-3', name: 'Report Bot', type: 2 };
const DURATION = {
  frequency: 'weekly',
  time: '09:00',
  weekDays: [1, 3],
  timezone: 'Asia/Kolkata',
  startDate: '2027-01-04T00:00',
};
const PLAN = {
  id: 's-1',
  companyId: 'c-1',
  botId: 'b-3',
  botName: 'Report Bot',
  agentId: 'a-1',
  agentName: 'Finance PC',
  userId: 'u-1',
  viewerIds: ['u-1'],
  duration: JSON.stringify(DURATION),
  frequency: 'weekly',
  timezone: 'Asia/Kolkata',
  parameters: [{ name: 'inputPath', value: 'C:/in' }],
  recipients: ['ops@acme.com'],
  overlap: 'skip',
  skipNonWorkingDays: true,
  status: 'active',
  nextFires: [],
};

function api(): Seen[] {
  const puts: Seen[] = [];
  server.use(
    http.get('*/api/process/schedule/details/:id', () => ok(PLAN)),
    http.post('*/api/process/schedule/preview', () => ok(['2027-01-04T04:30:00.000Z'])),
    http.put('*/api/process/schedule/:id', async ({ request }) => {
      puts.push(await seen(request));
      return ok({ id: 's-1' }, 'Schedule updated successfully!');
    }),
    http.get('*/api/company/parameter-key', () => ok({ key: KEY })),
  );
  return puts;
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([BOTS[0], REPORT_BOT]);
  agentsApi();
});

async function open() {
  await renderShell('/controlroom/process/schedule/reschedule/s-1');
  await screen.findByRole('heading', { name: 'Reschedule', level: 1 }, slow);
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^Bot/ })).toHaveTextContent('Report Bot'), slow);
  return userEvent.setup();
}

describe('Reschedule', { timeout: 60_000 }, () => {
  it('opens the builder on the plan; a new time is sent with the parameters left as they are', async () => {
    const puts = api();
    const u = await open();
    expect(screen.getByRole('combobox', { name: /^Frequency/ })).toHaveTextContent('Weekly');
    expect(screen.getByLabelText('Time', { exact: true })).toHaveValue('09:00');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Friday' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
    expect(screen.getByRole('textbox', { name: 'Recipients' })).toHaveValue('ops@acme.com');
    expect(screen.getByRole('checkbox', { name: 'Skip non-working days' })).toBeChecked();
    expect(screen.getByText('The parameters stay as they are.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Time', { exact: true }), { target: { value: '10:00' } });
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Next five fires' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].path).toBe('/api/process/schedule/s-1');
    expect(puts[0].body).toEqual({
      botId: 'b-3',
      agentId: 'a-1',
      duration: { ...DURATION, time: '10:00' },
      recipients: ['ops@acme.com'],
      overlap: 'skip',
      skipNonWorkingDays: true,
    });
  });

  it('parameters written anew are sent, a value marked encrypted as the browser encrypted it', async () => {
    const puts = api();
    const u = await open();
    await u.click(screen.getByRole('switch', { name: 'Change the parameters' }));
    const value = screen.getByLabelText('inputPath', { exact: true });
    expect(value).toHaveValue('C:/in');
    await u.clear(value);
    await u.type(value, 'Secret-1');
    await u.click(screen.getByRole('checkbox', { name: 'Encrypt' }));
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Next five fires' });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const sent = (puts[0].body as { parameters: { name: string; value: string; encrypted?: boolean }[] }).parameters;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'inputPath', encrypted: true });
    expect(sent[0].value).not.toContain('Secret-1');
    expect(decryptParameter(sent[0].value, KEY)).toBe('Secret-1');
  });
});
