import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Mail } from './outbox';

/**
 * Helpers of the people-and-tenants e2e flow: unique test data that passes the validation rules,
 * the API calls that set up what is not under test, and the welcome mail's reset token.
 */

/** Letters only: person names allow letters and spaces, so a digit suffix would be refused. */
export function letters(count: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(count)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Everything one run of the flow creates, unique per run so `--repeat-each` runs never collide on one server. */
export function peopleData() {
  const tag = letters(6);
  return {
    company: {
      // Letters, digits and spaces, 2-60.
      name: `Acme ${capitalised(tag)} Logistics`,
      // 10-60 characters of letters, digits, spaces and , # _ /.
      address: '12 Harbour Road, Unit 4/B, Pune',
      email: `office.${tag}@example.com`,
      phone: '+91 98765 43210',
    },
    customerAdmin: { fullName: `Cara ${capitalised(tag)}`, email: `cara.${tag}@example.com`, password: 'Cadmin#2026' },
    user: { fullName: `Umar ${capitalised(tag)}`, email: `umar.${tag}@example.com`, password: 'Userpw#2026' },
    subAdmin: { fullName: `Sami ${capitalised(tag)}`, email: `sami.${tag}@example.com`, password: 'Subadm#2026' },
    group: { name: `Night Shift ${capitalised(tag)}`, description: 'Runs the nightly invoice bots' },
  };
}

export type Envelope<T> = { message: string; payload: T };

export const authHeaders = (token: string) => ({ Authorization: `Token ${token}` });

/** The session token the web app stores after a login (`token`): one login serves the UI and the API. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'token in localStorage after login').toBeTruthy();
  return token ?? '';
}

/** POST /api/user/login → payload.token. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as Envelope<{ token: string }>;
  return body.payload.token;
}

/** The id of a role by its name (GET /api/role/all). */
export async function roleId(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.get('/api/role/all', { headers: authHeaders(token) });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as Envelope<{ rows: { id: string; name: string }[] }>;
  const role = body.payload.rows.find((r) => r.name === name);
  expect(role, `role ${name} in /api/role/all`).toBeTruthy();
  return role?.id ?? '';
}

/** POST /api/user/register; answers the new user's id. */
export async function registerUser(
  request: APIRequestContext,
  token: string,
  body: { fullName: string; email: string; roleId: string; companyId?: string },
): Promise<string> {
  const res = await request.post('/api/user/register', { headers: authHeaders(token), data: body });
  expect(res.status(), `register ${body.email}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as Envelope<{ id: string }>).payload.id;
}

/**
 * The newest welcome mail to `to`, polled: the server queues mail after it answers, so the
 * file may land a moment after the UI shows its toast.
 */
export async function welcomeMailTo(readOutbox: () => Mail[], to: string): Promise<Mail> {
  const find = () =>
    readOutbox()
      .filter((m) => m.to.includes(to) && /^Welcome/i.test(m.subject))
      .at(-1);
  await expect.poll(() => find()?.file, { message: `welcome mail to ${to}`, timeout: 15_000 }).toBeTruthy();
  const mail = find();
  if (!mail) throw new Error(`no welcome mail to ${to}`);
  return mail;
}

/** The first-login link of a welcome mail: /account/reset-password?token=… on this worker's server. */
export function resetLinkOf(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/account/reset-password?token='));
  expect(link, `reset link in ${mail.file}`).toBeTruthy();
  return link ?? '';
}

export const resetTokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** Sets a first password with a mailed reset token (POST /api/account/reset-password, `Token <reset token>`). */
export async function setPasswordWithResetToken(
  request: APIRequestContext,
  resetToken: string,
  password: string,
): Promise<void> {
  const res = await request.post('/api/account/reset-password', {
    headers: authHeaders(resetToken),
    data: { newPassword: password, confirmNewPassword: password },
  });
  expect(res.status(), `reset with mailed token: ${await res.text()}`).toBe(200);
}
