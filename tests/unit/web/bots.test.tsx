import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { PARAMETERS, botsApi, xaml } from './helpers/automation';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { list, ok, renderShell, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, subAdmin, customerAdmin, plainUser } = ACTORS;
afterEach(() => vi.restoreAllMocks());

/**
 * GET /bot/downloadXAML/:id answering `<Activity/>` with `headers`, and a browser that records
 * what it would save: the ids asked for, the file names and the blobs.
 */
function fakeDownload(headers: Record<string, string> = {}) {
  const asked: string[] = [];
  const saved: string[] = [];
  const blobs: Blob[] = [];
  server.use(
    http.get('*/api/bot/downloadXAML/:id', ({ params }) => {
      asked.push(String(params.id));
      return new HttpResponse('<Activity/>', { headers: { 'content-type': 'application/xml', ...headers } });
    }),
  );
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:xaml'),
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { asked, saved, blobs };
}

const slow = { timeout: 5000 };
const lastBotQuery = (requests: Seen[]) => requests.filter((r) => r.path === '/api/bot/all').at(-1)?.query;
const filterLabels = () =>
  screen
    .getAllByRole('combobox')
    .map((c) =>
      (c.getAttribute('aria-label') ?? document.querySelector(`label[for="${c.id}"]`)?.textContent ?? '').replace(
        /\s*\*$/,
        '',
      ),
    );
/** A row's actions by their accessible names (they are icons with tooltips). */
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('link')
    .concat(within(row).queryAllByRole('button'))
    .map((b) => b.getAttribute('aria-label'));

describe('the sidebar', { timeout: 30_000 }, () => {
  it('Create Bots, View Bots and Agents open their screens, for a plain User too', async () => {
    storeSession(plainUser);
    peopleApi();
    botsApi();
    server.use(http.get('*/api/agent/all', () => list([])));
    await renderShell('/controlroom');
    const nav = within(screen.getByRole('navigation', { name: 'Sidebar' }));
    const u = userEvent.setup();
    await u.click(nav.getByRole('link', { name: 'View Bots' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Bots' }, slow)).toBeInTheDocument();
    await u.click(nav.getByRole('link', { name: 'Create Bots' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Bot' }, slow)).toBeInTheDocument();
    // An untouched form leaves without asking; a chosen file is a change to discard first.
    await u.click(nav.getByRole('link', { name: 'Agents' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' }, slow)).toBeInTheDocument();
    await u.click(nav.getByRole('link', { name: 'Create Bots' }));
    server.use(http.post('*/api/bot/getParameters', () => ok(PARAMETERS)));
    await u.upload(
      await screen.findByLabelText('Bot file (XAML workflow, project package or script)', {}, slow),
      xaml(),
    );
    await u.click(nav.getByRole('link', { name: 'View Bots' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
  });
});

describe('the bots list (/controlroom/bots/view)', { timeout: 30_000 }, () => {
  it('has the filters Company (Super/Sub Admin), User, Status and sends them to /bot/all', async () => {
    storeSession(superAdmin);
    peopleApi();
    const requests = botsApi();
    await renderShell('/controlroom/bots/view');
    expect(await screen.findByRole('heading', { level: 1, name: 'View Bots' })).toBeInTheDocument();
    await rowOf('Invoice Bot');
    expect(filterLabels().slice(0, 3)).toEqual(['Company', 'User', 'Status']);
    expect(screen.getByRole('columnheader', { name: /Created by/ })).toBeInTheDocument();
    expect(within(await rowOf('Payroll Bot')).getByText('Automated')).toBeInTheDocument();
    expect(within(await rowOf('Payroll Bot')).getByText('Expired')).toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(lastBotQuery(requests)).toMatchObject({ status: 'inactive' }), slow);
    await u.click(screen.getByRole('combobox', { name: 'User' }));
    await u.click(await screen.findByRole('option', { name: 'Uma User' }));
    await waitFor(() => expect(lastBotQuery(requests)).toMatchObject({ status: 'inactive', userId: 'u-2' }), slow);
  });

  it('a Customer Admin has no Company filter and sees View, Update, Delete and Download XAML on every bot', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/view');
    const payroll = await rowOf('Payroll Bot');
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(filterLabels().slice(0, 2)).toEqual(['User', 'Status']);
    await waitFor(() => expect(buttonsOf(payroll)).toEqual(['View', 'Update', 'Run', 'Delete', 'Download XAML']));
  });

  it('a User updates and deletes only the bots they created', async () => {
    storeSession(plainUser);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/view');
    const own = await rowOf('Payroll Bot');
    const adas = await rowOf('Invoice Bot');
    await waitFor(() => expect(buttonsOf(own)).toEqual(['View', 'Update', 'Run', 'Delete', 'Download XAML']));
    expect(buttonsOf(adas)).toEqual(['View', 'Run', 'Download XAML']);
  });

  it('a Sub Admin may update but not delete a bot', async () => {
    storeSession(subAdmin);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/view');
    const row = await rowOf('Invoice Bot');
    await waitFor(() => expect(buttonsOf(row)).toEqual(['View', 'Update', 'Run', 'Download XAML']));
    expect(within(row).queryByRole('checkbox')).toBeNull();
  });

  it('Download XAML saves the file the server answers, under its name', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    const { asked, saved, blobs } = fakeDownload({ 'content-disposition': 'attachment; filename="Invoice_Bot.xaml"' });
    await renderShell('/controlroom/bots/view');
    await userEvent.setup().click(within(await rowOf('Invoice Bot')).getByRole('button', { name: 'Download XAML' }));
    await waitFor(() => expect(saved).toEqual(['Invoice_Bot.xaml']));
    expect(asked).toEqual(['b-1']);
    expect(await blobs[0].text()).toBe('<Activity/>');
  });
});

describe('a bot’s details (/controlroom/bots/details/:id)', { timeout: 30_000 }, () => {
  it('shows its fields, its parameters and a Download button', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    const { asked, saved } = fakeDownload();
    await renderShell('/controlroom/bots/details/b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' }, slow)).toBeInTheDocument();
    expect(screen.getByText('b-1.xaml')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Parameters' }));
    const table = await screen.findByRole('table', { name: 'Arguments of the workflow' });
    expect(within(table).getByText('inputPath')).toBeInTheDocument();
    expect(within(table).getByText('Int32')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Download' }));
    // Without a name from the server, the bot's own file name.
    await waitFor(() => expect(saved).toEqual(['b-1.xaml']));
    expect(asked).toEqual(['b-1']);
  });
});
