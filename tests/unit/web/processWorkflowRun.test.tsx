import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { agentsApi, botsApi } from './helpers/automation';
import { LOG_LINES, PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

// The details page follows running processes over socket.io: this run has ended.
vi.mock('../../../src/custom/realtime/socket', () => import('./helpers/endedRunSocket'));

withFakeApi();
withDomCleanup();

const workflowRun = {
  ...PROCESSES[0],
  id: '88888888-aaaa-4aaa-8aaa-000000000008',
  logCount: 3,
  result: { out_Greeting: 'Hello, Ada', out_Count: '3' },
};
const at = '2025-06-01T10:00:02.000Z';
const LINES = {
  ...LOG_LINES,
  [workflowRun.id]: [
    { seq: 1, at, stream: 'stdout', text: 'Hello, Ada', level: 'Info' },
    { seq: 2, at, stream: 'stderr', text: 'Careful with ADA', level: 'Warn' },
    { seq: 3, at, stream: 'stdout', text: 'a script line', level: null },
  ],
};

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi();
  agentsApi();
  processesApi([workflowRun, PROCESSES[0]], LINES);
});

describe("a workflow run's details", { timeout: 30_000 }, () => {
  it('shows its Out arguments and each line with its level', async () => {
    await renderShell(`/controlroom/process/processDetails/${workflowRun.id}`);
    const table = await screen.findByRole('table', { name: 'Out arguments' }, { timeout: 10_000 });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Argument', 'Value'],
      ['out_Greeting', 'Hello, Ada'],
      ['out_Count', '3'],
    ]);
    const log = await screen.findByRole('log');
    const warn = within(log).getByText('Warn');
    expect(warn.getAttribute('data-level')).toBe('Warn');
    expect(warn.parentElement?.textContent).toContain('Careful with ADA');
    expect(within(log).getByText('Info').parentElement?.textContent).toContain('Hello, Ada');
    // A script's line has no level label.
    expect(within(log).getByText('a script line').querySelector('[data-level]')).toBeNull();
  });

  it('names them in French', async () => {
    localStorage.setItem('language', 'fr');
    await renderShell(`/controlroom/process/processDetails/${workflowRun.id}`);
    await screen.findByRole('table', { name: 'Arguments de sortie' }, { timeout: 10_000 });
    expect(within(await screen.findByRole('log')).getByText('Avert.')).toBeTruthy();
  });

  it('shows no Out arguments for a run without a result', async () => {
    await renderShell(`/controlroom/process/processDetails/${PROCESSES[0].id}`);
    await screen.findByRole('log', {}, { timeout: 10_000 });
    expect(screen.queryByRole('table', { name: 'Out arguments' })).toBeNull();
  });
});
