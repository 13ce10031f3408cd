import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { ROLE } from '../../../src/domain';
import { defineResource } from '../../../src/domain/resource';
import { dataProvider } from '../../../src/dataProvider/dataProvider';
import { schemaResource } from '../../../src/resources/schema';
import { withDomCleanup } from './helpers/dom';
import { server, withFakeApi } from './helpers/msw';
import { COMPANIES, USERS, peopleApi } from './helpers/people';
import { ACTORS, makeUser, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';
import { strictWrite } from './helpers/strictApi';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const slow = { timeout: 4000 };

// A resource that exists only in this test, with fields of every kind a body must leave out.
const widgetDef = defineResource({
  name: 'widgets',
  apiPrefix: 'widget',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true, maxLength: 60 },
    weight: { type: 'integer', min: 0, max: 1000, list: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
const widgets = schemaResource(widgetDef);

/** As the API answers a widget: its read-only fields and lookups, and a field this client does not know. */
const widget = {
  id: 'w1',
  name: 'Widget 01',
  weight: 10,
  companyId: 'c-1',
  companyName: 'Acme Corp',
  createdAt: '2025-01-01T10:00:00.000Z',
  legacyCode: 'W-OLD',
};
// What the API takes: by the resource's declaration above, written out here.
const WIDGET_UPDATE = ['name', 'weight'];
const WIDGET_CREATE = ['name', 'weight', 'companyId'];
// The users' update takes these (a user's e-mail and company never move).
const USER_UPDATE = ['fullName', 'roleId', 'groupIds', 'enabledEmailSchedule'];
const COMPANY_UPDATE = ['name', 'address', 'email', 'phone', 'status'];

const widgetApi = () =>
  server.use(
    http.get('*/api/widget/details/w1', () => ok(widget)),
    http.get('*/api/company/details/c-1', () => ok({ id: 'c-1', name: 'Acme Corp' })),
  );

describe('the web app sends only the fields a form edits', { timeout: 30_000 }, () => {
  it('the generic edit sends what changed, never a read-only, create-only, lookup or unknown field', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    widgetApi();
    const writes = strictWrite('put', '/widget/update/w1', WIDGET_UPDATE, { ...widget, weight: 25 });
    const router = await renderShell('/controlroom/widgets/details/w1?mode=edit', [widgets]);
    const weight = await screen.findByRole('spinbutton', { name: /^Weight/ });
    await waitFor(() => expect(weight).toHaveValue(10));
    const u = userEvent.setup();
    await u.clear(weight);
    await u.type(weight, '25');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(writes.refused).toEqual([]);
    expect(writes.bodies).toEqual([{ weight: 25 }]);
  });

  it('the generic create sends the writable fields only, whatever the address put in the form', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    const writes = strictWrite('post', '/widget/create', WIDGET_CREATE, { ...widget, id: 'w-new' });
    server.use(
      http.get('*/api/widget/details/w-new', () => ok({ ...widget, id: 'w-new' })),
      http.get('*/api/company/details/c-1', () => ok({ id: 'c-1', name: 'Acme Corp' })),
    );
    const router = await renderShell(
      '/controlroom/widgets/create?companyId=c-1&companyName=Acme&createdAt=2020-01-01T00:00:00.000Z&id=w-9',
      [widgets],
    );
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Widget 02');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/widgets/details/w-new'));
    expect(writes.refused).toEqual([]);
    expect(writes.bodies).toEqual([{ name: 'Widget 02', companyId: 'c-1' }]);
  });

  it("a user's edit sends the changed full name only, not the record's role, company, status or dates", async () => {
    storeSession(ACTORS.customerAdmin);
    // The record as the API answers it, with a field this client does not know.
    peopleApi({ users: USERS.map((u) => (u.id === 'u-2' ? { ...u, lastLoginAt: '2025-05-01T10:00:00.000Z' } : u)) });
    const writes = strictWrite('put', '/user/update/u-2', USER_UPDATE, { ...USERS[1], fullName: 'Uma Rao' });
    await renderShell('/controlroom/user/details/u-2?mode=edit');
    const name = await screen.findByRole('textbox', { name: /^Full Name/ });
    await waitFor(() => expect(name).toHaveValue('Uma User'));
    const u = userEvent.setup();
    await u.clear(name);
    await u.type(name, 'Uma Rao');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.bodies).toHaveLength(1), slow);
    expect(writes.refused).toEqual([]);
    expect(writes.bodies).toEqual([{ fullName: 'Uma Rao' }]);
  });

  it("a company's edit sends the changed address only, not its counts or dates", async () => {
    storeSession(ACTORS.superAdmin);
    peopleApi();
    const writes = strictWrite('put', '/company/update/c-1', COMPANY_UPDATE, COMPANIES[0]);
    await renderShell('/controlroom/company/details/c-1?mode=edit');
    const address = await screen.findByRole('textbox', { name: /^Address/ });
    await waitFor(() => expect(address).toHaveValue('12 Main Street, Pune'));
    const u = userEvent.setup();
    await u.clear(address);
    await u.type(address, '14 Main Street, Pune');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.bodies).toHaveLength(1), slow);
    expect(writes.refused).toEqual([]);
    expect(writes.bodies).toEqual([{ address: '14 Main Street, Pune' }]);
  });

  it('the data provider sends a declared resource only its writable fields, whoever calls it', async () => {
    localStorage.setItem('token', 'jwt-token');
    const updates = strictWrite('put', '/user/update/u-2', USER_UPDATE, USERS[1]);
    const record = { ...USERS[1], lastLoginAt: '2025-05-01T10:00:00.000Z' };
    await dataProvider.update('users', {
      id: 'u-2',
      data: { ...record, fullName: 'Uma Rao', email: 'other@acme.com' },
      previousData: record,
    });
    const creates = strictWrite('post', '/user/register', ['fullName', 'email', 'roleId', 'companyId', 'groupIds'], {
      ...USERS[1],
      id: 'u-7',
    });
    await dataProvider.create('users', {
      data: { fullName: 'New One', email: 'new@acme.com', roleId: 'r-4', companyId: 'c-1', status: 'active', id: 'x' },
    });
    expect([...updates.refused, ...creates.refused]).toEqual([]);
    expect(updates.bodies).toEqual([{ fullName: 'Uma Rao' }]);
    expect(creates.bodies).toEqual([{ fullName: 'New One', email: 'new@acme.com', roleId: 'r-4', companyId: 'c-1' }]);
  });
});
