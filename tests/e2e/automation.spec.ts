import type { Page } from '@playwright/test';
import { WORKFLOW } from '../api/workflows';
import { expect, test } from './fixtures';
import { authHeaders, letters, peopleData, storedToken, type Envelope } from './support/people';

/** Picks a company in the form's autocomplete: typed in full, then the one matching option. */
async function chooseCompany(page: Page, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Company' });
  // Typing before the first choices arrive would be wiped when they do.
  await input.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await input.fill(name);
  const option = page.getByRole('option', { name });
  await expect(option).toHaveCount(1);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(input).toHaveValue(name);
}

test('a company’s agent registers with a generated token and a bot is made from its workflow, within the licence', async ({
  page,
  admin,
  loginAs,
  request,
}) => {
  const data = peopleData();
  const company = { ...data.company, name: `Bots ${letters(6)} Works` };
  await loginAs(page, admin.email, admin.password);
  const adminToken = await storedToken(page);
  const headers = authHeaders(adminToken);

  const companyId = await test.step('setup: a company whose licence allows one bot and one agent', async () => {
    const created = await request.post('/api/company/create', { headers, data: company });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as Envelope<{ id: string }>).payload.id;
    const licence = {
      companyId: id,
      tenure: 'Monthly',
      currency: 'INR',
      amount: 500,
      maxBots: 1,
      maxAgents: 1,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    };
    expect((await request.post('/api/companyLicense/create', { headers, data: licence })).status()).toBe(200);
    return id;
  });

  const token = await test.step('Agents → Registration Tokens: generate an agent token for the company', async () => {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Agents' }).click();
    await expect(page).toHaveURL('/controlroom/agents');
    await page.getByRole('tab', { name: 'Registration Tokens' }).click();
    await page.getByRole('button', { name: 'Generate Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate a registration token' });
    await dialog.getByLabel('Company').fill(company.name.slice(0, 10));
    await page.getByRole('option', { name: company.name }).click();
    await dialog.getByRole('button', { name: 'Generate Token' }).click();
    await expect(page.getByText('Token created successfully!')).toBeVisible();
    const value = await dialog.getByLabel('Token').inputValue();
    expect(value).toMatch(/^rt_/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    return value;
  });

  await test.step('the agent registers; the Agents tab lists it, disconnected', async () => {
    const registered = await request.post('/api/agent/register', {
      data: { registrationToken: token, deviceId: 'WS-E2E-01', name: 'Night PC', platform: 'linux' },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const refused = await request.post('/api/agent/register', {
      data: { registrationToken: token, deviceId: 'WS-E2E-02' },
    });
    expect(refused.status()).toBe(401);
    await page.getByRole('tab', { name: 'Agents' }).click();
    const row = page.getByRole('row').filter({ hasText: 'WS-E2E-01' });
    await expect(row).toBeVisible();
    await expect(row.getByText('Disconnected')).toBeVisible();
    await expect(row.getByText('No', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Reserve' }).click();
    await expect(page.getByText('Agent updated successfully!')).toBeVisible();
    await expect(row.getByText('Yes', { exact: true })).toBeVisible();
  });

  await test.step('Create Bots: the workflow’s arguments show, the bot is saved with them', async () => {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Create Bots' }).click();
    await expect(page).toHaveURL('/controlroom/bots/create');
    await chooseCompany(page, company.name);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Folder Sweeper');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Moves processed files to the archive');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Sweeper.xaml', mimeType: 'application/xml', buffer: Buffer.from(WORKFLOW) });
    await expect(page.getByRole('cell', { name: 'in_Customer' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'out_Total' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bot created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/controlroom\/bots\/details\//);
    await page.getByRole('tab', { name: 'Parameters' }).click();
    await expect(page.getByRole('cell', { name: 'in_Customer' })).toBeVisible();
  });

  await test.step('a second bot is refused: the licence allows one', async () => {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Create Bots' }).click();
    await chooseCompany(page, company.name);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Second Sweeper');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Would be one bot too many');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'Second.xaml', mimeType: 'application/xml', buffer: Buffer.from(WORKFLOW) });
    await expect(page.getByRole('cell', { name: 'in_Customer' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The licence of this company allows no more bots, contact admin!')).toBeVisible();
    await expect(page).toHaveURL('/controlroom/bots/create');
  });

  await test.step('company details: the Agents and Bots tabs list them; the company cannot be deleted', async () => {
    await page.goto(`/controlroom/company/details/${companyId}`);
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'WS-E2E-01' })).toBeVisible();
    await page.getByRole('tab', { name: 'Bots' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Folder Sweeper' })).toBeVisible();
    const res = await request.delete(`/api/company/delete/${companyId}`, { headers });
    expect(((await res.json()) as Envelope<unknown>).message).toBe(
      'This company still has bots or agents. Delete them first.',
    );
  });
});
