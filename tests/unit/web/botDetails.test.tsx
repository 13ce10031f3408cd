import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { BOTS, botsApi, multipartOf, xaml } from './helpers/automation';
import { PROCESSES, processesApi } from './helpers/processes';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

const slow = { timeout: 5000 };
const { customerAdmin, plainUser } = ACTORS;
/** Ada's bot, shared with Uma's group, whose first file was replaced once. */
const REPLACED = [{ ...BOTS[0], previousFileName: 'First.xaml', fileReplacedAt: '2025-04-02T10:00:00.000Z' }, BOTS[1]];

/** GET /bot/downloadXAML/:id recording each asked URL's id and query; the browser records what it saves. */
function fakeDownload() {
  const asked: string[] = [];
  const saved: string[] = [];
  server.use(
    http.get('*/api/bot/downloadXAML/:id', ({ request, params }) => {
      asked.push(`${String(params.id)}${new URL(request.url).search}`);
      return new HttpResponse('<Activity/>', {
        headers: { 'content-type': 'application/xml', 'content-disposition': 'attachment; filename="First.xaml"' },
      });
    }),
  );
  Object.assign(URL, { createObjectURL: () => 'blob:xaml', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { asked, saved };
}

describe('a bot’s details: its runs, its previous version, Replace file', { timeout: 30_000 }, () => {
  it('lists the bot’s runs newest first, filtered by botId', async () => {
    storeSession(plainUser);
    peopleApi();
    botsApi(REPLACED);
    const requests = processesApi();
    await renderShell('/controlroom/bots/details/b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' }, slow)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Runs' }));
    expect(await screen.findByText(PROCESSES[0].id.slice(0, 8), {}, slow)).toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/api/process/all');
    expect(asked?.query).toMatchObject({ botId: 'b-1', sort: 'createdAt', order: 'DESC' });
  });

  it('downloads the previous version; a User who sees a shared bot may not replace its file', async () => {
    storeSession(plainUser);
    peopleApi();
    botsApi(REPLACED);
    const { asked, saved } = fakeDownload();
    await renderShell('/controlroom/bots/details/b-1');
    expect(await screen.findByText('First.xaml', {}, slow)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download the previous version' }));
    await waitFor(() => expect(saved).toEqual(['First.xaml']));
    expect(asked).toEqual(['b-1?version=previous']);
    expect(screen.queryByRole('button', { name: 'Replace file' })).toBeNull();
  });

  it('Replace file sends the new workflow as multipart to the update and shows the server’s message', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    const sent: Awaited<ReturnType<typeof multipartOf>>[] = [];
    server.use(
      http.put('*/api/bot/update/:id', async ({ request }) => {
        sent.push(await multipartOf(request));
        return ok({ ...BOTS[0], fileName: 'next.xaml', previousFileName: 'b-1.xaml' }, 'Bot updated successfully!');
      }),
    );
    await renderShell('/controlroom/bots/details/b-1');
    // The picker offers workflow files only; a file dropped past it is still checked.
    const u = userEvent.setup({ applyAccept: false });
    await u.click(await screen.findByRole('button', { name: 'Replace file' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the workflow of Invoice Bot' });
    const replace = within(dialog).getByRole('button', { name: 'Replace' });
    expect(replace).toBeDisabled();
    await u.upload(
      within(dialog).getByLabelText('Bot file (XAML workflow, project package or script)'),
      xaml('notes.xaml.txt'),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!',
    );
    await u.upload(
      within(dialog).getByLabelText('Bot file (XAML workflow, project package or script)'),
      xaml('next.xaml'),
    );
    await u.click(replace);
    expect(await screen.findByText('Bot updated successfully!', {}, slow)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].contentType).toContain('multipart/form-data');
    expect(sent[0].parts.file).toMatchObject({ name: 'next.xaml' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
