import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { decryptParameter } from '../../../src/domain/parameterCrypto';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { BOTS, agentsApi, botsApi } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const KEY = Buffer.alloc(32, 7).toString('base64');
const slow = { timeout: 10_000 };
const bot = {
  ...BOTS[0],
  parameters: [
    { name: 'inputPath', direction: 'In', type: 'String' },
    { name: 'count', direction: 'In', type: 'Int32' },
    { name: 'total', direction: 'Out', type: 'Int32' },
  ],
};
const coded = {
  ...bot,
  parameters: [{ name: 'accountCode', direction: 'In', type: 'String', startsWith1: true }],
};

/** POST /process/create answering `reply` (recorded), GET /company/parameter-key (recorded). */
function runApi(reply: { status: number; message: string }, id = 'x'): { creates: Seen[]; keys: Seen[] } {
  const creates: Seen[] = [];
  const keys: Seen[] = [];
  server.use(
    http.post('*/api/process/create', async ({ request }) => {
      creates.push(await seen(request));
      return reply.status === 200
        ? ok({ id }, reply.message)
        : HttpResponse.json({ message: reply.message, code: 'AGENT_BUSY' }, { status: reply.status });
    }),
    http.get('*/api/company/parameter-key', async ({ request }) => {
      keys.push(await seen(request));
      return ok({ key: KEY });
    }),
  );
  return { creates, keys };
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([bot]);
  agentsApi();
});

async function openRun() {
  await renderShell('/controlroom/bots/view');
  const u = userEvent.setup();
  await u.click(within(await rowOf('Invoice Bot', slow.timeout)).getByRole('button', { name: 'Run' }));
  const dialog = await screen.findByRole('dialog', {}, slow);
  return { u, dialog };
}

