import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DemoDialog } from '../../../src/custom/home/demo/DemoDialog';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { COMPANIES, GROUPS, USERS, peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { ok, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => {
  localStorage.clear();
  clearToasts();
});

const { superAdmin, customerAdmin } = ACTORS;
const slow = { timeout: 4000 };
type User = ReturnType<typeof userEvent.setup>;

/** Empties a text box and types a new value into it. */
async function retype(u: User, box: HTMLElement, value: string) {
  await u.clear(box);
  await u.type(box, value);
}

describe('names of every script in the forms, judged as the server judges them', { timeout: 30_000 }, () => {
  it("registers the user 'François Dupré'; misplaced hyphens and digits are refused before anything is sent", async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/user/register', async ({ request }) => {
        body = await request.json();
        return ok({ ...USERS[1], id: 'u-new', fullName: 'François Dupré' }, 'User registered successfully!');
      }),
      http.get('*/api/user/details/u-new', () => ok({ ...USERS[1], id: 'u-new', fullName: 'François Dupré' })),
    );
    const router = await renderShell('/controlroom/user/registration');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('combobox', { name: /^Role/ }));
    await u.click(await screen.findByRole('option', { name: 'User' }));
    await u.type(screen.getByRole('textbox', { name: /^Email/ }), 'francois@acme.com');
    const name = screen.getByRole('textbox', { name: /^Full Name/ });
    await u.type(name, 'Jean--Pierre');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hyphens and apostrophes are only allowed between letters!')).toBeInTheDocument();
    await retype(u, name, 'Bob2');
    expect(await screen.findByText('Name can only include letters!')).toBeInTheDocument();
    await retype(u, name, '山');
    expect(await screen.findByText('Name must be in range 2-32!')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await retype(u, name, 'François Dupré');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/user/details/u-new'), slow);
    expect(body).toMatchObject({ fullName: 'François Dupré', email: 'francois@acme.com' });
  });

  it("registers the company 'Société Générale' at 'Rue de l’Église 12, Paris'", async () => {
    storeSession(superAdmin);
    peopleApi();
    let body: unknown;
    const created = { ...COMPANIES[0], id: 'c-new', name: 'Société Générale', address: 'Rue de l’Église 12, Paris' };
    server.use(
      http.post('*/api/company/create', async ({ request }) => {
        body = await request.json();
        return ok(created, 'Company created successfully!');
      }),
      http.get('*/api/company/details/c-new', () => ok({ ...created, licence: null, studioSubscription: null })),
    );
    const router = await renderShell('/controlroom/company/register');
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, slow);
    await u.type(name, 'Société  Générale');
    await u.type(screen.getByRole('textbox', { name: /^Address/ }), 'Rue de l’Église 12, Paris');
    await u.type(screen.getByRole('textbox', { name: /^Email/ }), 'contact@societe.com');
    await u.type(screen.getByRole('textbox', { name: /^Phone/ }), '+33 1 42 14 20 00');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('More than one consecutive space is not allowed!')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await retype(u, name, 'Société Générale');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/company/details/c-new'), slow);
    expect(body).toMatchObject({ name: 'Société Générale', address: 'Rue de l’Église 12, Paris' });
  });

  it("names a group '  Fête nationale ' (the server trims it); '<script>' is refused", async () => {
    storeSession(customerAdmin);
    peopleApi();
    let body: unknown;
    server.use(
      http.post('*/api/groups/create', async ({ request }) => {
        body = await request.json();
        return ok({ ...GROUPS[0], id: 'g-new', name: 'Fête nationale' }, 'Group created successfully!');
      }),
      http.get('*/api/groups/details/g-new', () => ok({ ...GROUPS[0], id: 'g-new', name: 'Fête nationale' })),
    );
    const router = await renderShell('/controlroom/group/registration');
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Name/ }, slow);
    await u.type(name, '<script>');
    await u.type(screen.getByRole('combobox', { name: /^Users/ }), 'Uma');
    await u.click(await screen.findByRole('option', { name: 'Uma User' }, slow));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name can only include letters and numbers!')).toBeInTheDocument();
    await retype(u, name, '  Fête nationale ');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/controlroom/groups/details/g-new'), slow);
    expect(body).toEqual({ name: '  Fête nationale ', userIds: ['u-2'] });
  });

  it("the demo form takes 'Jean-Pierre N’Diaye' of 'Société Générale' and refuses \"O'\"", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/bookDemo', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Thank you! Our team will contact you shortly.' });
      }),
    );
    render(
      <>
        <DemoDialog open onClose={() => undefined} />
        <Toaster />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Request a Demo' });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('First Name'), 'Jean-Pierre');
    await u.type(screen.getByLabelText('Last Name'), "O'");
    await u.type(screen.getByLabelText('Email'), 'jp@societe.com');
    await u.selectOptions(screen.getByLabelText('Country Code'), 'FR');
    await u.type(screen.getByLabelText('Phone Number'), '+33 1 42 14 20 00');
    await u.type(screen.getByLabelText('Company Name'), 'Société Générale');
    await u.type(screen.getByLabelText('Message'), 'Nous aimerions une démonstration.');
    await u.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Hyphens and apostrophes are only allowed between letters!')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await retype(u, screen.getByLabelText('Last Name'), 'N’Diaye');
    await u.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Thank you! Our team will contact you shortly.');
    expect(body).toMatchObject({ firstName: 'Jean-Pierre', lastName: 'N’Diaye', companyName: 'Société Générale' });
  });
});
