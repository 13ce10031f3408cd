import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A phone (390 × 844): the home page, login, a list and a form fit the width (nothing scrolls
 * sideways), their actions are on screen, long titles end in an ellipsis with the whole title
 * as a tooltip, and the demo dialog takes the whole screen with its title kept in view.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The page is no wider than the window, once what it waits for has rendered. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A one-line title that ends in an ellipsis when cut; `tooltip` carries its whole text. */
async function expectEllipsisTitle(title: Locator, tooltip: Locator, text: string): Promise<void> {
  await expect(title).toHaveCSS('text-overflow', 'ellipsis');
  await expect(title).toHaveCSS('white-space', 'nowrap');
  await expect(tooltip).toHaveAttribute('title', text);
}

test('home page: fits the width; the demo dialog is full screen and keeps its title in view', async ({ page }) => {
  await page.goto('/');
  const requestDemo = page.getByRole('button', { name: 'Request Demo' }).first();
  await expect(requestDemo).toBeInViewport();
  await expectNoSidewaysScroll(page);

  await requestDemo.click();
  const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });

  // An empty submit puts a message under every field: the fields scroll, the title stays.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please input Country Code!')).toBeVisible();
  await dialog.getByLabel('Message').scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('heading', { name: 'Request a Demo' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
});

test('login page fits the width, with its fields and button on screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeInViewport();
  await expect(page.getByLabel('Password', { exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test('users list and register form: one card per user, Create and Export on screen, titles cut with an ellipsis', async ({
  page,
  admin,
  loginAs,
}) => {
  await loginAs(page, admin.email, admin.password);

  await test.step('the Users list', async () => {
    await page.goto('/controlroom/user/view');
    const heading = page.getByRole('heading', { level: 1, name: 'Users' });
    await expect(heading).toBeVisible();
    await expectEllipsisTitle(heading, heading, 'Users');
    // One item per user (no table to scroll sideways), its actions beside it.
    const me = page.getByRole('listitem').filter({ hasText: admin.email });
    await expect(me).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(me.getByRole('link', { name: 'View' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Create', exact: true })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });

  await test.step('Create opens the register form, which fits too', async () => {
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL('/controlroom/user/registration');
    const heading = page.getByRole('heading', { level: 1, name: 'Register User' });
    await expect(heading).toBeVisible();
    await expectEllipsisTitle(heading, heading, 'Register User');
    // The app bar's copy of the title has no room for it all: cut, with an ellipsis.
    const barTitle = page.locator('#react-admin-title');
    await expectEllipsisTitle(barTitle, barTitle.locator('[title]'), 'Register User');
    await expect.poll(() => barTitle.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByLabel(/^Full Name/)).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