describe('Run (bots list)', { timeout: 30_000 }, () => {
  it("lists the company's agents connected first with their state, checks the parameters, encrypts a marked value and shows the server's message", async () => {
    const { creates, keys } = runApi({ status: 200, message: 'Process with Id 12345678... Added successfully' });
    const { u, dialog } = await openRun();
    expect(dialog).toHaveAccessibleName('Run Invoice Bot');
    // The input arguments only, each a value under its name: nothing to rename, remove or add.
    expect(within(dialog).getByRole('textbox', { name: 'inputPath' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'count' })).toHaveValue('');
    expect(within(dialog).queryByRole('textbox', { name: 'total' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Remove this parameter' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add a parameter' })).toBeNull();

    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    // The agent is required; the workflow's arguments may be left empty, each saying what it then is.
    expect(within(dialog).getAllByText('This field is required!')).toHaveLength(1);
    expect(within(dialog).getByText('String · Optional: empty is Nothing')).toBeInTheDocument();
    expect(within(dialog).getByText('Int32 · Optional: empty is 0')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Finance PC (Connected, idle)',
      'Back Office PC (Disconnected, reserved by admin)',
    ]);
    await u.click(options[0]);

    const values = [
      within(dialog).getByRole('textbox', { name: 'inputPath' }),
      within(dialog).getByRole('textbox', { name: 'count' }),
    ];
    await u.type(values[0], 'C:\\in');
    await u.type(values[1], '1.5');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('Only integer numbers are accepted!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await u.clear(values[1]);
    await u.type(values[1], '12');
    await u.click(within(dialog).getAllByRole('checkbox', { name: 'Encrypt' })[0]);
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Process with Id 12345678... Added successfully', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(keys.map((k) => k.query)).toEqual([{ companyId: 'c-1' }]);
    const body = creates[0].body as {
      botId: string;
      agentId: string;
      parameters: { name: string; value: string; encrypted?: boolean }[];
    };
    expect(body.botId).toBe('b-1');
    expect(body.agentId).toBe('a-1');
    expect(body.parameters[1]).toEqual({ name: 'count', value: '12' });
    expect(body.parameters[0]).toMatchObject({ name: 'inputPath', encrypted: true });
    expect(body.parameters[0].value).not.toContain('C:\\in');
    expect(decryptParameter(body.parameters[0].value, KEY)).toBe('C:\\in');
  });

  it("shows the server's refusal ('Agent is busy!') and keeps the dialog open", async () => {
    const { creates } = runApi({ status: 409, message: 'Agent is busy!' });
    const { u, dialog } = await openRun();
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click((await screen.findAllByRole('option'))[0]);
    await u.type(within(dialog).getByRole('textbox', { name: 'inputPath' }), 'in');
    await u.type(within(dialog).getByRole('textbox', { name: 'count' }), '3');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Agent is busy!', {}, slow)).toBeInTheDocument();
    expect(creates).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a bot that declares no parameter may be given some by name: added, checked (15 and 30 at most), removed', async () => {
    botsApi([{ ...bot, parameters: [] }]);
    const { creates } = runApi({ status: 200, message: 'Process with Id 12345678... Added successfully' });
    const { u, dialog } = await openRun();
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click((await screen.findAllByRole('option'))[0]);
    expect(within(dialog).getByText('This workflow has no arguments.')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Add a parameter' }));
    await u.click(within(dialog).getByRole('button', { name: 'Add a parameter' }));
    const names = within(dialog).getAllByRole('textbox', { name: 'Name' });
    const values = within(dialog).getAllByRole('textbox', { name: 'Value' });
    await u.type(names[0], 'a'.repeat(16));
    await u.type(values[0], 'v'.repeat(31));
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('Parameter name can be at most 15 characters!')).toBeInTheDocument();
    expect(within(dialog).getByText('Parameter value can be at most 30 characters!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await u.click(within(dialog).getAllByRole('button', { name: 'Remove this parameter' })[0]);
    await u.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'in_Customer');
    await u.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'ACME');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Process with Id 12345678... Added successfully', {}, slow)).toBeInTheDocument();
    expect((creates[0].body as { parameters: unknown[] }).parameters).toEqual([{ name: 'in_Customer', value: 'ACME' }]);
  });

  it("the toast of a started run opens it: 'Open' leads to its details", async () => {
    const id = '44444444-dddd-4ddd-8ddd-000000000004';
    runApi({ status: 200, message: 'Process with Id 44444444... Added successfully' }, id);
    processesApi([{ ...PROCESSES[1], id }]);
    const { u, dialog } = await openRun();
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click((await screen.findAllByRole('option'))[0]);
    await u.type(within(dialog).getByRole('textbox', { name: 'inputPath' }), 'in');
    await u.type(within(dialog).getByRole('textbox', { name: 'count' }), '3');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    const toast = await screen.findByRole('alert', {}, slow);
    expect(toast).toHaveTextContent('Process with Id 44444444... Added successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.click(within(toast).getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Process Details' }, slow)).toBeInTheDocument();
    expect(await screen.findByText(/^44444444/, {}, slow)).toBeInTheDocument();
    // Open closed the toast.
    expect(toast).not.toBeInTheDocument();
  });

  it("a value the workflow says must start with 1 is refused otherwise ('Value must start with 1!')", async () => {
    botsApi([coded]);
    const { creates } = runApi({ status: 200, message: 'Process with Id 12345678... Added successfully' });
    const { u, dialog } = await openRun();
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click((await screen.findAllByRole('option'))[0]);
    // The workflow's rule is said under the value before it is broken.
    expect(within(dialog).getByText('String · Must start with 1 · Optional: empty is Nothing')).toBeInTheDocument();
    const value = within(dialog).getByRole('textbox', { name: 'accountCode' });
    await u.type(value, '2045');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('Value must start with 1!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);
    await u.clear(value);
    await u.type(value, '1045');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Process with Id 12345678... Added successfully', {}, slow)).toBeInTheDocument();
    expect((creates[0].body as { parameters: unknown[] }).parameters).toEqual([{ name: 'accountCode', value: '1045' }]);
  });
});
