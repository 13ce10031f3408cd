import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { USERS, peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, customerAdmin } = ACTORS;
const slow = { timeout: 4000 };
const lastUserQuery = (requests: { path: string; query: Record<string, string> }[]) =>
  requests.filter((r) => r.path === '/api/user/all' && r.query.limit === '10').at(-1)?.query;

describe('the users list', { timeout: 30_000 }, () => {
  it('has the filters Company (Super/Sub Admin), Group, Role, Status and a search, sent as API filters', async () => {
    storeSession(superAdmin);
    const requests = peopleApi();
    await renderShell('/controlroom/user/view');
    await rowOf('uma@acme.com');
    const filters = screen
      .getAllByRole('combobox')
      .map((c) => c.getAttribute('aria-label') ?? document.querySelector(`label[for="${c.id}"]`)?.textContent);
    expect(filters.slice(0, 4).map((f) => f?.replace(/\s*\*$/, ''))).toEqual(['Company', 'Group', 'Role', 'Status']);
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByRole('option', { name: 'User' }));
    await waitFor(() => expect(lastUserQuery(requests)).toMatchObject({ roleId: 'r-4' }), slow);
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Blocked' }));
    await waitFor(() => expect(lastUserQuery(requests)).toMatchObject({ roleId: 'r-4', status: 'blocked' }), slow);
    await u.click(screen.getByRole('combobox', { name: 'Company' }));
    await u.click(await screen.findByRole('option', { name: 'Globex Ltd' }));
    await waitFor(() => expect(lastUserQuery(requests)).toMatchObject({ companyId: 'c-2' }), slow);
    await u.click(screen.getByRole('combobox', { name: 'Group' }));
    await u.click(await screen.findByRole('option', { name: 'Finance Team' }));
    await waitFor(() => expect(lastUserQuery(requests)).toMatchObject({ groupId: 'g-1' }), slow);
  });

  it('has no Company filter for a Customer Admin', async () => {
    storeSession(customerAdmin);
    peopleApi();
    await renderShell('/controlroom/user/view');
    await rowOf('uma@acme.com');
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Group' })).toBeInTheDocument();
  });

  it('Reset Link mails the link and says so', async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/user/resetpassword', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'The link has been sent to your registered email!', payload: null });
      }),
    );
    await renderShell('/controlroom/user/view');
    const uma = await rowOf('uma@acme.com');
    expect(within(await rowOf('ada@acme.com')).queryByRole('button', { name: 'Reset Link' })).toBeNull();
    await userEvent.setup().click(within(uma).getByRole('button', { name: 'Reset Link' }));
    expect(await screen.findByText('The link has been sent to your registered email!')).toBeInTheDocument();
    expect(body).toEqual({ id: 'u-2' });
  });

  it("Delete says 'User deleted successfully!'; a refusal shows the server's text", async () => {
    storeSession(superAdmin);
    peopleApi();
    server.use(
      http.delete('*/api/user/delete/:id', ({ params }) =>
        params.id === 'u-1'
          ? HttpResponse.json(
              { message: 'Only customer admin can not be deleted', code: 'ONLY_CUSTOMER_ADMIN' },
              { status: 409 },
            )
          : ok({ id: params.id }, 'User deleted successfully!'),
      ),
    );
    await renderShell('/controlroom/user/view');
    const u = userEvent.setup();
    await u.click(await within(await rowOf('uma@acme.com')).findByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted successfully!')).toBeInTheDocument();
    await u.click(await within(await rowOf('ada@acme.com')).findByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Only customer admin can not be deleted', {}, slow)).toBeInTheDocument();
  });

  it('keeps its page when coming back from a details page', async () => {
    storeSession(superAdmin);
    const many = Array.from({ length: 10 }, (_, i) => ({ ...USERS[1], id: `p-${i}`, email: `p${i}@acme.com` }));
    peopleApi({ users: many });
    server.use(
      http.get('*/api/user/all', () =>
        HttpResponse.json({ message: 'ok', payload: { count: 35, countCapped: false, rows: many } }),
      ),
    );
    await renderShell('/controlroom/user/view');
    const u = userEvent.setup();
    await rowOf('p0@acme.com');
    await u.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText('11-20 of 35')).toBeInTheDocument(), slow);
    await u.click(within(await rowOf('p3@acme.com')).getByRole('link', { name: 'View' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User Details' })).toBeInTheDocument();
    await u.click(within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('link', { name: 'Users' }));
    expect(await screen.findByText('11-20 of 35', {}, slow)).toBeInTheDocument();
  });
});

describe('a record the API does not show', { timeout: 30_000 }, () => {
  it("(another company's user answers 404) leads back to the users list", async () => {
    storeSession(customerAdmin);
    peopleApi();
    server.use(
      http.get('*/api/user/details/u-3', () =>
        HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const router = await renderShell('/controlroom/user/details/u-3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/user/view'), slow);
  });
});

describe('user registration', { timeout: 30_000 }, () => {
  it('a Customer Admin may give Customer Admin or User only, and picks no company', async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/user/register', async ({ request }) => {
        body = await request.json();
        return ok({ ...USERS[1], id: 'u-new', fullName: 'Nia New' }, 'User registered successfully!');
      }),
      http.get('*/api/user/details/u-new', () => ok({ ...USERS[1], id: 'u-new', fullName: 'Nia New' })),
    );
    const router = await renderShell('/controlroom/user/registration');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: /^Role/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent).filter(Boolean)).toEqual([
      'Customer Admin',
      'User',
    ]);
    await u.click(screen.getByRole('option', { name: 'User' }));
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    await u.type(screen.getByRole('textbox', { name: /^Full Name/ }), 'Nia New');
    await u.type(screen.getByRole('textbox', { name: /^Email/ }), 'nia@acme');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter valid email address!')).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: /^Email/ }), '.com');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/user/details/u-new'), slow);
    expect(body).toEqual({ fullName: 'Nia New', email: 'nia@acme.com', roleId: 'r-4', enabledEmailSchedule: false });
    expect(
      await screen.findByText(
        'User registered successfully! A welcome e-mail with a link to set the password has been sent.',
      ),
    ).toBeInTheDocument();
  });

  it('the Super Admin picks a company for a Customer Admin or User, none for a Sub Admin', async () => {
    storeSession(superAdmin);
    peopleApi();
    await renderShell('/controlroom/user/registration?companyId=c-1');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: /^Role/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent).filter(Boolean)).toEqual([
      'Super Admin',
      'Sub Admin',
      'Customer Admin',
      'User',
    ]);
    await u.click(screen.getByRole('option', { name: 'Sub Admin' }));
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    await u.click(screen.getByRole('combobox', { name: /^Role/ }));
    await u.click(await screen.findByRole('option', { name: 'Customer Admin' }));
    // Opened from a company's page: its company is chosen already.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveValue('Acme Corp'), slow);
  });

  it("update sends what changed and says 'User updated successfully!'", async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.put('*/api/user/update/u-2', async ({ request }) => {
        body = await request.json();
        return ok({ ...USERS[1], fullName: 'Uma Rao' }, 'User updated successfully!');
      }),
    );
    await renderShell('/controlroom/user/details/u-2?mode=edit');
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Full Name/ });
    await waitFor(() => expect(name).toHaveValue('Uma User'));
    // The company of a user cannot move: no Company input on update.
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    await u.clear(name);
    await u.type(name, 'Uma Rao');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully!', {}, slow)).toBeInTheDocument();
    expect(body).toEqual({ fullName: 'Uma Rao' });
  });
});
