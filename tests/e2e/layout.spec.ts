import { expect, test } from './fixtures';
import { apiLogin, authHeaders, letters, peopleData } from './support/people';

/**
 * The desktop layout at 1440 px: list rows are one line (their actions are icons), and the
 * 200 px sidebar shows every label whole in French too (a long one wraps, none is cut).
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** A line of 14–16 px text with its padding; a wrapped row or item is well above this. */
const ONE_LINE_PX = 56;

test('lists at 1440 px: one-line rows with icon actions, and no sideways scroll', async ({
  page,
  request,
  admin,
  loginAs,
}) => {
  const token = await apiLogin(request, admin.email, admin.password);
  // Long values, which wrapped the row before (the address is the longest the API allows).
  const company = {
    ...peopleData().company,
    name: `Northwind Logistics International ${letters(6)}`,
    address: '1200 Harbour Boulevard, Suite 400, Rotterdam 3199 LA, NL',
  };
  const created = await request.post('/api/company/create', { headers: authHeaders(token), data: company });
  expect(created.status(), await created.text()).toBe(200);

  await loginAs(page, admin.email, admin.password);
  await page.goto('/controlroom/company/view');
  const row = page.getByRole('row').filter({ hasText: company.email });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'View' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Update' })).toHaveText('');
  expect((await row.boundingBox())?.height).toBeLessThanOrEqual(ONE_LINE_PX);
  // The long address ends in an ellipsis inside its cell; nothing pushes the page sideways.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});

test('the sidebar in French: every label whole at 200 px, a long one on two lines', async ({
  page,
  admin,
  loginAs,
}) => {
  await loginAs(page, admin.email, admin.password);
  // The language as the header menu's Français leaves it: stored, read when the shell starts.
  await page.evaluate(() => localStorage.setItem('language', 'fr'));
  await page.reload();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const details = sidebar.getByRole('link', { name: "Détails de l'utilisateur" });
  await expect(details).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBeLessThanOrEqual(200);

  // No label is cut: each one's text fits its box (no ellipsis, nothing hidden to the side).
  const labels = sidebar.locator('.MuiListItemText-primary');
  const cut = await labels.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === 'ellipsis')
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  // The long ones take a second line instead, and stay inside the sidebar.
  const lines = await sidebar
    .locator('.MuiListItemText-primary', { hasText: "Détails de l'utilisateur" })
    .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBe(2);
  const right = await labels.evaluateAll((els) => Math.max(...els.map((el) => el.getBoundingClientRect().right)));
  expect(right).toBeLessThanOrEqual(200);
});

test('the Agents list at 1440 px: every column, Updated at included, fits without scrolling sideways', async ({
  page,
  request,
  admin,
  loginAs,
}) => {
  const token = await apiLogin(request, admin.email, admin.password);
  const headers = authHeaders(token);
  const company = await request.post('/api/company/create', {
    headers,
    data: { ...peopleData().company, name: `Agents Layout ${letters(6)}` },
  });
  expect(company.status(), await company.text()).toBe(200);
  const companyId = ((await company.json()) as { payload: { id: string } }).payload.id;
  const licence = { companyId, tenure: 'Monthly', currency: 'INR', amount: 500, maxBots: 1, maxAgents: 1 };
  const licensed = await request.post('/api/companyLicense/create', {
    headers,
    data: { ...licence, startDate: '2026-01-01', endDate: '2099-12-31' },
  });
  expect(licensed.status(), await licensed.text()).toBe(200);
  const generated = await request.post('/api/registrationToken/generate', {
    headers,
    data: { companyId, type: 'agent' },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const registrationToken = ((await generated.json()) as { payload: { token: string } }).payload.token;
  // A long device id, as Windows machines report theirs.
  const deviceId = `FINANCE-WORKSTATION-${letters(6).toUpperCase()}-0042.corp.example.com`;
  const registered = await request.post('/api/agent/register', { data: { registrationToken, deviceId } });
  expect(registered.status(), await registered.text()).toBe(200);

  await loginAs(page, admin.email, admin.password);
  await page.goto('/controlroom/agents');
  await expect(page.getByRole('row').filter({ hasText: deviceId.slice(0, 12) })).toBeVisible();
  const wrapper = page.locator('.RaDataTable-tableWrapper').first();
  await expect
    .poll(() => wrapper.evaluate((el) => el.scrollWidth - el.clientWidth), { message: 'the table scrolls sideways' })
    .toBeLessThanOrEqual(0);
  const updated = page.getByRole('columnheader', { name: 'Updated at' });
  await expect(updated).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});
