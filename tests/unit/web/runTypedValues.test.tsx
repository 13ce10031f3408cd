import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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
/** A workflow's arguments as the server reads them: long names, defaults (a literal, an expression), types. */
const bot = {
  ...BOTS[0],
  parameters: [
    { name: 'in_initialMailContent', direction: 'In', type: 'String' },
    { name: 'in_Greeting', direction: 'In', type: 'String', default: 'Hello' },
    { name: 'in_RetryCount', direction: 'In', type: 'Int32', default: '[3 + 0]' },
    { name: 'in_Rate', direction: 'In', type: 'Double' },
    { name: 'in_Strict', direction: 'In', type: 'Boolean', default: 'True' },
    { name: 'in_Names', direction: 'In', type: 'List(String)' },
    { name: 'in_Rows', direction: 'In', type: 'DataTable', default: '[New DataTable]' },
    { name: 'out_Summary', direction: 'Out', type: 'String' },
  ],
};

function runApi(): Seen[] {
  const creates: Seen[] = [];
  server.use(
    http.post('*/api/process/create', async ({ request }) => {
      creates.push(await seen(request));
      return ok({ id: 'x' }, 'Process with Id 12345678... Added successfully');
    }),
  );
  return creates;
}

beforeEach(() => {
  localStorage.clear();
  storeSession(ACTORS.customerAdmin);
  peopleApi();
  botsApi([bot]);
  agentsApi();
});

describe('Run: values by type, defaults and optional arguments', { timeout: 60_000 }, () => {
  it('offers an input per type, prefills literal defaults, checks numbers and JSON, and leaves empty defaults unsent', async () => {
    const creates = runApi();
    await renderShell('/controlroom/bots/view');
    const u = userEvent.setup();
    await u.click(within(await rowOf('Invoice Bot', slow.timeout)).getByRole('button', { name: 'Run' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await u.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    await u.click((await screen.findAllByRole('option'))[0]);

    const box = (name: string) => within(dialog).getByRole('textbox', { name });
    // Pasted whole: typing each key of a long value is slow and reads brackets as key names.
    const fill = async (name: string, text: string) => {
      await u.clear(box(name));
      if (text !== '') await u.paste(text);
    };
    // A literal default is the starting value; an expression is the workflow's to compute: said, not filled in.
    expect(box('in_initialMailContent')).toHaveValue('');
    expect(box('in_Greeting')).toHaveValue('Hello');
    expect(box('in_RetryCount')).toHaveValue('');
    expect(within(dialog).getByText('Int32 · Default: [3 + 0]')).toBeInTheDocument();
    expect(box('in_RetryCount')).toHaveAttribute('inputmode', 'numeric');
    expect(box('in_Rate')).toHaveAttribute('inputmode', 'decimal');
    expect(within(dialog).getByRole('combobox', { name: 'in_Strict' })).toHaveTextContent('true');
    expect(box('in_Names')).toHaveAttribute('placeholder', '["a", "b"]');
    expect(box('in_Rows')).toHaveAttribute('placeholder', '[{"Name": "a", "Qty": 2}]');
    // Out arguments are given back by the workflow, not asked for.
    expect(within(dialog).queryByRole('textbox', { name: 'out_Summary' })).toBeNull();

    await u.clear(box('in_Greeting'));
    // Every argument may be left empty, as Orchestrator starts a job: each says what empty becomes.
    expect(within(dialog).getByText('String · Optional: empty is Nothing')).toBeInTheDocument();
    expect(within(dialog).queryByText('This field is required!')).toBeNull();

    await fill('in_initialMailContent', 'Dear customer,');
    await fill('in_Rate', '2,5');
    await fill('in_Names', '{"a": 1}');
    await fill('in_RetryCount', 'three');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('Only numbers are accepted!')).toBeInTheDocument();
    expect(within(dialog).getByText('A JSON array is expected, e.g. ["a", "b"]!')).toBeInTheDocument();
    expect(within(dialog).getByText('Only integer numbers are accepted!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await fill('in_Names', '["a", ');
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(within(dialog).getByText('This is not valid JSON!')).toBeInTheDocument();

    await fill('in_Rate', '2.5');
    await fill('in_Names', '["a", "b"]');
    await fill('in_RetryCount', '');
    await u.click(within(dialog).getByRole('combobox', { name: 'in_Strict' }));
    await u.click(await screen.findByRole('option', { name: 'false' }));
    await u.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Process with Id 12345678... Added successfully', {}, slow)).toBeInTheDocument();
    // The long name is the workflow's own; the empty arguments with a default are not sent.
    expect((creates[0].body as { parameters: unknown[] }).parameters).toEqual([
      { name: 'in_initialMailContent', value: 'Dear customer,' },
      { name: 'in_Rate', value: '2.5' },
      { name: 'in_Strict', value: 'false' },
      { name: 'in_Names', value: '["a", "b"]' },
    ]);
  });

  it("shows each argument's default on the bot's Parameters tab", async () => {
    botsApi([bot]);
    await renderShell('/controlroom/bots/details/b-1');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Parameters' }, slow));
    const table = await screen.findByRole('table', { name: 'Arguments of the workflow' }, slow);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows[0]).toBe('NameDirectionTypeDefault');
    expect(rows).toContain('in_RetryCountInInt32[3 + 0]');
    expect(rows).toContain('in_GreetingInStringHello');
    expect(rows).toContain('out_SummaryOutString');
  });
});
