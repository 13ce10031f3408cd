import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedToken } from './support/people';
import { setUpPhoneWorld } from './support/phoneWorld';

/**
 * A phone (390 × 844): the home page, login, a list and a form fit the width (nothing scrolls
 * sideways), their actions are on screen, long titles end in an ellipsis with the whole title
 * as a tooltip, and the demo dialog takes the whole screen with its title kept in view. The
 * runtime's screens (runs, agents, bots, History Logs) show each record as a card that says
 * what its row's status columns say, and every button and link has a name.
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

/**
 * The buttons and links of the page's accessibility tree without a name (`- button` or `- link`
 * with no quoted name after it), read in one snapshot so a live re-render cannot shift them.
 */
const unnamedControls = async (page: Page): Promise<string[]> =>
  (await page.locator('body').ariaSnapshot()).split('\n').filter((line) => /^\s*- (button|link)\b(?! ")/.test(line));

/** Every button and link on screen has a name a screen reader says (an icon's label, or its text). */
async function expectEveryControlNamed(page: Page): Promise<void> {
  await expect.poll(() => unnamedControls(page)).toEqual([]);
}

test('runs, agents, bots and History Logs: cards say what the row says, every control is named, nothing scrolls sideways', async ({
  page,
  admin,
  loginAs,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, admin.email, admin.password);
  const world = await setUpPhoneWorld(request, baseURL ?? '', await storedToken(page));
  const [running, executed] = [world.running.slice(0, 8), world.executed.slice(0, 8)];
  const card = (text: string) => page.getByRole('listitem').filter({ hasText: text });
  const startedAt = /Start: \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M/;
  try {
    await test.step('Current Status: each run is a card with its status, short id, agent and start', async () => {
      await page.goto('/controlroom/process');
      await expect(card(running).getByText('Running', { exact: true })).toBeVisible();
      await expect(card(running)).toContainText(`Id: ${running}`);
      await expect(card(running)).toContainText(`Agent: ${world.agentName}`);
      await expect(card(running)).toContainText(startedAt);
      await expect(card(executed).getByText('Executed', { exact: true })).toBeVisible();
      await expect(card(executed)).toContainText(startedAt);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(card(executed).getByRole('link', { name: 'Logs' })).toBeInViewport();
      await expectEveryControlNamed(page);
      await expectNoSidewaysScroll(page);
    });

    await test.step('process details: Stop and Back to list say so in words', async () => {
      await card(running).getByRole('link', { name: 'Details' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Process Details' })).toBeVisible();
      await expect(page.getByText('Running', { exact: true })).toBeVisible();
      const stop = page.getByRole('button', { name: 'Stop' });
      await expect(stop).toBeInViewport();
      await expect(stop).toHaveText('Stop');
      await expect(page.getByRole('link', { name: 'Back to list' })).toHaveText('Back to list');
      await expectEveryControlNamed(page);
      await expectNoSidewaysScroll(page);
    });

    await test.step('Agents: the downloads are named; the card shows connected or not, what it runs, reserved or not, live', async () => {
      await page.goto('/controlroom/agents');
      await expect(page.getByRole('button', { name: 'Download agent' })).toHaveText('Download agent');
      await expect(page.getByRole('button', { name: 'Download bot studio' })).toHaveText('Download bot studio');
      const agent = card(world.agentName);
      await expect(agent.getByText('Connected', { exact: true })).toBeVisible();
      await expect(agent).toContainText('Reserved by admin: No');
      await expect(agent.getByRole('link', { name: 'Invoice Reader' })).toBeVisible();
      await agent.getByRole('button', { name: 'Reserve' }).click();
      await expect(agent).toContainText('Reserved by admin: Yes');
      await expect(agent.getByRole('button', { name: 'Release' })).toBeVisible();
      world.agent.close();
      await expect(agent.getByText('Disconnected', { exact: true })).toBeVisible();
      for (const name of ['View', 'Update']) await expect(agent.getByRole('link', { name })).toBeVisible();
      await expect(agent.getByRole('button', { name: 'Mark in error' })).toBeVisible();
      await expectEveryControlNamed(page);
      await expectNoSidewaysScroll(page);
    });

    await test.step('View Bots: two bots of one name tell their companies apart', async () => {
      await page.goto('/controlroom/bots/view');
      for (const company of world.companies) {
        const bot = card('Invoice Reader').filter({ hasText: `Company: ${company}` });
        await expect(bot).toHaveCount(1);
        await expect(bot.getByText('Active', { exact: true })).toBeVisible();
        await expect(bot.getByRole('button', { name: 'Run' })).toBeVisible();
      }
      await expectEveryControlNamed(page);
      await expectNoSidewaysScroll(page);
    });

    await test.step('History Logs fits the width', async () => {
      await page.goto('/controlroom/process/logs');
      await expect(page.getByRole('link', { name: executed }).first()).toBeVisible();
      await expectEveryControlNamed(page);
      await expectNoSidewaysScroll(page);
    });
  } finally {
    world.agent.close();
  }
});
