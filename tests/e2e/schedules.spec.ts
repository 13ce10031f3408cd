import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeaders, letters, storedToken, type Envelope } from './support/people';
import { AGENT_SOURCES, AgentRun, agentBuilt } from './support/runtime';

// The browser's zone is fixed, so the preview's "in your time zone" line has one right answer.
test.use({ timezoneId: 'Europe/Paris', locale: 'en-US' });

/** An Automated bot (only those are scheduled): greets its customer and ends. */
const BOT_SCRIPT = '// @rpa-param in_Customer String\nconsole.log("hello " + process.env.RPA_PARAM_IN_CUSTOMER);\n';

async function ok<T>(answer: Promise<{ status(): number; text(): Promise<string> }>, what: string): Promise<T> {
  const res = await answer;
  const text = await res.text();
  expect(res.status(), `${what}: ${text}`).toBe(200);
  return (JSON.parse(text) as Envelope<T>).payload;
}

interface World {
  companyId: string;
  companyName: string;
  botId: string;
  botName: string;
  registrationToken: string;
}

/** A licensed company with an Automated bot and a registration token for its agents, made over the API. */
async function setUpWorld(request: APIRequestContext, headers: Record<string, string>): Promise<World> {
  const tag = letters(5);
  const companyName = `Sched ${tag} Works`;
  const company = {
    name: companyName,
    address: '12 Harbour Road, Unit 4/B, Pune',
    email: `o.${letters(8)}@example.com`,
  };
  const { id: companyId } = await ok<{ id: string }>(
    request.post('/api/company/create', { headers, data: { ...company, phone: '+91 98765 43210' } }),
    'company',
  );
  const licence = { tenure: 'Monthly', currency: 'INR', amount: 500, maxBots: 2, maxAgents: 2 };
  await ok(
    request.post('/api/companyLicense/create', {
      headers,
      data: { companyId, ...licence, startDate: '2026-01-01', endDate: '2099-12-31' },
    }),
    'licence',
  );
  const botName = `Greeter ${tag}`;
  const multipart = {
    name: botName,
    description: 'Greets a customer on a schedule',
    type: '2',
    companyId,
    file: { name: 'greeter.js', mimeType: 'text/javascript', buffer: Buffer.from(BOT_SCRIPT) },
  };
  const { id: botId } = await ok<{ id: string }>(request.post('/api/bot/create', { headers, multipart }), 'bot');
  const { token: registrationToken } = await ok<{ token: string }>(
    request.post('/api/registrationToken/generate', { headers, data: { companyId, type: 'agent' } }),
    'registration token',
  );
  return { companyId, companyName, botId, botName, registrationToken };
}

/** An agent known to the server (registered), not connected: a plan may name it. */
async function registerAgent(request: APIRequestContext, world: World, name: string): Promise<string> {
  const { agentId } = await ok<{ agentId: string }>(
    request.post('/api/agent/register', {
      data: { registrationToken: world.registrationToken, deviceId: `SCHED-${letters(6)}`, name },
    }),
    'agent registration',
  );
  return agentId;
}

const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();

/** A select's accessible name is its label then its value ("Bot Greeter"). */
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });

async function choose(page: Page, label: string, option: string | RegExp) {
  await select(page, label).click();
  await page.getByRole('option', { name: option }).click();
}

/** The current minute in UTC as a schedule writes it (YYYY-MM-DDTHH:mm). */
const utcMinute = () => new Date().toISOString().slice(0, 16);

