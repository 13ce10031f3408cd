import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeaders, letters, peopleData, storedToken, type Envelope } from './support/people';
import { AGENT_SOURCES, AgentRun, BOT_SCRIPT, agentBuilt, liveJoined } from './support/runtime';

// A disconnected agent's running process ends as 5 one grace period (and a sweep) after it went away.
test.use({ serverEnv: { AGENT_GRACE_SECONDS: '1', AGENT_HEARTBEAT_SECONDS: '1' } });

let agent: AgentRun;

test.beforeAll(() => {
  agent = new AgentRun();
});

test.afterAll(async () => {
  await agent.cleanUp(['1', '2', '3', '4']);
});

const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();

/** Opens Run on the bot's row, picks the agent and fills the three parameters (the secret encrypted). */
async function fillRun(page: Page, gate: string) {
  await sidebar(page, 'View Bots');
  await page.getByRole('row').filter({ hasText: 'Greeter' }).getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run Greeter' });
  await dialog.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: /^E2E Runner/ }).click();
  // The script's declared parameters: each value under its name.
  await dialog.getByLabel('in_Customer', { exact: true }).fill('Acme');
  await dialog.getByLabel('in_Secret', { exact: true }).fill('Open-Sesame-42');
  await dialog.getByRole('checkbox', { name: 'Encrypt' }).nth(1).check();
  await dialog.getByLabel('in_Gate', { exact: true }).fill(gate);
  return dialog;
}

/** Run → the 'Added successfully' pop-up; answers the process's short id (first 8 characters). */
async function run(page: Page, gate: string): Promise<string> {
  const dialog = await fillRun(page, gate);
  await dialog.getByRole('button', { name: 'Run' }).click();
  const added = page.getByText(/^Process with Id [0-9a-f]{8}\.\.\. Added successfully$/);
  await expect(added).toBeVisible();
  const id = /Id ([0-9a-f]{8})/.exec((await added.textContent()) ?? '')?.[1] ?? '';
  await expect(dialog).toBeHidden();
  return id;
}

