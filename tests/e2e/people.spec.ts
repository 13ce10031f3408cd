import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import {
  apiLogin,
  authHeaders,
  peopleData,
  registerUser,
  resetLinkOf,
  resetTokenOf,
  roleId,
  setPasswordWithResetToken,
  storedToken,
  welcomeMailTo,
} from './support/people';

/**
 * Tenants and people, end to end: Super Admin registers a company and its Customer
 * Admin; the Customer Admin sets a password through the welcome mail, adds a User and a group
 * and cannot reach Companies; a Sub Admin cannot delete the User (no button, API 403); the
 * Super Admin deletes them and they can no longer sign in.
 *
 * Each actor has a browser context of their own, so nobody signs out and in again: the login
 * route allows 20 attempts a minute per address, and `--repeat-each=3` runs three flows back to back.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A separate browser session on this worker's server (the `page` fixture's options are not inherited). */
async function actorPage(browser: Browser, baseURL: string | undefined, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** The id at the end of a details route the create screen redirected to. */
async function idFromDetailsUrl(page: Page, section: string): Promise<string> {
  const pattern = new RegExp(`/controlroom/${section}/details/(${UUID})$`);
  await expect(page).toHaveURL(pattern);
  return pattern.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

/** Picks an option of a react-admin autocomplete (MUI combobox) by typing part of its text. */
async function choose(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** Picks an option of a select (MUI Select: a combobox that opens a listbox; nothing to type). */
async function select(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/**
 * A form label, with or without react-admin's required marker (" *"): `Email` must not also
 * match the user form's "Email Schedule".
 */
const label = (text: string) => new RegExp(`^${text}(\\s*\\*)?$`);

/** The list row that shows `text` (an e-mail or a name), once the list has loaded it. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('tenants and people: company, Customer Admin, user and group; Sub Admin limits; Super Admin deletes', async ({
  page,
  browser,
  baseURL,
  admin,
  readOutbox,
  request,
}) => {
  // Five actors, four mails and a dozen screens on a two-core machine.
  test.slow();
  const data = peopleData();
  const contexts: BrowserContext[] = [];
  test.info().annotations.push({ type: 'data', description: `${data.company.name} / ${data.customerAdmin.email}` });

  try {
    // ---- Super Admin: company and its Customer Admin, through the UI -------------------------
    await loginAs(page, admin.email, admin.password);
    const adminToken = await storedToken(page);
    const adminSidebar = sidebarOf(page);

    await test.step('Super Admin registers a company', async () => {
      await adminSidebar.getByRole('link', { name: 'Companies' }).click();
      await expect(page).toHaveURL('/controlroom/company/view');
      await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      await page.getByRole('link', { name: 'Create', exact: true }).click();
      await expect(page).toHaveURL('/controlroom/company/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Register Company' })).toBeVisible();

      await page.getByLabel(label('Name')).fill(data.company.name);
      await page.getByLabel(label('Address')).fill(data.company.address);
      await page.getByLabel(label('Email')).fill(data.company.email);
      await page.getByLabel(label('Phone')).fill(data.company.phone);
      await page.getByRole('button', { name: 'Save' }).click();

      await expect(page.getByText('Company registered successfully!')).toBeVisible();
      await idFromDetailsUrl(page, 'company');
      await expect(page.getByRole('heading', { level: 2, name: data.company.name })).toBeVisible();
    });

    await test.step('Super Admin registers the Customer Admin of that company', async () => {
      await adminSidebar.getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/controlroom\/user\/view/);
      await page.getByRole('link', { name: 'Create', exact: true }).click();
      await expect(page).toHaveURL('/controlroom/user/registration');
      await expect(page.getByRole('heading', { level: 1, name: 'Register User' })).toBeVisible();

      await page.getByLabel(label('Full Name')).fill(data.customerAdmin.fullName);
      await page.getByLabel(label('Email')).fill(data.customerAdmin.email);
      await select(page, page.getByRole('combobox', { name: /^Role/ }), 'Customer Admin');
      await choose(page, page.getByRole('combobox', { name: label('Company') }), data.company.name, data.company.name);
      await page.getByRole('button', { name: 'Save' }).click();

      await expect(page.getByText(/^User registered successfully!/)).toBeVisible();
      await idFromDetailsUrl(page, 'user');
      await expect(page.getByRole('heading', { level: 2, name: data.customerAdmin.fullName })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: data.company.name })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: /^Customer Admin$/ })).toBeVisible();
    });

    // ---- Customer Admin: first password through the mailed link, then their own people -------
    const caPage = await actorPage(browser, baseURL, contexts);

    await test.step('Customer Admin sets a password through the welcome mail and logs in', async () => {
      const mail = await welcomeMailTo(readOutbox, data.customerAdmin.email);
      await caPage.goto(resetLinkOf(mail));
      await expect(caPage).toHaveURL(/\/account\/reset-password\?token=/);
      // A mailed link needs no old password (the reset-password screen's rule).
      await expect(caPage.getByLabel('Old Password')).toHaveCount(0);
      await caPage.getByLabel('New Password', { exact: true }).fill(data.customerAdmin.password);
      await caPage.getByLabel('Confirm New Password').fill(data.customerAdmin.password);
      await caPage.getByRole('button', { name: 'Submit' }).click();
      await expect(caPage.getByRole('status')).toContainText('Password has been reset successfully!');
      await expect(caPage).toHaveURL('/login');

      await loginAs(caPage, data.customerAdmin.email, data.customerAdmin.password);
      await expect(caPage).toHaveURL('/controlroom');
    });

    const caSidebar = sidebarOf(caPage);

    await test.step('Customer Admin cannot see Companies', async () => {
      await expect(caSidebar.getByRole('button', { name: 'Manage Users' })).toBeVisible();
      await expect(caSidebar.getByRole('link', { name: 'Users' })).toBeVisible();
      await expect(caSidebar.getByRole('link', { name: 'Groups' })).toBeVisible();
      await expect(caSidebar.getByRole('link', { name: 'Companies' })).toHaveCount(0);

      await caPage.goto('/controlroom/company/view');
      // The shell answers a route the role may not open with "Not allowed", never the list.
      await expect(caPage.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
      await expect(caPage.getByRole('heading', { level: 1, name: 'Companies' })).toHaveCount(0);
      await expect(caPage.getByRole('table')).toHaveCount(0);
      await expect(caPage.getByText(data.company.email)).toHaveCount(0);
    });

    const userId = await test.step('Customer Admin registers a User in their company', async () => {
      await caSidebar.getByRole('link', { name: 'Users' }).click();
      await expect(caPage).toHaveURL(/\/controlroom\/user\/view/);
      // Their own account is listed: the list is scoped to their company.
      await expect(rowWith(caPage, data.customerAdmin.email)).toBeVisible();
      await caPage.getByRole('link', { name: 'Create', exact: true }).click();
      await expect(caPage).toHaveURL('/controlroom/user/registration');

      await caPage.getByLabel(label('Full Name')).fill(data.user.fullName);
      await caPage.getByLabel(label('Email')).fill(data.user.email);
      await select(caPage, caPage.getByRole('combobox', { name: /^Role/ }), /^User$/);
      // A Customer Admin cannot pick a company: the server puts the user in theirs.
      await expect(caPage.getByRole('combobox', { name: label('Company') })).toHaveCount(0);
      await caPage.getByRole('button', { name: 'Save' }).click();

      await expect(caPage.getByText(/^User registered successfully!/)).toBeVisible();
      const id = await idFromDetailsUrl(caPage, 'user');
      await expect(caPage.getByRole('heading', { level: 2, name: data.user.fullName })).toBeVisible();
      // In the Customer Admin's company although no company was picked.
      await expect(caPage.getByRole('definition').filter({ hasText: data.company.name })).toBeVisible();
      return id;
    });

    await test.step('Customer Admin creates a group with that user', async () => {
      await caSidebar.getByRole('link', { name: 'Groups' }).click();
      await expect(caPage).toHaveURL(/\/controlroom\/groups/);
      await caPage.getByRole('link', { name: 'Create', exact: true }).click();
      await expect(caPage).toHaveURL('/controlroom/group/registration');
      await expect(caPage.getByRole('heading', { level: 1, name: 'Register Group' })).toBeVisible();

      await caPage.getByLabel(label('Name')).fill(data.group.name);
      await caPage.getByLabel(label('Description')).fill(data.group.description);
      await choose(
        caPage,
        caPage.getByRole('combobox', { name: label('Users') }),
        data.user.fullName.split(' ')[1],
        data.user.fullName,
      );
      await caPage.getByRole('button', { name: 'Save' }).click();

      await expect(caPage.getByText('Group created successfully!')).toBeVisible();
      await idFromDetailsUrl(caPage, 'groups');
      await expect(caPage.getByRole('heading', { level: 2, name: data.group.name })).toBeVisible();
      // The Details tab names the member; the Members tab lists them.
      await expect(caPage.getByRole('definition').filter({ hasText: data.user.fullName })).toBeVisible();
      await caPage.getByRole('tab', { name: 'Members' }).click();
      await expect(rowWith(caPage, data.user.email)).toBeVisible();
    });

    // ---- Setup not under test, through the API: the User's and the Sub Admin's passwords ------
    await test.step('setup: the User sets a password (mailed token) and can sign in', async () => {
      const mail = await welcomeMailTo(readOutbox, data.user.email);
      await setPasswordWithResetToken(request, resetTokenOf(resetLinkOf(mail)), data.user.password);
      // Proves the credentials work, so the refusal at the end is the deletion's doing.
      expect(await apiLogin(request, data.user.email, data.user.password)).toBeTruthy();
    });

    await test.step('setup: a Sub Admin, password through their mailed token', async () => {
      await registerUser(request, adminToken, {
        fullName: data.subAdmin.fullName,
        email: data.subAdmin.email,
        roleId: await roleId(request, adminToken, 'Sub Admin'),
      });
      const mail = await welcomeMailTo(readOutbox, data.subAdmin.email);
      await setPasswordWithResetToken(request, resetTokenOf(resetLinkOf(mail)), data.subAdmin.password);
    });

    // ---- Sub Admin: may see the user, may not delete them -----------------------------------
    const subPage = await actorPage(browser, baseURL, contexts);

    await test.step('Sub Admin has no Delete action on the user, and the API answers 403', async () => {
      await loginAs(subPage, data.subAdmin.email, data.subAdmin.password);
      const subToken = await storedToken(subPage);
      await sidebarOf(subPage).getByRole('link', { name: 'Users' }).click();
      await expect(subPage).toHaveURL(/\/controlroom\/user\/view/);

      const row = rowWith(subPage, data.user.email);
      await expect(row).toBeVisible();
      // View and Update stay (a Sub Admin may update users): the row's actions have rendered.
      await expect(row.getByRole('link', { name: 'View' })).toBeVisible();
      await expect(row.getByRole('link', { name: 'Update' })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Reset Link' })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      // Nor on the details page.
      await row.getByRole('link', { name: 'View' }).click();
      await expect(subPage).toHaveURL(`/controlroom/user/details/${userId}`);
      // The URL changes before the lazily loaded details screen replaces the list: wait for it.
      await expect(subPage.getByRole('heading', { level: 1, name: 'User Details' })).toBeVisible();
      await expect(subPage.getByRole('heading', { level: 2, name: data.user.fullName })).toBeVisible();
      await expect(subPage.getByRole('table')).toHaveCount(0);
      await expect(subPage.getByRole('link', { name: 'Update' })).toBeVisible();
      await expect(subPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      const res = await request.delete(`/api/user/delete/${userId}`, { headers: authHeaders(subToken) });
      expect(res.status(), await res.text()).toBe(403);
    });

    // ---- Super Admin deletes the user; they can no longer sign in ---------------------------
    await test.step('Super Admin deletes the user', async () => {
      await adminSidebar.getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/controlroom\/user\/view/);
      const row = rowWith(page, data.user.email);
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      await expect(page.getByText('User deleted successfully!')).toBeVisible();
      await expect(rowWith(page, data.user.email)).toHaveCount(0);
      // The Sub Admin's refused attempt left the user in place until now.
      await expect(rowWith(page, data.customerAdmin.email)).toBeVisible();
    });

    await test.step('the deleted user can no longer log in', async () => {
      const userPage = await actorPage(browser, baseURL, contexts);
      await userPage.goto('/login');
      await userPage.getByLabel('Email', { exact: true }).fill(data.user.email);
      await userPage.getByLabel('Password', { exact: true }).fill(data.user.password);
      await userPage.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(userPage.getByRole('alert')).toHaveText('Invalid email or password!');
      await expect(userPage).toHaveURL('/login');
    });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
