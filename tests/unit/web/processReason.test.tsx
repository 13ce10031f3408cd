import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { agentsApi, botsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

// The details page follows running processes over socket.io: these runs have ended.
vi.mock('../../../src/custom/realtime/socket', () => import('./helpers/endedRunSocket'));

withFakeApi();
withDomCleanup();

const ended = PROCESSES[0];
const stopped = {
  ...ended,
  id: '44444444-dddd-4ddd-8ddd-000000000004',
  status: 4,
  reason: 'Stopped by Carla Acme',
  reasonKey: 'stoppedBy',
  reasonValues: { name: 'Carla Acme' },
};
const timedOut = {
  ...ended,
  id: '55555555-eeee-4eee-8eee-000000000005',
  status: 3,
  reason: 'Timed out after 90 s',
  reasonKey: 'timedOut',
  reasonValues: { seconds: 90 },
};
/** A run stored before reasons had keys: its English text is all there is. */
const older = { ...ended, id: '66666666-ffff-4fff-8fff-000000000006', status: 5, reason: 'agent restarted' };
/** A key a newer server sends that this web app does not know yet. */
const unknown = {
  ...ended,
  id: '77777777-aaaa-4aaa-8aaa-000000000007',
  status: 3,
  reason: 'Refused by its agent',
  reasonKey: 'somethingNew',
};

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi();
  agentsApi();
  processesApi([stopped, timedOut, older, unknown]);
});

const reasonShown = async (id: string) => {
  await renderShell(`/controlroom/process/processDetails/${id}`);
  const label = await screen.findByText(/^(Reason|Raison)$/, {}, { timeout: 10_000 });
  return label.parentElement?.textContent ?? '';
};

describe('the reason of a run on its details page', { timeout: 30_000 }, () => {
  it('says who stopped it, in English', async () => {
    expect(await reasonShown(stopped.id)).toContain('Stopped by Carla Acme');
  });

  it('says who stopped it, in French', async () => {
    localStorage.setItem('language', 'fr');
    expect(await reasonShown(stopped.id)).toContain('Arrêté par Carla Acme');
  });

  it('translates a timeout with its seconds in French', async () => {
    localStorage.setItem('language', 'fr');
    expect(await reasonShown(timedOut.id)).toContain('Délai dépassé après 90 s');
  });

  it("shows the server's English text for a run stored without a key", async () => {
    expect(await reasonShown(older.id)).toContain('agent restarted');
  });

  it('shows the English text of a key it does not know', async () => {
    localStorage.setItem('language', 'fr');
    expect(await reasonShown(unknown.id)).toContain('Refused by its agent');
  });
});
