import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ROLE, nameRules } from '../../../src/domain';
import { defineResource } from '../../../src/domain/resource';
import { schemaResource } from '../../../src/resources/schema';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';
import { gadgetList, rows } from './helpers/gadgets';
import { list, ok, renderShell, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();

// A resource that exists only in this test: one declaration, one registration, no screen code.
const gadgetDef = defineResource({
  name: 'gadgets',
  apiPrefix: 'gadget',
  // Its own row: a plain User sees the company's gadgets and changes or deletes only their own.
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'company', update: 'own', delete: 'own' },
  },
  ownerField: 'createdBy',
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, rules: nameRules, list: true, searchable: true, maxLength: 60 },
    colour: { type: 'enum', choices: ['red', 'green', 'blue'], required: true, list: true, filter: true },
    weight: { type: 'integer', min: 0, max: 1000, list: true, sortable: false },
    active: { type: 'boolean', list: true, filter: true, defaultValue: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    secretCode: { type: 'string', secret: true },
    createdBy: { type: 'reference', reference: 'users', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
const gadgets = schemaResource(gadgetDef);

const last = (requests: Seen[]) => requests[requests.length - 1].query;
/** Filters are debounced and pages re-render in between: allow the list its time. */
const slow = { timeout: 4000 };

beforeEach(() => localStorage.clear());

describe('a resource from its declaration alone: the list', { timeout: 30_000 }, () => {
  it('shows the declared columns, asks page 1 of 10 in the default sort, and no secret', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    const requests = gadgetList();
    await renderShell('/controlroom/gadgets', [gadgets]);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Gadget 01')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Colour', 'Weight', 'Active', 'Created at', 'Actions']));
    expect(headers.join(' ')).not.toMatch(/Secret|Created by/);
    expect(last(requests)).toMatchObject({ page: '1', limit: '10', sort: 'createdAt', order: 'DESC' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gadgets' })).toBeInTheDocument();
    expect(screen.getByText('1-10 of 24')).toBeInTheDocument();
    // Row actions lead to the details page and its edit mode.
    const row = within(table).getByText('Gadget 01').closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/controlroom/gadgets/details/g1');
    expect(within(row).getByRole('link', { name: 'Update' })).toHaveAttribute(
      'href',
      '/controlroom/gadgets/details/g1?mode=edit',
    );
    expect(await within(row).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('sorts by a column, filters, searches and pages through the API query', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    const requests = gadgetList();
    await renderShell('/controlroom/gadgets', [gadgets]);
    const table = await screen.findByRole('table');
    await within(table).findByText('Gadget 01');
    const u = userEvent.setup();

    await u.click(within(table).getByText('Name'));
    await waitFor(() => expect(last(requests)).toMatchObject({ sort: 'name', order: 'ASC' }), slow);
    // Not sortable per the declaration: no sort control on Weight.
    expect(within(within(table).getByText('Weight').closest('th') as HTMLElement).queryByRole('button')).toBeNull();

    await u.click(screen.getByRole('combobox', { name: 'Colour' }));
    await u.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => expect(last(requests)).toMatchObject({ colour: 'green', page: '1' }), slow);

    await u.type(screen.getByRole('textbox', { name: 'Search' }), 'gad');
    await waitFor(() => expect(last(requests)).toMatchObject({ q: 'gad', colour: 'green' }), slow);

    await u.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last(requests)).toMatchObject({ page: '2', limit: '10' }), slow);

    await u.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    await u.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(last(requests)).toMatchObject({ limit: '25' }), slow);
  });

  it('offers the Company filter only to roles that may list companies', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    gadgetList();
    await renderShell('/controlroom/gadgets', [gadgets]);
    await screen.findByText('Gadget 01');
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
  });

  it('shows a capped total as "10,000+"', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    gadgetList(() => list(rows, 10_000, true));
    await renderShell('/controlroom/gadgets', [gadgets]);
    expect(await screen.findByText('1-10 of 10,000+')).toBeInTheDocument();
  });

  it('an empty list says what to do next, with Create for a role that may create', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    gadgetList(() => list([], 0));
    await renderShell('/controlroom/gadgets', [gadgets]);
    expect(await screen.findByText('No gadgets yet')).toBeInTheDocument();
    expect(screen.getByText('Click Create to add the first one.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create' })[0]).toHaveAttribute('href', '/controlroom/gadgets/create');
  });
});

