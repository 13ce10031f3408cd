import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const fieldedRun = { ...PROCESSES[0], id: '99999999-aaaa-4aaa-8aaa-000000000009', logCount: 3 };
const at = '2025-06-01T10:00:02.000Z';
// As GET /processExecutionLog answers them: fields null on a line without any.
const LINES = {
  ...LOG_LINES,
  [fieldedRun.id]: [
    { seq: 1, at, stream: 'stdout', text: 'no fields yet', level: 'Info', fields: null },
    { seq: 2, at, stream: 'stdout', text: 'with both', level: 'Info', fields: { Customer: 'ACME Ltd', Attempt: '2' } },
    { seq: 3, at, stream: 'stderr', text: 'with one', level: 'Warn', fields: { Attempt: '2' } },
  ],
};

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi();
  agentsApi();
  processesApi([fieldedRun, PROCESSES[0]], LINES);
});

/** The log's line showing `text`: the line's own element. */
const lineOf = (log: HTMLElement, text: string) => {
  const found = within(log)
    .getAllByText((_, el) => el?.parentElement === log && (el.textContent ?? '').includes(text))
    .at(0);
  if (!found) throw new Error(`no line ${text}`);
  return found;
};
const chips = (line: HTMLElement, name = 'Log fields') =>
  within(line)
    .queryAllByRole('list', { name })
    .flatMap((list) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );

describe("a workflow line's custom log fields in the process log", { timeout: 30_000 }, () => {
  it('shows each field as name: value next to its line, none on a line without, and puts them in the download', async () => {
    const saved: string[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        void blob.text().then((t) => saved.push(t));
        return 'blob:log';
      },
      revokeObjectURL: () => undefined,
    });
    await renderShell(`/controlroom/process/processDetails/${fieldedRun.id}`);
    const log = await screen.findByRole('log', {}, { timeout: 10_000 });
    expect(chips(lineOf(log, 'with both'))).toEqual(['Customer: ACME Ltd', 'Attempt: 2']);
    expect(chips(lineOf(log, 'with one'))).toEqual(['Attempt: 2']);
    expect(chips(lineOf(log, 'no fields yet'))).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download log' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].split('\n').filter(Boolean)).toEqual([
      `${at} [stdout Info] no fields yet`,
      `${at} [stdout Info] with both {"Customer":"ACME Ltd","Attempt":"2"}`,
      `${at} [stderr Warn] with one {"Attempt":"2"}`,
    ]);
  });

  it('names the list of fields in French', async () => {
    localStorage.setItem('language', 'fr');
    await renderShell(`/controlroom/process/processDetails/${fieldedRun.id}`);
    const log = await screen.findByRole('log', {}, { timeout: 10_000 });
    expect(chips(lineOf(log, 'with one'), 'Champs du journal')).toEqual(['Attempt: 2']);
  });
});
