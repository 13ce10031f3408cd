import { expect, test } from './fixtures';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('Super Admin: sidebar, avatar, help, menu and language', async ({
  page,
  context,
  baseURL,
  admin,
  loginAs,
  request,
}) => {
  // The names the tooltip must show come from the server's own account record.
  const res = await request.post('/api/user/login', { data: { email: admin.email, password: admin.password } });
  expect(res.ok()).toBe(true);
  const { user } = (await res.json()).payload as {
    user: { fullName: string; email: string; companyName?: string | null };
  };

  await loginAs(page, admin.email, admin.password);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });

  await test.step('sidebar', async () => {
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'User Profile' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'User Details' }).click();
    await expect(page).toHaveURL('/controlroom/profile/userdetails');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/controlroom');
  });

  await test.step('avatar tooltip: full name and e-mail, no company for Super Admin', async () => {
    const avatar = page.getByRole('button', { name: /– Account$/ });
    // Label in name: the button is named by the initials it shows, then what it opens.
    await expect(avatar).toHaveAccessibleName(`${(await avatar.innerText()).trim()} – Account`);
    await avatar.click();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText(
      new RegExp(`^\\s*${escapeRegExp(user.fullName)}\\s*${escapeRegExp(user.email)}\\s*$`),
    );
    // While open, MUI names the avatar button by the tooltip, so close it with the keyboard, the
    // pointer moved off the avatar first (a pointer resting on it would keep the tooltip open).
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
  });

  await test.step('help popup copies the support e-mail', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help).toBeVisible();
    const address = (await help.getByRole('link', { name: /@/ }).textContent()) ?? '';
    await help.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied Successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toBeHidden();
  });

  await test.step('menu shows the version; language switches to French and back', async () => {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText('Version 6.0.0')).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

    await menu.getByRole('button', { name: 'Français' }).click();
    await expect(sidebar.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Bienvenue, ${user.fullName}` })).toBeVisible();

    // The switch re-renders the shell and the popover may close with it; Escape is a no-op then.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(menu.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    await menu.getByRole('button', { name: 'English' }).click();
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test('logout in one tab logs out the other tab', async ({ page, context, admin, loginAs }) => {
  await loginAs(page, admin.email, admin.password);
  const other = await context.newPage();
  await other.goto('/controlroom');
  await expect(
    other.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(other).toHaveURL('/');
  await expect(other.getByRole('button', { name: 'Request Demo' })).toBeVisible();
});
