import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { licensedCompany } from './support/licensed';
import { authHeaders, storedToken } from './support/people';
import { agentProgram, AgentRun, BOT_SCRIPT, liveJoined } from './support/runtime';

// A grace long enough to read the lost-agent notice count down, short enough to see the run fail.
const GRACE_SECONDS = 20;
test.use({ serverEnv: { AGENT_GRACE_SECONDS: String(GRACE_SECONDS), AGENT_HEARTBEAT_SECONDS: '1' } });

const BOT = 'Relay Bot';
let agent: AgentRun;

test.beforeAll(() => {
  agent = new AgentRun();
});

test.afterAll(async () => {
  await agent.cleanUp(['a', 'b']);
});

const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();

/** A company licensed for a bot and an agent, its registration file, and the bot (a script that waits for its gate). */
async function setUp(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const { companyId, registration } = await licensedCompany(request, headers, { prefix: 'Relay', dir: agent.dir });
  const bot = await request.post('/api/bot/create', {
    headers,
    multipart: {
      companyId,
      name: BOT,
      description: 'Greets a customer, then waits for its release',
      type: '1',
      file: { name: 'relay.js', mimeType: 'text/javascript', buffer: Buffer.from(BOT_SCRIPT) },
    },
  });
  expect(bot.status(), await bot.text()).toBe(200);
  return registration;
}

/** Opens Run on the bot's row and fills its three parameters; answers the dialog. */
async function openRun(page: Page, gate: string) {
  await sidebar(page, 'View Bots');
  await page.getByRole('row').filter({ hasText: BOT }).getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${BOT}` });
  // Declared parameters are fixed rows, each value labelled by its parameter's name.
  await dialog.getByLabel('in_Customer', { exact: true }).fill('Acme');
  await dialog.getByLabel('in_Secret', { exact: true }).fill('Open-Sesame-42');
  await dialog.getByLabel('in_Gate', { exact: true }).fill(gate);
  await dialog.getByRole('combobox', { name: 'Agent' }).click();
  return dialog;
}

/** The short id in an 'Added successfully' pop-up. */
async function addedId(page: Page): Promise<string> {
  const added = page.getByText(/^Process with Id [0-9a-f]{8}\.\.\. Added successfully$/).last();
  await expect(added).toBeVisible();
  return /Id ([0-9a-f]{8})/.exec((await added.textContent()) ?? '')?.[1] ?? '';
}

test('a busy agent is said plainly: its state in Run, a run queued behind it, and a lost agent counted down', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(180_000);
  const live = liveJoined(page);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  const registration = await test.step('setup: company, licence, registration file and bot', () =>
    setUp(request, headers));

  await test.step('the agent starts: Run lists it connected and idle', async () => {
    await live;
    agent.start(agentProgram(), registration);
    await expect(page.getByText(/^Agent .+ Connected$/)).toBeVisible({ timeout: 30_000 });
    const dialog = await openRun(page, 'a');
    await page.getByRole('option', { name: 'E2E Runner (Connected, idle)' }).click();
    await dialog.getByRole('button', { name: 'Run' }).click();
    const id = await addedId(page);
    await expect(page.getByText(`Process with Id ${id}... Started Running`)).toBeVisible();
  });

  const queued =
    await test.step("busy: Run says what it runs; after 'Agent is busy!', Queue it queues the run", async () => {
      const dialog = await openRun(page, 'b');
      await page.getByRole('option', { name: `E2E Runner (Connected, running ${BOT})` }).click();
      await dialog.getByRole('button', { name: 'Run' }).click();
      await expect(page.getByText('Agent is busy!')).toBeVisible();
      await expect(
        dialog.getByText(
          `E2E Runner is running ${BOT}. Queue this run behind it: it starts on its own when the current run ends.`,
        ),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Queue it' }).click();
      const id = await addedId(page);
      await expect(dialog).toBeHidden();
      return id;
    });

  await test.step('Agents: reserved by admin No, now running the bot with one run waiting', async () => {
    await sidebar(page, 'Agents');
    const row = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    await expect(row.getByRole('link', { name: BOT })).toBeVisible();
    await expect(row.getByText('+1 waiting')).toBeVisible();
    await expect(row.getByText('No', { exact: true })).toBeVisible();
  });

  await test.step('the running one ends: the queued one starts on its own', async () => {
    agent.release('a');
    await expect(page.getByText(`Process with Id ${queued}... Started Running`)).toBeVisible({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    await expect(row.getByText('+1 waiting')).toBeHidden();
  });

  await test.step('the agent is killed mid-run: the details say it is gone and count down its grace', async () => {
    await sidebar(page, 'Current Status');
    await page.getByRole('row').filter({ hasText: queued }).getByRole('link', { name: 'Details' }).click();
    const log = page.getByRole('log', { name: 'Logs' });
    await expect(log.getByText('waiting for release b')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await agent.kill();
    const notice = page.getByText(/^Agent disconnected — waiting up to \d+ s for it to come back/);
    await expect(notice).toBeVisible({ timeout: 15_000 });
    const seconds = async () => Number(/up to (\d+) s/.exec((await notice.textContent()) ?? '')?.[1]);
    const first = await seconds();
    expect(first).toBeLessThanOrEqual(GRACE_SECONDS);
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    // The counter says the lines shown.
    const shown = await log.locator(':scope > div').count();
    expect(shown).toBe(3);
    await expect(page.locator('dt', { hasText: 'Log lines' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      String(shown),
    );
    // The grace over, the run fails since its agent is gone, and the notice goes with it.
    await expect(page.getByText(`Process with Id ${queued}... failed since agent is disconnected`)).toBeVisible({
      timeout: (GRACE_SECONDS + 20) * 1000,
    });
    await expect(notice).toBeHidden();
  });
});
