import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeaders, letters, peopleData, storedToken, type Envelope } from './support/people';

const ROOT = resolve(import.meta.dirname, '../..');
/** What `npm run build` makes and /api/agent/download serves when no installer is configured. */
const AGENT_BUNDLE = join(ROOT, 'dist-server', 'rpa-agent.mjs');

// A disconnected agent's running process ends as 5 one grace period (and a sweep) after it went away.
test.use({ serverEnv: { AGENT_GRACE_SECONDS: '1', AGENT_HEARTBEAT_SECONDS: '1' } });

/**
 * The bot: says hello with its parameters (the encrypted one only as "decrypted" or not, never
 * its value), then holds until the test releases it by creating `release-<in_Gate>` in
 * E2E_GATE_DIR (the agent's environment reaches its bots). No clock decides when it ends.
 */
const BOT_SCRIPT = `// @rpa-param in_Customer String
// @rpa-param in_Secret String
// @rpa-param in_Gate String
const fs = require('node:fs');
const path = require('node:path');
const env = process.env;
console.log('Hello ' + env.RPA_PARAM_IN_CUSTOMER);
console.log(env.RPA_PARAM_IN_SECRET === 'Open-Sesame-42' ? 'secret decrypted' : 'secret NOT decrypted');
console.log('waiting for release ' + env.RPA_PARAM_IN_GATE);
const gate = path.join(env.E2E_GATE_DIR, 'release-' + env.RPA_PARAM_IN_GATE);
const started = Date.now();
const timer = setInterval(() => {
  if (fs.existsSync(gate)) {
    clearInterval(timer);
    console.log('Done for ' + env.RPA_PARAM_IN_CUSTOMER);
  } else if (Date.now() - started > 120000) {
    // An orphan (its agent was killed) does not outlive the test run.
    process.exit(9);
  }
}, 100);
`;

type Agent = { child: ChildProcess; exited: Promise<void> };

let work: string;
let agent: Agent | null = null;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rpa-e2e-runtime-'));
  mkdirSync(join(work, 'gates'));
});

test.afterAll(async () => {
  if (agent && agent.child.exitCode === null && agent.child.signalCode === null) {
    agent.child.kill('SIGKILL');
    await agent.exited;
  }
  // Every bot still holding ends now.
  for (const gate of ['1', '2', '3', '4']) writeFileSync(join(work, 'gates', `release-${gate}`), '');
  rmSync(work, { recursive: true, force: true, maxRetries: 3 });
});

/** The reference agent as a real child process: the downloaded file with node, or the sources with tsx. */
function startAgent(program: string[], registration: string): Agent {
  const log = createWriteStream(join(work, 'agent.log'));
  const child = spawn(
    process.execPath,
    [
      ...program,
      '--registration',
      registration,
      '--name',
      'E2E Runner',
      '--work-dir',
      join(work, 'runs'),
      '--state-dir',
      join(work, 'state'),
    ],
    { cwd: ROOT, env: { ...process.env, E2E_GATE_DIR: join(work, 'gates') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited };
}

const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();

/** Opens Run on the bot's row, picks the agent and fills the three parameters (the secret encrypted). */
async function fillRun(page: Page, gate: string) {
  await sidebar(page, 'View Bots');
  await page.getByRole('row').filter({ hasText: 'Greeter' }).getByRole('button', { name: 'Run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run Greeter' });
  await dialog.getByRole('combobox', { name: 'Agent' }).click();
  await page.getByRole('option', { name: /^E2E Runner/ }).click();
  const values = dialog.getByLabel('Value');
  await values.nth(0).fill('Acme');
  await values.nth(1).fill('Open-Sesame-42');
  await dialog.getByRole('checkbox', { name: 'Encrypt' }).nth(1).check();
  await values.nth(2).fill(gate);
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

const release = (gate: string) => writeFileSync(join(work, 'gates', `release-${gate}`), '');

test('a real agent runs bots: live status, logs, busy refusal, disconnection and cancel', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  const company = { ...peopleData().company, name: `Runtime ${letters(6)} Works` };
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
      const path = join(work, file.suggestedFilename());
      await file.saveAs(path);
      return path;
    });

  const program =
    await test.step('Agents: Download agent gives the reference agent and the command, or says why not', async () => {
      await page.getByRole('tab', { name: 'Agents' }).click();
      if (!existsSync(AGENT_BUNDLE)) {
        // Not built (no npm run build): the server's message shows, no broken file is saved.
        await page.getByRole('button', { name: 'Download agent' }).click();
        await expect(page.getByText('The reference agent is not built: run npm run build.')).toBeVisible();
        return ['--import', 'tsx', 'agent/main.ts'];
      }
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download agent' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe('rpa-agent.mjs');
      const path = join(work, 'rpa-agent.mjs');
      await file.saveAs(path);
      await expect(page.getByText('node rpa-agent.mjs --registration registration-agent-….json')).toBeVisible();
      return [path];
    });

  await test.step('the agent starts with the file: a Connected pop-up, and the list shows it connected', async () => {
    agent = startAgent(program, registration);
    await expect(page.getByText(/^Agent .+ Connected$/)).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByText('Free', { exact: true })).toBeVisible();
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

  const first = await test.step('Run: the process starts and its log follows live on its details page', async () => {
    const id = await run(page, '1');
    await expect(page.getByText(`Process with Id ${id}... Started Running`)).toBeVisible();
    await sidebar(page, 'Agents');
    const agentRow = page.getByRole('row').filter({ hasText: 'E2E Runner' });
    await expect(agentRow.getByRole('link', { name: id })).toBeVisible();
    await agentRow.getByRole('link', { name: id }).click();
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
    await page.getByRole('row').filter({ hasText: first }).getByRole('link', { name: 'Details' }).click();
    await expect(page.getByText('waiting for release 1')).toBeVisible();
    release('1');
    await expect(page.getByText(`Process with Id ${first}... Completed Successfully`)).toBeVisible();
    await expect(page.getByText('Done for Acme')).toBeVisible();
    await expect(page.getByText('Executed', { exact: true })).toBeVisible();
    await sidebar(page, 'History Logs');
    await expect(page.getByRole('row').filter({ hasText: 'Done for Acme' })).toBeVisible();
  });

  await test.step('the agent dies during a run: the run fails since the agent is disconnected', async () => {
    const id = await run(page, '3');
    await expect(page.getByText(`Process with Id ${id}... Started Running`)).toBeVisible();
    agent?.child.kill('SIGKILL');
    await agent?.exited;
    await expect(page.getByText(/^Agent .+ Disconnected successfully$/)).toBeVisible();
    await expect(page.getByText(`Process with Id ${id}... failed since agent is disconnected`)).toBeVisible({
      timeout: 20_000,
    });
  });

  await test.step('a run for the absent agent waits in its queue; Cancel on Current Status cancels it', async () => {
    const id = await run(page, '4');
    await sidebar(page, 'Current Status');
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Process cancelled successfully!')).toBeVisible();
    await expect(row.getByText('Canceled', { exact: true })).toBeVisible();
  });
});
