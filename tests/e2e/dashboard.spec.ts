import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeaders, letters, peopleData, storedToken, type Envelope } from './support/people';
import { agentProgram, AgentRun, BOT_SCRIPT } from './support/runtime';

const BOT = 'Tally Bot';
let agent: AgentRun;

test.beforeAll(() => {
  agent = new AgentRun();
});

test.afterAll(async () => {
  await agent.cleanUp(['d']);
});

/** A company licensed for a bot and an agent, its registration file and the bot; answers their ids. */
async function setUp(request: APIRequestContext, headers: Record<string, string>) {
  const company = { ...peopleData().company, name: `Tally ${letters(6)} Works` };
  const created = await request.post('/api/company/create', { headers, data: company });
  expect(created.status(), await created.text()).toBe(200);
  const companyId = ((await created.json()) as Envelope<{ id: string }>).payload.id;
  const licence = {
    companyId,
    tenure: 'Monthly',
    currency: 'INR',
    amount: 500,
    maxBots: 1,
    maxAgents: 1,
    startDate: '2026-01-01',
    endDate: '2099-12-31',
  };
  expect((await request.post('/api/companyLicense/create', { headers, data: licence })).status()).toBe(200);
  const token = await request.post('/api/registrationToken/generate', { headers, data: { type: 'agent', companyId } });
  expect(token.status(), await token.text()).toBe(200);
  const tokenId = ((await token.json()) as Envelope<{ id: string }>).payload.id;
  const file = await request.get(`/api/registrationToken/download/${tokenId}`, { headers });
  expect(file.status(), await file.text()).toBe(200);
  const registration = join(agent.dir, 'registration.json');
  writeFileSync(registration, await file.body());
  const bot = await request.post('/api/bot/create', {
    headers,
    multipart: {
      companyId,
      name: BOT,
      description: 'Greets a customer, then ends when released',
      type: '1',
      file: { name: 'tally.js', mimeType: 'text/javascript', buffer: Buffer.from(BOT_SCRIPT) },
    },
  });
  expect(bot.status(), await bot.text()).toBe(200);
  const botId = ((await bot.json()) as Envelope<{ id: string }>).payload.id;
  return { company: company.name, companyId, botId, registration };
}

test('the dashboard counts a run of today under Successful Processes, live, and its bar opens the filtered list', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(150_000);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  const world = await test.step('setup: company, licence, bot and a connected agent', async () => {
    const made = await setUp(request, headers);
    agent.start(agentProgram(), made.registration);
    let agentId = '';
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/agent/all?companyId=${made.companyId}`, { headers });
          const rows = ((await res.json()) as Envelope<{ rows: { id: string; status: number }[] }>).payload.rows;
          agentId = rows.find((r) => r.status === 1)?.id ?? '';
          return agentId;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    return { ...made, agentId };
  });

  await test.step('the dashboard of today for the company: no processes yet', async () => {
    await page.goto('/controlroom');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: world.company }).click();
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    const charts = page.getByRole('region', { name: 'Bot performance' });
    await expect(charts.getByText('No processes in this period')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Agents connected' })).toContainText('1');
  });

  await test.step('a run made now ends Executed: the dashboard counts it without a reload', async () => {
    agent.release('d');
    const run = await request.post('/api/process/create', {
      headers,
      data: {
        botId: world.botId,
        agentId: world.agentId,
        parameters: [
          { name: 'in_Customer', value: 'Acme' },
          { name: 'in_Secret', value: 'x' },
          { name: 'in_Gate', value: 'd' },
        ],
      },
    });
    expect(run.status(), await run.text()).toBe(200);
    const figures = page.getByRole('region', { name: 'Runs' });
    await expect(figures).toContainText('1', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Success rate' })).toContainText('100', { timeout: 30_000 });
    const bots = page.getByRole('region', { name: 'Bot performance' });
    await bots.getByRole('button', { name: 'Show as table' }).click();
    const row = bots.getByRole('row').filter({ hasText: BOT });
    const headings = await bots.getByRole('columnheader').allTextContents();
    const successful = headings.indexOf('Successful Processes');
    expect(successful).toBeGreaterThan(0);
    await expect(row.getByRole('cell').nth(successful - 1)).toHaveText('1');
    await bots.getByRole('button', { name: 'Show as chart' }).click();
  });

  await test.step('its bar opens Current Status filtered to the successful runs of the bot', async () => {
    // The first bot's part of the 'Successful Processes' colour.
    const bar = page.getByRole('region', { name: 'Bot performance' }).locator('[data-testid="bar.item.successful.0"]');
    await bar.click();
    await expect(page).toHaveURL(/\/controlroom\/process\?filter=/);
    const url = new URL(page.url());
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, string>;
    expect(filter).toEqual({
      outcome: 'successful',
      botId: world.botId,
      companyId: world.companyId,
      createdFrom: expect.any(String),
      createdTo: expect.any(String),
    });
    // The report's period, today: one local day that holds the run made in this test.
    const from = Date.parse(filter.createdFrom);
    const to = Date.parse(filter.createdTo);
    expect(to - from).toBe(24 * 3600 * 1000);
    expect(from).toBeLessThanOrEqual(Date.now());
    expect(to).toBeGreaterThan(Date.now());
    await expect(page.getByRole('heading', { level: 1, name: 'Current Status' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: BOT })).toHaveCount(1);
  });

  await test.step('at phone width (390 px) the charts stack and nothing overflows the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/controlroom');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: world.company }).click();
    const bots = page.getByRole('region', { name: 'Bot performance' });
    const line = page.getByRole('region', { name: 'Processes over time' });
    await expect(bots.locator('[data-testid="bar.item.successful.0"]')).toBeVisible();
    const [a, b] = [await bots.boundingBox(), await line.boundingBox()];
    expect(a && b && b.y >= a.y + a.height).toBe(true);
    expect(a && a.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
