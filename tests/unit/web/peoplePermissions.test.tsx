import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const { superAdmin, subAdmin, customerAdmin, plainUser } = ACTORS;

const sidebar = () => within(screen.getByRole('navigation', { name: 'Sidebar' }));

describe('Delete, Update and Create follow the permission table', { timeout: 30_000 }, () => {
  it('the Super Admin may delete a user and register one', async () => {
    storeSession(superAdmin);
    peopleApi();
    await renderShell('/controlroom/user/view');
    const uma = await rowOf('uma@acme.com');
    expect(await within(uma).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create' })[0]).toHaveAttribute(
      'href',
      '/controlroom/user/registration',
    );
  });

  it('the Sub Admin sees no Delete on users, and no Update on a Super Admin', async () => {
    storeSession(subAdmin);
    peopleApi();
    await renderShell('/controlroom/user/view');
    const uma = await rowOf('uma@acme.com');
    expect(within(uma).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/controlroom/user/details/u-2');
    expect(within(uma).getByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      '/controlroom/user/details/u-2?mode=edit',
    );
    expect(within(uma).queryByRole('button', { name: 'Delete' })).toBeNull();
    const root = await rowOf('root@rpa.local');
    expect(within(root).queryByRole('link', { name: 'Update' })).toBeNull();
    // No bulk delete either: rows have no selection box.
    expect(within(uma).queryByRole('checkbox')).toBeNull();
  });

  it('a Customer Admin deletes users of the company but not themselves, and sees no Companies', async () => {
    storeSession(customerAdmin);
    peopleApi();
    await renderShell('/controlroom/user/view');
    expect(await within(await rowOf('uma@acme.com')).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(await rowOf('ada@acme.com')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(sidebar().queryByRole('link', { name: 'Companies' })).toBeNull();
    expect(sidebar().getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('a plain User sees their groups with View only, and no Create', async () => {
    storeSession(plainUser);
    peopleApi();
    await renderShell('/controlroom/groups');
    const finance = await rowOf('Finance Team');
    expect(within(finance).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/controlroom/groups/details/g-1',
    );
    expect(within(finance).queryByRole('link', { name: 'Update' })).toBeNull();
    expect(within(finance).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(sidebar().queryByRole('button', { name: 'Manage Users' })).toBeNull();
  });

  it('routes a role may not open show "Not allowed" (plain User on users, Customer Admin on companies)', async () => {
    storeSession(plainUser);
    peopleApi();
    await renderShell('/controlroom/user/view');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/controlroom');
  });

  it('a Customer Admin opening a company details page sees "Not allowed"', async () => {
    storeSession(customerAdmin);
    peopleApi();
    await renderShell('/controlroom/company/details/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
  });

  it('Super and Sub Admin see Companies, Users, Groups; only the Super Admin the Audit Log', async () => {
    storeSession(superAdmin);
    peopleApi();
    await renderShell('/controlroom/company/view');
    const manageUsers = within(document.getElementById('sidebar-group-manageUsers') ?? document.body);
    expect(manageUsers.getAllByRole('link').map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['Companies', 'Users', 'Groups', 'Audit Log']),
    );
    expect(sidebar().getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
    const acme = await rowOf('Acme Corp');
    expect(within(acme).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/controlroom/company/details/c-1',
    );
    expect(await within(acme).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create' })[0]).toHaveAttribute('href', '/controlroom/company/register');
  });

  it('the Sub Admin has no Audit Log, and its route says "Not allowed"', async () => {
    storeSession(subAdmin);
    peopleApi();
    await renderShell('/controlroom/audit');
    expect(sidebar().queryByRole('link', { name: 'Audit Log' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
  });
});

describe('unsaved changes on the schema forms', { timeout: 30_000 }, () => {
  it('leaving a dirty register form through the sidebar asks "Discard changes?"', async () => {
    storeSession(superAdmin);
    peopleApi();
    const router = await renderShell('/controlroom/company/register');
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Initech');
    await u.click(sidebar().getByRole('link', { name: 'Users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/controlroom/company/register');
    await u.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(router.state.location.pathname).toBe('/controlroom/user/view');
  });
});
