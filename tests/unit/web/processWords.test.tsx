import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { setLanguage } from '../../../i18n/language';
import { withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { botsApi, agentsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => import('./helpers/endedRunSocket'));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi();
  agentsApi();
});

const slow = { timeout: 10_000 };
const [executed, , running] = PROCESSES;
const base = PROCESSES[0];
const failed = { ...base, id: '44444444-dddd-4ddd-8ddd-000000000004', status: 3, logCount: 0 };
const canceled = { ...base, id: '55555555-eeee-4eee-8eee-000000000005', status: 4, logCount: 0 };
const WORLD = [...PROCESSES, failed, canceled];

/** The status chip of a list row or of the details page. */
const chipOf = (container: HTMLElement, label: string) =>
  within(container).getByText(label).closest('.MuiChip-root') as HTMLElement;

/** The value beside a label of the details page. */
const valueOf = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('the words and colours of a run', { timeout: 30_000 }, () => {
  it('a failed run reads "Error", and a canceled one has the same orange chip in the list and on its details', async () => {
    processesApi(WORLD);
    await renderShell('/controlroom/process');
    const failedRow = await rowOf('44444444', slow.timeout);
    expect(within(failedRow).getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText(/Error\/Failed/)).toBeNull();
    const listChip = chipOf(await rowOf('55555555', slow.timeout), 'Canceled');
    expect(listChip).toHaveClass('MuiChip-colorWarning');
    const listColour = getComputedStyle(listChip).backgroundColor;
    cleanup();

    await renderShell(`/controlroom/process/processDetails/${canceled.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Process Details' }, slow);
    const detailsChip = chipOf(valueOf('Status'), 'Canceled');
    expect(detailsChip).toHaveClass('MuiChip-colorWarning');
    expect(getComputedStyle(detailsChip).backgroundColor).toBe(listColour);
  });

  it("'Started by' names the person of a manual run", async () => {
    processesApi(WORLD);
    await renderShell(`/controlroom/process/processDetails/${executed.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Process Details' }, slow);
    expect(valueOf('Started by')).toHaveTextContent('Uma User (manual run)');
  });

  it('a finished run without log lines says it wrote none; a running one waits for its first', async () => {
    processesApi(WORLD, {});
    await renderShell(`/controlroom/process/processDetails/${failed.id}`);
    expect(await screen.findByText('This run wrote no log line.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('No log line yet.')).toBeNull();
    cleanup();

    await renderShell(`/controlroom/process/processDetails/${running.id}`);
    expect(await screen.findByText('No log line yet.', {}, slow)).toBeInTheDocument();
  });

  it('an empty Current Status says how a run starts, with a link to View Bots, and offers no Create', async () => {
    processesApi([]);
    await renderShell('/controlroom/process');
    expect(await screen.findByText('No run yet. Start one from View Bots with Run.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/Click Create/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open View Bots' })).toHaveAttribute('href', '/controlroom/bots/view');
  });

  it('in French: the same words', async () => {
    setLanguage('fr');
    processesApi([]);
    await renderShell('/controlroom/process');
    expect(
      await screen.findByText(
        'Aucune exécution pour le moment. Lancez-en une depuis Voir les robots avec Exécuter.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir Voir les robots' })).toBeInTheDocument();
  });
});