test('a real agent runs bots: live status, logs, busy refusal, disconnection and cancel', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  const company = { ...peopleData().company, name: `Runtime ${letters(6)} Works` };
  const live = liveJoined(page);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));

  await test.step('setup: a company licensed for two bots and two agents', async () => {
    const created = await request.post('/api/company/create', { headers, data: company });
    expect(created.status(), await created.text()).toBe(200);
    const companyId = ((await created.json()) as Envelope<{ id: string }>).payload.id;
    const licence = {
      companyId,
      tenure: 'Monthly',
      currency: 'INR',
      amount: 500,
      maxBots: 2,
      maxAgents: 2,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    };
    expect((await request.post('/api/companyLicense/create', { headers, data: licence })).status()).toBe(200);
  });

  const registration =
    await test.step('Registration Tokens: generate an agent token and download its file', async () => {
      await sidebar(page, 'Agents');
      await page.getByRole('tab', { name: 'Registration Tokens' }).click();
      await page.getByRole('button', { name: 'Generate Token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate a registration token' });
      await dialog.getByLabel('Company').fill(company.name.slice(0, 12));
      await page.getByRole('option', { name: company.name }).click();
      await dialog.getByRole('button', { name: 'Generate Token' }).click();
      await expect(page.getByText('Token created successfully!')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('row').filter({ hasText: company.name }).getByRole('button', { name: 'Download' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^registration-agent-[0-9a-f]{8}\.json$/);
      const path = join(agent.dir, file.suggestedFilename());
      await file.saveAs(path);
      return path;
    });

  const program =
    await test.step('Agents: Download agent gives the reference agent and the command, or says why not', async () => {
      await page.getByRole('tab', { name: 'Agents' }).click();
      // No studio installer on this server: its message, not a saved error page.
      await page.getByRole('button', { name: 'Download bot studio' }).click();
      await expect(page.getByText('The bot studio installer is not available on this server.')).toBeVisible();
      if (!agentBuilt()) {
        // Not built (no npm run build): the server's message shows, no broken file is saved.
        await page.getByRole('button', { name: 'Download agent' }).click();
        await expect(page.getByText('The reference agent is not built: run npm run build.')).toBeVisible();
        return AGENT_SOURCES;
      }
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download agent' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe('rpa-agent.mjs');
      const path = join(agent.dir, 'rpa-agent.mjs');
      await file.saveAs(path);
      await expect(page.getByText('node rpa-agent.mjs --registration registration-agent-….json')).toBeVisible();
      return [path];
    });

  await test.step('the agent starts with the file: a Connected pop-up, and the list shows it connected', async () => {
    await live;
    agent.start(program, registration);
    await expect(page.getByText(/^Agent .+ Connected$/)).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByText('No', { exact: true })).toBeVisible();
  });

  await test.step('Create Bots: a .js script whose comments declare its parameters', async () => {
    await sidebar(page, 'Create Bots');
    const input = page.getByRole('combobox', { name: 'Company' });
    await input.click();
    await input.fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Greeter');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Greets a customer, then waits for its release');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'greeter.js', mimeType: 'text/javascript', buffer: Buffer.from(BOT_SCRIPT) });
    await expect(page.getByRole('cell', { name: 'in_Secret' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bot created successfully!')).toBeVisible();
  });

  const first = await test.step('Run: Open in its pop-up leads to the run, whose log follows live', async () => {
    // (The live 'Started Running' pop-up may come before or after the answer's: not awaited here.)
    const id = await run(page, '1');
    await page
      .getByRole('alert')
      .filter({ hasText: `Process with Id ${id}... Added successfully` })
      .getByRole('button', { name: 'Open' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Process Details' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/controlroom/process/processDetails/${id}[0-9a-f-]{28}$`));
    await expect(page.getByText('Hello Acme')).toBeVisible();
    await sidebar(page, 'Agents');
    const agentRow = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    // Now running: the bot's name, linking to the run (its short id on hover).
    const running = agentRow.getByRole('link', { name: 'Greeter' });
    await expect(running).toHaveAttribute('title', id);
    await running.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Process Details' })).toBeVisible();
    await expect(page.getByText('Hello Acme')).toBeVisible();
    await expect(page.getByText('secret decrypted')).toBeVisible();
    await expect(page.getByText('waiting for release 1')).toBeVisible();
    return id;
  });

  await test.step('a second run on the busy agent is refused', async () => {
    const dialog = await fillRun(page, '2');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByText('Agent is busy!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('released, the run completes: a pop-up, the last line live, and History Logs lists it', async () => {
    await sidebar(page, 'Current Status');
    // A click anywhere on the row opens the run.
    await page.getByRole('row').filter({ hasText: first }).getByRole('cell', { name: 'Greeter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Process Details' })).toBeVisible();
    await expect(page.getByText('waiting for release 1')).toBeVisible();
    agent.release('1');
    await expect(page.getByText(`Process with Id ${first}... Completed Successfully`)).toBeVisible();
    await expect(page.getByText('Done for Acme')).toBeVisible();
    await expect(page.getByText('Executed', { exact: true })).toBeVisible();
    await sidebar(page, 'History Logs');
    // One row per run; its lines open under it.
    await page
      .getByRole('row')
      .filter({ hasText: first })
      .getByRole('button', { name: /^Show lines/ })
      .click();
    await expect(page.getByRole('list', { name: 'Log lines' }).getByText('Done for Acme')).toBeVisible();
    // On a phone: a card per run, its lines behind a button, and nothing scrolls sideways.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: first }) });
    await card.getByRole('button', { name: /^Show lines/ }).click();
    await expect(card.getByRole('list', { name: 'Log lines' }).getByText('Done for Acme')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (desktop) await page.setViewportSize(desktop);
  });

  await test.step('the agent dies during a run: the run fails since the agent is disconnected', async () => {
    const id = await run(page, '3');
    await expect(page.getByText(`Process with Id ${id}... Started Running`)).toBeVisible();
    await agent.kill();
    await expect(page.getByText(/^Agent .+ Disconnected successfully$/)).toBeVisible();
    await expect(page.getByText(`Process with Id ${id}... failed since agent is disconnected`)).toBeVisible({
      timeout: 20_000,
    });
  });

  await test.step('a run for the absent agent waits in its queue; Cancel on Current Status cancels it', async () => {
    const id = await run(page, '4');
    await sidebar(page, 'Agents');
    await page.getByRole('row').filter({ hasText: 'E2E Runner' }).getByRole('link', { name: 'View' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Details' })).toBeVisible();
    await page.getByRole('tab', { name: 'Queue' }).click();
    const queued = page.getByRole('table', { name: 'Queue' }).getByRole('row').filter({ hasText: id });
    await expect(queued.getByRole('cell').first()).toHaveText('1');
    await page.getByRole('tab', { name: 'Processes' }).click();
    await expect(page.getByRole('row').filter({ hasText: first }).getByText('Executed')).toBeVisible();
    await sidebar(page, 'Current Status');
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Process cancelled successfully!')).toBeVisible();
    await expect(row.getByText('Canceled', { exact: true })).toBeVisible();
  });
});
