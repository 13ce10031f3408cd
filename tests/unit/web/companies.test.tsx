import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { COMPANIES, peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { list, ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

const slow = { timeout: 4000 };
beforeEach(() => localStorage.clear());

const { superAdmin } = ACTORS;

/** user-event puts a clipboard of its own on navigator: read what was copied from it. */
const clipboard = () => navigator.clipboard.readText();

const licence = (currency: 'INR' | 'USD', amount: number) => ({
  id: 'l-1',
  companyId: 'c-1',
  companyName: 'Acme Corp',
  tenure: 'Annually',
  currency,
  amount,
  displayAmount: 'from the server',
  maxBots: 5,
  maxAgents: 3,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  status: 'active',
});

function companyWith(extra: object) {
  server.use(
    http.get('*/api/company/details/c-1', () =>
      ok({ ...COMPANIES[0], licence: null, studioSubscription: null, ...extra }),
    ),
  );
}

async function openTab(name: string) {
  await userEvent.setup().click(await screen.findByRole('tab', { name }, slow));
}

describe('a company’s details page', { timeout: 30_000 }, () => {
  it('has the tabs Details, Users, Groups, Agents, Bots, Registration Tokens, Licence, Bot Studio Subscription', async () => {
    storeSession(superAdmin);
    peopleApi();
    await renderShell('/controlroom/company/details/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Details' })).toBeInTheDocument();
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Details',
      'Users',
      'Groups',
      'Agents',
      'Bots',
      'Registration Tokens',
      'Licence',
      'Bot Studio Subscription',
    ]);
    await openTab('Users');
    expect(await screen.findByText('uma@acme.com')).toBeInTheDocument();
    expect(screen.queryByText('gil@globex.com')).toBeNull();
    expect(screen.getByRole('link', { name: 'Register User' })).toHaveAttribute(
      'href',
      '/controlroom/user/registration?companyId=c-1',
    );
  });

  it('shows a USD licence amount divided by 83.3 with 2 decimals', async () => {
    storeSession(superAdmin);
    peopleApi();
    companyWith({ licence: licence('USD', 8330) });
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Licence');
    expect(await screen.findByText('100.00 USD')).toBeInTheDocument();
    expect(screen.getByText('Annually')).toBeInTheDocument();
  });

  it('an INR licence amount is shown as is', async () => {
    storeSession(superAdmin);
    peopleApi();
    companyWith({ licence: licence('INR', 5000) });
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Licence');
    expect(await screen.findByText('5,000 INR')).toBeInTheDocument();
  });

  it('creates a licence for the company: tenure, currency, amount, max bots and agents, dates', async () => {
    storeSession(superAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/companyLicense/create', async ({ request }) => {
        body = await request.json();
        return ok(licence('INR', 1000), 'Licence created successfully!');
      }),
    );
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Licence');
    expect(await screen.findByText('This company has no licence yet.')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Create Licence' }));
    await u.click(await screen.findByRole('combobox', { name: /^Tenure/ }));
    await u.click(await screen.findByRole('option', { name: 'Monthly' }));
    await u.click(screen.getByRole('combobox', { name: /^Currency/ }));
    await u.click(await screen.findByRole('option', { name: 'INR' }));
    await u.type(screen.getByRole('spinbutton', { name: /^Amount/ }), '1000');
    await u.type(screen.getByRole('spinbutton', { name: /^Max bots/ }), '5');
    await u.type(screen.getByRole('spinbutton', { name: /^Max agents/ }), '3');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select start date!')).toBeInTheDocument();
    await u.type(screen.getByLabelText(/^Start date/), '2026-01-01');
    await u.type(screen.getByLabelText(/^End date/), '2026-12-31');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Licence created successfully!', {}, slow)).toBeInTheDocument();
    expect(body).toEqual({
      companyId: 'c-1',
      tenure: 'Monthly',
      currency: 'INR',
      amount: 1000,
      maxBots: 5,
      maxAgents: 3,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  });

  it('lists its registration tokens: Copy puts the token on the clipboard and says so; Download and Delete', async () => {
    storeSession(superAdmin);
    peopleApi();
    const token = {
      id: 't-1',
      companyId: 'c-1',
      companyName: 'Acme Corp',
      type: 'agent',
      status: 'active',
      reusable: false,
      expiresAt: '2026-12-31T00:00:00.000Z',
      token: 'rt_secret_value',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const queries: Record<string, string>[] = [];
    server.use(
      http.get('*/api/registrationToken/all', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
        return list([token]);
      }),
    );
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Registration Tokens');
    const row = (await screen.findByText('Agent', {}, slow)).closest('tr') as HTMLElement;
    expect(queries[0]).toMatchObject({ companyId: 'c-1' });
    // The company is fixed: Status and Type filters only.
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Token copied successfully!')).toBeInTheDocument();
    expect(await clipboard()).toBe('rt_secret_value');
  });

  it('Generate Token posts the type and shows the token once, to copy', async () => {
    storeSession(superAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.get('*/api/registrationToken/all', () => list([])),
      http.post('*/api/registrationToken/generate', async ({ request }) => {
        body = await request.json();
        return ok(
          { id: 't-2', companyId: 'c-1', type: 'studio', token: 'rt_new_token' },
          'Token created successfully!',
        );
      }),
    );
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Registration Tokens');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Generate Token' }, slow));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await u.click(await screen.findByRole('option', { name: 'Bot Studio' }));
    await u.click(within(dialog).getByRole('button', { name: 'Generate Token' }));
    expect(await screen.findByText('Token created successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Token' })).toHaveValue('rt_new_token'),
    );
    expect(body).toEqual({ companyId: 'c-1', type: 'studio', reusable: false });
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy' }));
    expect(await clipboard()).toBe('rt_new_token');
  });

  it('after Generate Token the dialog says it is reusable and until when, and downloads its registration file', async () => {
    storeSession(superAdmin);
    peopleApi();
    const FILE = { serverUrl: 'http://rpa.test', token: 'rt_reusable', type: 'agent', companyId: 'c-1' };
    const downloads: string[] = [];
    server.use(
      http.get('*/api/registrationToken/all', () => list([])),
      http.post('*/api/registrationToken/generate', () =>
        ok(
          {
            id: 't-3abcdef0',
            companyId: 'c-1',
            type: 'agent',
            reusable: true,
            expiresAt: '2026-12-31T10:00:00.000Z',
            token: 'rt_reusable',
          },
          'Token created successfully!',
        ),
      ),
      http.get('*/api/registrationToken/download/:id', ({ params }) => {
        downloads.push(String(params.id));
        return HttpResponse.json(FILE);
      }),
    );
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:registration'),
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await renderShell('/controlroom/company/details/c-1');
    await openTab('Registration Tokens');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Generate Token' }, slow));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await u.click(await screen.findByRole('option', { name: 'Agent' }));
    await u.click(within(dialog).getByRole('button', { name: 'Generate Token' }));
    const done = await screen.findByRole('dialog');
    await waitFor(() => expect(within(done).getByRole('textbox', { name: 'Token' })).toHaveValue('rt_reusable'));
    expect(
      within(done).getByText(/^Reusable: it registers any number of machines until it expires\. It expires on /),
    ).toHaveTextContent(new Date('2026-12-31T10:00:00.000Z').toLocaleString('en'));
    await u.click(within(done).getByRole('button', { name: 'Download registration file' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(downloads).toEqual(['t-3abcdef0']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(FILE);
    expect(names).toEqual(['registration-agent-t-3abcde.json']);
    click.mockRestore();
  });

  it("deleting a company that still has users shows the server's refusal", async () => {
    storeSession(superAdmin);
    peopleApi();
    server.use(
      http.delete('*/api/company/delete/c-1', () =>
        HttpResponse.json(
          { message: 'This company still has users. Delete them first.', code: 'COMPANY_HAS_USERS' },
          { status: 409 },
        ),
      ),
    );
    await renderShell('/controlroom/company/view');
    const row = (await screen.findByText('Acme Corp', {}, slow)).closest('tr') as HTMLElement;
    const u = userEvent.setup();
    await u.click(await within(row).findByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This company still has users. Delete them first.')).toBeInTheDocument();
  });
});
