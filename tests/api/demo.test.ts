import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { mailsTo } from './mail';

const valid = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  countryCode: 'IN',
  companyName: 'Rao Logistics 2',
  message: 'We would like to automate invoices.',
};

describe('POST /api/bookDemo', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const book = (body: unknown) =>
    call<{ message: string; payload: { id: string }; errors?: unknown[] }>(server, 'POST', '/api/bookDemo', { body });

  it('stores a valid request and mails it to sales', async () => {
    const res = await book(valid);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.demoReceived);
    const row = await server.app.repos.demoRequests.findById(res.body.payload.id);
    expect(row).toMatchObject(valid);

    const [mail] = await mailsTo(server, 'sales@rpa.test');
    expect(mail.subject).toBe('Demo request from Asha Rao (Rao Logistics 2)');
    expect(mail.replyTo).toContain('asha@example.com');
    expect(mail.text).toContain('We would like to automate invoices.');
    expect(mail.text).toContain('9876543210 (IN)');
    expect(mail.html).toContain('<th');
    expect(mail.html).toContain('Rao Logistics 2');
  });

  it('accepts an international number and a lower-case country code', async () => {
    const res = await book({ ...valid, phoneNumber: '+1 650 253 0000', countryCode: 'us' });
    expect(res.status).toBe(200);
    const row = await server.app.repos.demoRequests.findById(res.body.payload.id);
    expect(row?.countryCode).toBe('US');
  });

  it('escapes HTML in the mailed request', async () => {
    const res = await book({ ...valid, message: 'Hello <b>team</b> & co' });
    expect(res.status).toBe(200);
    const mails = await mailsTo(server, 'sales@rpa.test');
    const mail = mails.find((m) => m.text.includes('Hello <b>team</b>'));
    expect(mail?.html).toContain('Hello &lt;b&gt;team&lt;/b&gt; &amp; co');
  });

  const invalid: [string, Partial<Record<keyof typeof valid, unknown>>, string][] = [
    ['firstName', { firstName: '' }, messages.firstNameRequired],
    ['firstName', { firstName: 'Asha1' }, messages.personNameLetters],
    ['firstName', { firstName: 'Asha Rani' }, messages.personNameLetters],
    ['firstName', { firstName: 'A' }, messages.demoNameLength],
    ['firstName', { firstName: 'Abcdefghijklmnop' }, messages.demoNameLength],
    ['lastName', { lastName: '' }, messages.lastNameRequired],
    ['lastName', { lastName: 'R@o' }, messages.personNameLetters],
    ['lastName', { lastName: 'R' }, messages.demoNameLength],
    ['email', { email: '' }, messages.emailRequired],
    ['email', { email: 'asha@' }, messages.emailInvalidShort],
    ['countryCode', { countryCode: '' }, messages.countryCodeRequired],
    ['phoneNumber', { phoneNumber: '' }, messages.phoneRequired],
    ['phoneNumber', { phoneNumber: '12345' }, messages.phoneInvalid],
    ['phoneNumber', { phoneNumber: '9876543210', countryCode: 'US' }, messages.phoneInvalid],
    ['companyName', { companyName: '' }, messages.companyNameRequired],
    ['companyName', { companyName: 'Rao & Sons' }, messages.nameLettersNumbers],
    ['companyName', { companyName: 'Rao  Logistics' }, messages.consecutiveSpaces],
    ['companyName', { companyName: 'R' }, messages.companyNameLength],
    ['companyName', { companyName: 'R'.repeat(51) }, messages.companyNameLength],
    ['message', { message: '' }, messages.messageRequired],
    ['message', { message: 'x'.repeat(200) }, messages.messageMax],
    ['message', { message: 'two  spaces' }, messages.consecutiveSpaces],
  ];

  it.each(invalid)('rejects a bad %s (%j) with its spec message', async (field, change, message) => {
    const res = await book({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect(res.body.errors?.[0]).toEqual({ field, message });
  });

  it('flags the phone number too when the country code is missing (it cannot be checked)', async () => {
    const res = await book({ ...valid, countryCode: '' });
    expect(res.body.errors).toEqual([
      { field: 'countryCode', message: messages.countryCodeRequired },
      { field: 'phoneNumber', message: messages.phoneInvalid },
    ]);
  });

  it('rejects a missing field with its spec message, and lists every failing field', async () => {
    const { email: _email, ...withoutEmail } = valid;
    const missing = await book(withoutEmail);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.emailRequired);

    const res = await book({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.firstNameRequired);
    expect(res.body.errors).toEqual([
      { field: 'firstName', message: messages.firstNameRequired },
      { field: 'lastName', message: messages.lastNameRequired },
      { field: 'email', message: messages.emailRequired },
      { field: 'countryCode', message: messages.countryCodeRequired },
      { field: 'phoneNumber', message: messages.phoneRequired },
      { field: 'companyName', message: messages.companyNameRequired },
      { field: 'message', message: messages.messageRequired },
    ]);
  });

  it('rejects a body that is not an object with a schema message, not a 500', async () => {
    const res = await book(['not', 'an', 'object']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'body must be object' });
  });

  it('stores nothing for an invalid request', async () => {
    const before = (await mailsTo(server, 'sales@rpa.test')).length;
    expect((await book({ ...valid, phoneNumber: '1' })).status).toBe(400);
    expect(await mailsTo(server, 'sales@rpa.test')).toHaveLength(before);
  });
});
