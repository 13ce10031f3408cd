import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DemoDialog } from '../../../src/custom/home/demo/DemoDialog';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';

withFakeApi();
withDomCleanup();

beforeEach(() => {
  localStorage.clear();
  clearToasts();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <>
      <DemoDialog open onClose={onClose} />
      <Toaster />
    </>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Request a Demo' }) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Country Code'), 'IN');
  await user.type(screen.getByLabelText('Phone Number'), '9876543210');
  await user.type(screen.getByLabelText('Company Name'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Message'), 'We would like a demo please');
}

describe('request-demo form', () => {
  it('shows the rule message under each empty field on submit', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    // Each name field names itself.
    expect(await screen.findByText('Please enter first name!')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('Please enter first name!');
    expect(screen.getByLabelText('Last Name')).toHaveAccessibleDescription('Please enter last name!');
    expect(screen.queryByText('Please enter full name!')).toBeNull();
    expect(screen.getByText('Please input Email!')).toBeInTheDocument();
    expect(screen.getByText('Please input Country Code!')).toBeInTheDocument();
    expect(screen.getByText('Please input your phone number!')).toBeInTheDocument();
    expect(screen.getByText('Please input Company Name!')).toBeInTheDocument();
    expect(screen.getByText('Please input Message!')).toBeInTheDocument();
  });

  it('shows the format messages for invalid values', async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.type(screen.getByLabelText('First Name'), 'Ada1');
    await user.type(screen.getByLabelText('Last Name'), 'L');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.selectOptions(screen.getByLabelText('Country Code'), 'IN');
    await user.type(screen.getByLabelText('Phone Number'), '12');
    await user.type(screen.getByLabelText('Company Name'), 'Acme  Corp');
    await user.type(screen.getByLabelText('Message'), 'x'.repeat(200));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Name can only include letters!')).toBeInTheDocument();
    expect(screen.getByText('Name must be in range 2-15!')).toBeInTheDocument();
    expect(screen.getByText('Please input valid email!')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number!')).toBeInTheDocument();
    expect(screen.getByText('More than one consecutive space is not allowed!')).toBeInTheDocument();
    expect(screen.getByText('Message limit is of 200 letters!')).toBeInTheDocument();
  });

  it('keeps the phone number disabled until a country code is chosen', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByLabelText('Phone Number')).toBeDisabled();
    expect(screen.getByRole('option', { name: 'India (+91)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country Code'), 'IN');
    expect(screen.getByLabelText('Phone Number')).toBeEnabled();
  });

  it('posts the request and shows the server message of a 400 as a toast', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/bookDemo', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'A demo was already requested with this e-mail!', code: 'bad_request' },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    await fillValid(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A demo was already requested with this e-mail!');
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      countryCode: 'IN',
      phoneNumber: '9876543210',
      companyName: 'Analytical Engines',
      message: 'We would like a demo please',
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows 'Something Went Wrong!' for other failures", async () => {
    server.use(
      http.post('*/api/bookDemo', () => HttpResponse.json({ message: 'boom', code: 'internal' }, { status: 500 })),
    );
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await fillValid(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong!');
  });

  it('on success shows the server message and closes', async () => {
    server.use(
      http.post('*/api/bookDemo', () =>
        HttpResponse.json({ message: 'Thank you! Our team will contact you shortly.' }),
      ),
    );
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    await fillValid(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Thank you! Our team will contact you shortly.');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