describe('a resource from its declaration alone: create, details, edit, delete', { timeout: 30_000 }, () => {
  const gadget = rows[0];

  it('the create form validates with the domain rules, posts the body and opens the new record', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    let body: unknown;
    server.use(
      http.post('*/api/gadget/create', async ({ request }) => {
        body = await request.json();
        return ok({ ...gadget, id: 'g-new', name: 'Gizmo 7' }, 'Created successfully!');
      }),
      http.get('*/api/gadget/details/g-new', () => ok({ ...gadget, id: 'g-new', name: 'Gizmo 7' })),
      http.get('*/api/company/details/c-1', () => ok({ id: 'c-1', name: 'Acme Corp' })),
      http.get('*/api/user/details/u-1', () => ok({ id: 'u-1', fullName: 'Ada Lovelace' })),
    );
    const router = await renderShell('/controlroom/gadgets/create', [gadgets]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Gadget' })).toBeInTheDocument();
    // Only the writable fields: no read-only, secret-free… and no Company for a company-scoped role.
    expect(screen.queryByLabelText(/Created/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter name!')).toBeInTheDocument();
    expect(screen.getByText('This field is required!')).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await u.type(name, 'Gizmo!');
    expect(await screen.findByText('Name can only include letters and numbers!')).toBeInTheDocument();
    await u.clear(name);
    await u.type(name, 'Gizmo 7');
    await u.click(screen.getByRole('combobox', { name: /^Colour/ }));
    await u.click(await screen.findByRole('option', { name: 'Blue' }));
    await u.type(screen.getByRole('spinbutton', { name: /^Weight/ }), '2000');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Must be 1000 or less/)).toBeInTheDocument();
    await u.clear(screen.getByRole('spinbutton', { name: /^Weight/ }));
    await u.type(screen.getByRole('spinbutton', { name: /^Weight/ }), '12');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/gadgets/details/g-new'));
    expect(body).toEqual({ name: 'Gizmo 7', colour: 'blue', weight: 12, active: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gadget Details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gizmo 7' })).toBeInTheDocument();
  });

  it("shows the server's message as a toast and its field errors under the fields", async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    server.use(
      http.post('*/api/gadget/create', () =>
        HttpResponse.json(
          {
            message: 'A gadget with this name exists!',
            code: 'CONFLICT',
            errors: [{ field: 'name', message: 'A gadget with this name exists!' }],
          },
          { status: 409 },
        ),
      ),
    );
    await renderShell('/controlroom/gadgets/create', [gadgets]);
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Gizmo');
    await u.click(screen.getByRole('combobox', { name: /^Colour/ }));
    await u.click(await screen.findByRole('option', { name: 'Red' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('A gadget with this name exists!')).toHaveLength(2);
  });

  it('the details page shows the fields; Update edits in place and sends only what changed', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    let body: unknown;
    server.use(
      http.get('*/api/gadget/details/g1', () => ok(gadget)),
      // References without a name beside them are read from their resource.
      http.get('*/api/company/details/c-1', () => ok({ id: 'c-1', name: 'Acme Corp' })),
      http.get('*/api/user/details/u-1', () => ok({ id: 'u-1', fullName: 'Ada Lovelace' })),
      http.put('*/api/gadget/update/g1', async ({ request }) => {
        body = await request.json();
        return ok({ ...gadget, name: 'Gadget One' });
      }),
    );
    const router = await renderShell('/controlroom/gadgets/details/g1', [gadgets]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Gadget 01' })).toBeInTheDocument();
    expect(screen.getByText('Colour')).toBeInTheDocument();
    expect(screen.getByText('Red')).toBeInTheDocument();
    expect(await screen.findByText('Acme Corp')).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('link', { name: 'Update' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update Gadget' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mode=edit');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Gadget 01');
    await u.clear(name);
    await u.type(name, 'Gadget One');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(body).toEqual({ name: 'Gadget One' });
    expect(await screen.findByText('Element updated')).toBeInTheDocument();
  });

  it('Delete asks for confirmation and calls DELETE; a refusal shows the server message', async () => {
    storeSession(makeUser({ role: ROLE.customerAdmin }));
    gadgetList();
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/gadget/delete/:id', ({ params }) => {
        deleted.push(String(params.id));
        return params.id === 'g2'
          ? HttpResponse.json({ message: 'This record is still in use.', code: 'IN_USE' }, { status: 409 })
          : ok({ id: params.id });
      }),
    );
    await renderShell('/controlroom/gadgets', [gadgets]);
    const u = userEvent.setup();
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    await u.click(await within(await rowOf('Gadget 01')).findByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual(['g1']));
    expect(await screen.findByText('Element deleted')).toBeInTheDocument();
    // One notification at a time: the next one shows once this one has hidden itself.
    await waitFor(() => expect(screen.queryByText('Element deleted')).not.toBeInTheDocument(), { timeout: 10_000 });

    await u.click(await within(await rowOf('Gadget 02')).findByRole('button', { name: 'Delete' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This record is still in use.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("a role that may change only its own records sees View, but no Update or Delete, on another's", async () => {
    // A plain User may list the company's gadgets but change or delete only their own (`ownerField`).
    storeSession(makeUser({ id: 'u-9', role: ROLE.user }));
    gadgetList();
    await renderShell('/controlroom/gadgets', [gadgets]);
    const row = (await screen.findByText('Gadget 01')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Update' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
