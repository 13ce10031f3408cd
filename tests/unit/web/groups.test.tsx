import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { singleCompanyRule } from '../../../src/resources/groups/GroupUsersInput';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { GROUPS, peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, customerAdmin } = ACTORS;
const slow = { timeout: 4000 };

/** Picks an option of the users multi-select by typing part of its name. */
async function pickUser(u: ReturnType<typeof userEvent.setup>, text: string, option: string) {
  const input = screen.getByRole('combobox', { name: /^Users/ });
  await u.type(input, text);
  await u.click(await screen.findByRole('option', { name: option }, slow));
}

describe('the one-company rule of groups', () => {
  it('accepts users of one company, refuses a mix', () => {
    const companyOf = new Map([
      ['u-1', 'c-1'],
      ['u-2', 'c-1'],
      ['u-3', 'c-2'],
    ]);
    expect(singleCompanyRule(companyOf)(['u-1', 'u-2'])).toBeUndefined();
    expect(singleCompanyRule(companyOf)(['u-1', 'u-3'])).toBe('singleCompanyUsers');
  });
});

describe('group registration and members', { timeout: 30_000 }, () => {
  it('needs at least one user, all of one company, checked before anything is sent', async () => {
    storeSession(superAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/groups/create', async ({ request }) => {
        body = await request.json();
        return ok({ ...GROUPS[0], id: 'g-new', name: 'Night Shift' }, 'Group created successfully!');
      }),
      http.get('*/api/groups/details/g-new', () => ok({ ...GROUPS[0], id: 'g-new', name: 'Night Shift' })),
    );
    const router = await renderShell('/controlroom/group/registration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register Group' })).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night Shift');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There must be at least one user!')).toBeInTheDocument();

    // A Super Admin sees every company's users, named with their company.
    await pickUser(u, 'Uma', 'Uma User (Acme Corp)');
    await pickUser(u, 'Gil', 'Gil Globex (Globex Ltd)');
    expect(await screen.findByText('Users can be selected from a single company only!', {}, slow)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(body).toBeUndefined();

    // Remove Gil (the chip's delete icon), then save.
    const gil = screen.getByRole('button', { name: 'Gil Globex (Globex Ltd)' });
    await u.click(within(gil).getByTestId('CancelIcon'));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/groups/details/g-new'), slow);
    expect(body).toEqual({ name: 'Night Shift', userIds: ['u-2'] });
    expect(await screen.findByText('Group created successfully!', {}, slow)).toBeInTheDocument();
  });

  it('a Customer Admin picks from the own company only and chooses no company', async () => {
    storeSession(customerAdmin);
    const requests = peopleApi();
    await renderShell('/controlroom/group/registration');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: /^Users/ }));
    expect(screen.queryByRole('combobox', { name: /^Company/ })).toBeNull();
    await screen.findByRole('option', { name: 'Uma User' }, slow);
    expect(requests.some((r) => r.path === '/api/company/all')).toBe(false);
  });

  it('the details page lists the members and adds users in bulk', async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/groups/bulk-association', async ({ request }) => {
        body = await request.json();
        return ok({ groupId: 'g-1', userIds: ['u-1', 'u-2'] }, 'Users associated successfully!');
      }),
    );
    await renderShell('/controlroom/groups/details/g-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Finance Team' })).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('uma@acme.com', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('ada@acme.com')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Add Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users to Finance Team' });
    await u.click(within(dialog).getByRole('button', { name: 'Add Users' }));
    expect(await within(dialog).findByText('There must be at least one user!')).toBeInTheDocument();
    await pickUser(u, 'Ada', 'Ada Lovelace');
    await u.click(within(dialog).getByRole('button', { name: 'Add Users' }));
    expect(await screen.findByText('Users associated successfully!', {}, slow)).toBeInTheDocument();
    expect(body).toEqual({ groupId: 'g-1', userIds: ['u-1'] });
  });
});
