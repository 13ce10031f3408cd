import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { BOTS, agentsApi, botsApi } from './helpers/automation';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };
/** A workflow's arguments as the server describes them: a default, a reference type, a value type. */
const workflow = {
  ...BOTS[0],
  fileName: 'Main.xaml',
  parameters: [
    {
      name: 'in_Greeting',
      direction: 'In',
      type: 'String',
      default: 'Hello',
      optional: true,
      whenEmpty: { kind: 'default', value: 'Hello' },
    },
    {
      name: 'in_Customer',
      direction: 'In',
      type: 'String',
      optional: true,
      whenEmpty: { kind: 'typeDefault', value: 'Nothing' },
    },
    {
      name: 'in_Count',
      direction: 'In',
      type: 'Int32',
      optional: true,
      whenEmpty: { kind: 'typeDefault', value: '0' },
    },
  ],
};
/** A script's parameter: left empty, the script does not get it. */
const script = {
  ...BOTS[0],
  id: 'b-3',
  name: 'Report Script',
  fileName: 'report.py',
  parameters: [{ name: 'in_Month', direction: 'In', type: 'String', optional: true, whenEmpty: { kind: 'notPassed' } }],
};

function createApi(): Seen[] {
  const creates: Seen[] = [];
  server.use(
    http.post('*/api/process/create', async ({ request }) => {
      creates.push(await seen(request));
      return ok({ id: 'p-1' }, 'Process with Id p-1... Added successfully');
    }),
  );
  return creates;
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([workflow, script]);
  agentsApi();
});

async function openRun(bot: string, run: string) {
  await renderShell('/controlroom/bots/view');
  const u = userEvent.setup();
  await u.click(within(await rowOf(bot, slow.timeout)).getByRole('button', { name: run }));
  return { u, dialog: await screen.findByRole('dialog', {}, slow) };
}

describe('Run: what an argument left empty becomes', { timeout: 30_000 }, () => {
  it("a workflow's: its default, else its type's .NET default", async () => {
    const { dialog } = await openRun('Invoice Bot', 'Run');
    expect(within(dialog).getByText('String · Default: Hello')).toBeInTheDocument();
    expect(within(dialog).getByText('String · Optional: empty is Nothing')).toBeInTheDocument();
    expect(within(dialog).getByText('Int32 · Optional: empty is 0')).toBeInTheDocument();
  });

  it("a script's: it is not passed (no Nothing, a .NET word), and the run sends none", async () => {
    const creates = createApi();
    const { u, dialog } = await openRun('Report Script', 'Run');
    expect(within(dialog).getByText('String · Optional: left empty, it is not passed')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Nothing/)).toBeNull();
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click(await screen.findByRole('option', { name: /^Finance PC/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(creates).toHaveLength(1), slow);
    expect((creates[0].body as { parameters: unknown[] }).parameters).toEqual([]);
  });

  it('says both in French', async () => {
    localStorage.setItem('language', 'fr');
    const first = await openRun('Invoice Bot', 'Exécuter');
    expect(within(first.dialog).getByText('String · Par défaut : Hello')).toBeInTheDocument();
    expect(within(first.dialog).getByText('String · Facultatif : vide vaut Nothing')).toBeInTheDocument();
    expect(within(first.dialog).getByText('Int32 · Facultatif : vide vaut 0')).toBeInTheDocument();
    await first.u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    await first.u.click(within(await rowOf('Report Script', slow.timeout)).getByRole('button', { name: 'Exécuter' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('String · Facultatif : laissé vide, il n’est pas transmis')).toBeInTheDocument();
  });
});
