import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { BOTS, PARAMETERS, botsApi, multipartOf, xaml } from './helpers/automation';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, customerAdmin } = ACTORS;
const slow = { timeout: 5000 };

describe('Create Bots (/controlroom/bots/create)', { timeout: 30_000 }, () => {
  function createApi(answer: () => Response) {
    const posted: Awaited<ReturnType<typeof multipartOf>>[] = [];
    const previewed: Awaited<ReturnType<typeof multipartOf>>[] = [];
    server.use(
      http.post('*/api/bot/getParameters', async ({ request }) => {
        previewed.push(await multipartOf(request));
        return ok(PARAMETERS);
      }),
      http.post('*/api/bot/create', async ({ request }) => {
        posted.push(await multipartOf(request));
        return answer();
      }),
    );
    return { posted, previewed };
  }

  async function fillForm(u: ReturnType<typeof userEvent.setup>) {
    await u.upload(
      await screen.findByLabelText('Bot file (XAML workflow, project package or script)', {}, slow),
      xaml(),
    );
    await u.type(screen.getByRole('textbox', { name: /^Name/ }), 'Invoice Reader');
    await u.type(screen.getByRole('textbox', { name: /^Description/ }), 'Reads the invoices of the day');
    await u.click(screen.getByRole('combobox', { name: /^Type/ }));
    await u.click(await screen.findByRole('option', { name: 'Automated' }));
  }

  it("previews the workflow's arguments, sends multipart with the file, and shows the licence limit", async () => {
    storeSession(customerAdmin);
    peopleApi();
    const { posted, previewed } = createApi(() =>
      HttpResponse.json(
        { message: 'The licence of this company allows no more bots, contact admin!', code: 'LICENCE_LIMIT' },
        { status: 409 },
      ),
    );
    await renderShell('/controlroom/bots/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Bot' })).toBeInTheDocument();
    // A company user creates in their own company: no company to choose.
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    const u = userEvent.setup();
    await fillForm(u);

    const preview = await screen.findByRole('table', { name: 'Arguments of the workflow' }, slow);
    expect(
      within(preview)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameDirectionTypeDefault', 'inputPathInString', 'totalOutInt32']);
    expect(previewed[0].parts.file).toEqual({ name: 'workflow.xaml', text: await xaml().text() });
    expect(screen.getByText(/^workflow\.xaml \(/)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The licence of this company allows no more bots, contact admin!', {}, slow),
    ).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(posted[0].parts).toEqual({
      file: { name: 'workflow.xaml', text: await xaml().text() },
      name: 'Invoice Reader',
      description: 'Reads the invoices of the day',
      type: '2',
      timeoutSeconds: '3600',
      // The Trace activities setting, off unless switched on.
      traceActivities: 'false',
    });
  });

  it('asks for the file first, shows the server’s field errors under their inputs, and opens the new bot', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    let answer: () => Response = () =>
      HttpResponse.json(
        {
          message:
            'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!',
          code: 'VALIDATION_FAILED',
          errors: [
            {
              field: 'file',
              message:
                'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!',
            },
          ],
        },
        { status: 400 },
      );
    const { posted } = createApi(() => answer());
    await renderShell('/controlroom/bots/create');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Save' }, slow));
    expect(
      await screen.findByText('Please upload the file of the bot: a XAML workflow, a project package or a script!'),
    ).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await fillForm(u);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    // The server's word on the file is said under the file input.
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(
          'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!',
        ),
      slow,
    );

    answer = () => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bot created successfully!', {}, slow)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' }, slow)).toBeInTheDocument();
  });

  it('a workflow the server cannot read is said once, under the file, and Save waits for a readable one', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const refusal =
      'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!';
    let readable = false;
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/bot/getParameters', () =>
        readable
          ? ok(PARAMETERS)
          : HttpResponse.json(
              { message: refusal, code: 'VALIDATION_FAILED', errors: [{ field: 'file', message: refusal }] },
              { status: 400 },
            ),
      ),
      http.post('*/api/bot/create', ({ request }) => {
        posted.push(request.url);
        return ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!');
      }),
    );
    await renderShell('/controlroom/bots/create');
    const u = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save' }, slow);
    await u.upload(screen.getByLabelText('Bot file (XAML workflow, project package or script)'), xaml('broken.xaml'));

    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(refusal),
      slow,
    );
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save).toBeDisabled();

    readable = true;
    await u.upload(screen.getByLabelText('Bot file (XAML workflow, project package or script)'), xaml('invoice.xaml'));
    expect(await screen.findByRole('table', { name: 'Arguments of the workflow' }, slow)).toBeInTheDocument();
    expect(screen.queryByText(refusal)).toBeNull();
    await waitFor(() => expect(save).toBeEnabled());
    expect(posted).toHaveLength(0);
  });

  it('a file that is neither a workflow nor a script is refused at once, before any upload, and Save stays disabled', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const { previewed } = createApi(() => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!'));
    await renderShell('/controlroom/bots/create');
    const u = userEvent.setup({ applyAccept: false });
    const save = await screen.findByRole('button', { name: 'Save' }, slow);
    await u.upload(
      screen.getByLabelText('Bot file (XAML workflow, project package or script)'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      await screen.findByText(
        'The file must be a valid XAML workflow (.xaml), a project package (.zip, .nupkg) or a script (.js, .mjs, .cjs, .sh, .py, .ps1)!',
      ),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(previewed).toHaveLength(0);
  });

  it("an empty Name asks for the Name it shows, not a 'Title'", async () => {
    storeSession(customerAdmin);
    peopleApi();
    createApi(() => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!'));
    await renderShell('/controlroom/bots/create');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }, slow));
    expect(await screen.findByText('Please input Name!')).toBeInTheDocument();
    expect(screen.queryByText('Please input Title!')).toBeNull();
  });

  it('a Super Admin must choose the company, which is sent as companyId', async () => {
    storeSession(superAdmin);
    peopleApi();
    const { posted } = createApi(() => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!'));
    botsApi();
    await renderShell('/controlroom/bots/create');
    const u = userEvent.setup();
    await fillForm(u);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select company!')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    // The form focused the missing company: typing opens its choices.
    await u.type(screen.getByRole('combobox', { name: /^Company/ }), 'Glo');
    await u.click(await screen.findByRole('option', { name: 'Globex Ltd' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted[0]?.parts).toMatchObject({ companyId: 'c-2', name: 'Invoice Reader' }), slow);
  });

  it('names what it accepts: a XAML workflow, a project package or a script, in the label, the help and the picker', async () => {
    storeSession(customerAdmin);
    peopleApi();
    const { previewed } = createApi(() => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!'));
    await renderShell('/controlroom/bots/create');
    const input = await screen.findByLabelText('Bot file (XAML workflow, project package or script)', {}, slow);
    expect(input).toHaveAttribute('accept', '.xaml,.zip,.nupkg,.js,.mjs,.cjs,.sh,.py,.ps1');
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveAccessibleDescription(
      'A XAML workflow (.xaml), a project package (.zip, .nupkg: a zipped project folder, or a UiPath package whose project.json names its main workflow) or a script (.js, .mjs, .cjs, .sh, .py, .ps1) of at most 32 MB; its parameters are shown once it is read.',
    );
    // A script is read like a workflow: its declared parameters are previewed.
    const script = new File(['# @rpa-param in_Customer String\necho hi\n'], 'report.py', { type: 'text/x-python' });
    await userEvent.setup().upload(input, script);
    expect(await screen.findByRole('table', { name: 'Arguments of the workflow' }, slow)).toBeInTheDocument();
    expect(previewed[0].parts.file).toMatchObject({ name: 'report.py' });
    // So is a package: sent to the server, which reads its main workflow.
    await userEvent.setup().upload(input, new File([new Uint8Array([80, 75, 5, 6])], 'Invoices.nupkg'));
    await waitFor(() => expect(previewed[1]?.parts.file).toMatchObject({ name: 'Invoices.nupkg' }), slow);
  });

  it('Cancel goes back to View Bots; after a change it asks first, and the dialog’s Cancel keeps the input', async () => {
    storeSession(customerAdmin);
    peopleApi();
    botsApi();
    createApi(() => ok({ ...BOTS[0], id: 'b-1' }, 'Bot created successfully!'));
    await renderShell('/controlroom/bots/create');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancel' }, slow));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Bots' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await u.click(
      within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('link', { name: 'Create Bots' }),
    );
    await u.type(await screen.findByRole('textbox', { name: /^Name/ }, slow), 'Half typed');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    // The dialog's Cancel keeps the form (and its input): the page's Cancel is behind it.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Create Bot' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half typed');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'View Bots' }, slow)).toBeInTheDocument();
  });
});