test('build a weekly schedule in Asia/Kolkata from the bot run menu and see its next five fires', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  const world = await setUpWorld(request, headers);
  await registerAgent(request, world, 'Kolkata PC');

  await test.step("View Bots: the bot's run menu has Run, Schedule, Delete; Schedule opens the builder on it", async () => {
    await sidebar(page, 'View Bots');
    const row = page.getByRole('row').filter({ hasText: world.botName });
    await expect(row.getByRole('button', { name: 'Run' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
    await row.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Schedule a Bot', level: 1 })).toBeVisible();
    await expect(select(page, 'Bot')).toHaveText(world.botName);
  });

  await test.step('weekdays at 09:00 in Asia/Kolkata from Monday 4 January 2027', async () => {
    await choose(page, 'Agent', /^Kolkata PC/);
    await page.getByLabel('in_Customer', { exact: true }).fill('Acme');
    await choose(page, 'Frequency', 'Weekly');
    await page.getByLabel('Time', { exact: true }).fill('09:00');
    const days = page.getByRole('group', { name: 'Week days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await days.getByRole('checkbox', { name: day }).check();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('Asia/Kolkata');
    await page.getByRole('option', { name: 'Asia/Kolkata', exact: true }).click();
    await page.getByLabel('Start date', { exact: true }).fill('2027-01-04T00:00');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  await test.step('Preview: the next five fires in Kolkata and in the browser (Paris, 4 h 30 behind in winter)', async () => {
    await page.getByRole('button', { name: 'Preview' }).click();
    const fires = page.getByRole('region', { name: 'Next five fires' }).getByRole('listitem');
    await expect(fires).toHaveCount(5);
    const days = ['Monday, January 4', 'Tuesday, January 5', 'Wednesday, January 6', 'Thursday, January 7'];
    for (const [i, day] of [...days, 'Friday, January 8'].entries()) {
      await expect(fires.nth(i)).toContainText(new RegExp(`${day}, 2027 at 9:00\\sAM \\(Asia/Kolkata\\)`));
      await expect(fires.nth(i)).toContainText(
        new RegExp(`${day}, 2027 at 4:30\\sAM in your time zone \\(Europe/Paris\\)`),
      );
    }
  });

  await test.step('Save: the details page says the plan in words and lists the same fires', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Schedule created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schedule Details', level: 1 })).toBeVisible();
    await expect(page.getByText('Every weekday at 09:00 (Asia/Kolkata)')).toBeVisible();
    await page.getByRole('tab', { name: 'Next fires' }).click();
    await expect(page.getByRole('listitem').first()).toContainText(/Monday, January 4, 2027 at 9:00\sAM/);
    await page.getByRole('tab', { name: 'Parameters and recipients' }).click();
    await expect(page.getByText('in_Customer')).toBeVisible();
  });

  await test.step('Scheduled Plans lists it in words, active, with Reschedule', async () => {
    await sidebar(page, 'Scheduled Plans');
    const row = page.getByRole('row').filter({ hasText: world.botName });
    await expect(row.getByText('Every weekday at 09:00 (Asia/Kolkata)')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Reschedule' })).toBeVisible();
  });
});

test('a minutely schedule fires on the reference agent: its history row and its process appear live', async ({
  page,
  admin,
  loginAs,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const agent = new AgentRun();
  let scheduleId = '';
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  try {
    const world = await setUpWorld(request, headers);

    await test.step('the reference agent registers with the token and connects', async () => {
      const file = join(agent.dir, 'registration.json');
      writeFileSync(file, JSON.stringify({ serverUrl: baseURL, token: world.registrationToken, type: 'agent' }));
      agent.start(agentBuilt() ? [join(process.cwd(), 'dist-server', 'rpa-agent.mjs')] : AGENT_SOURCES, file);
      await expect
        .poll(
          async () => {
            const res = await request.get('/api/agent/all', { headers, params: { companyId: world.companyId } });
            const rows = ((await res.json()) as Envelope<{ rows: { name: string; status: number }[] }>).payload.rows;
            return rows.some((a) => a.name === 'E2E Runner' && a.status !== 0);
          },
          { timeout: 60_000 },
        )
        .toBe(true);
    });

    await test.step('Scheduled Plans → Create: every minute from now', async () => {
      await sidebar(page, 'Scheduled Plans');
      await page.getByRole('main').getByRole('link', { name: 'Create', exact: true }).click();
      await choose(page, 'Bot', world.botName);
      await choose(page, 'Agent', /^E2E Runner/);
      await page.getByLabel('in_Customer', { exact: true }).fill('Acme');
      await choose(page, 'Frequency', 'Minutely');
      await page.getByRole('spinbutton', { name: 'Every (minutes, 1–59)' }).fill('1');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('region', { name: 'Next five fires' }).getByRole('listitem')).toHaveCount(5);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Schedule created successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/process\/schedule\/details\//);
      scheduleId = page.url().split('/').pop() ?? '';
      await expect(page.getByText('Every minute')).toBeVisible();
    });

    await test.step('Scheduled History: the fire shows without a reload, and leads to its executed process', async () => {
      await sidebar(page, 'Scheduled History');
      const row = page.getByRole('row').filter({ hasText: world.botName }).first();
      // The next minute boundary, then the scheduler and the live message.
      await expect(row.getByText('Fired', { exact: true })).toBeVisible({ timeout: 120_000 });
      await row.getByRole('link', { name: 'Open the process' }).click();
      await expect(page.getByRole('heading', { name: 'Process Details', level: 1 })).toBeVisible();
      await expect(page.getByText('Executed', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('hello Acme')).toBeVisible();
    });
  } finally {
    if (scheduleId) await request.delete(`/api/process/schedule/${scheduleId}`, { headers });
    await agent.cleanUp([]);
  }
});

test("today marked a non-working day: the plan's next fire is skipped with its reason", async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, admin.email, admin.password);
  const headers = authHeaders(await storedToken(page));
  const world = await setUpWorld(request, headers);
  const agentId = await registerAgent(request, world, 'Holiday PC');
  const today = new Date().toISOString().slice(0, 10);
  let scheduleId = '';
  try {
    await test.step('Non-working days → Create: today, for the company', async () => {
      await sidebar(page, 'Non-working days');
      await page.getByRole('main').getByRole('link', { name: 'Create', exact: true }).click();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Founders Day');
      await page.getByLabel(/^Day/).fill(today);
      const company = page.getByRole('combobox', { name: /^Company/ });
      await company.fill(world.companyName);
      await page.getByRole('option', { name: world.companyName }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      // Saved once the form has left its create page; leaving before would ask to discard it.
      await expect(page).not.toHaveURL(/\/create(\?|$)/);
      await sidebar(page, 'Non-working days');
      await expect(page.getByRole('row').filter({ hasText: 'Founders Day' })).toBeVisible();
    });

    await test.step('a minutely plan in UTC that skips non-working days', async () => {
      const duration = { frequency: 'minutely', every: 1, timezone: 'UTC', startDate: utcMinute() };
      const body = {
        botId: world.botId,
        agentId,
        parameters: [{ name: 'in_Customer', value: 'Acme' }],
        duration,
        skipNonWorkingDays: true,
      };
      scheduleId = (await ok<{ id: string }>(request.post('/api/process/schedule', { headers, data: body }), 'plan'))
        .id;
    });

    await test.step('Scheduled History: the fire is skipped, its reason said', async () => {
      await sidebar(page, 'Scheduled History');
      const row = page.getByRole('row').filter({ hasText: world.botName }).first();
      await expect(row.getByText('Skipped', { exact: true })).toBeVisible({ timeout: 120_000 });
      await expect(row.getByText('skipped: non-working day')).toBeVisible();
      await expect(row.getByRole('link', { name: 'Open the process' })).toHaveCount(0);
    });
  } finally {
    if (scheduleId) await request.delete(`/api/process/schedule/${scheduleId}`, { headers });
  }
});
