import { expect, test } from './fixtures';

// This file changes the admin's password, so it gets a server (and database) of its own:
// a worker option that differs from the default starts a separate worker.
test.use({ serverEnv: { RPA_ADMIN_PASSWORD: 'Start@123' } });
// The second test checks what the first one changed.
test.describe.configure({ mode: 'serial' });

test('forgot password: the mailed link sets a new password that then signs in', async ({
  page,
  admin,
  readOutbox,
  loginAs,
}) => {
  const newPassword = 'Fresh#2026';
  const before = readOutbox().length;

  // The login page's link is covered in home.spec.ts; here the flow starts on its target.
  await page.goto('/account/forgot-password');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The link has been sent to your registered email!')).toBeVisible();

  // The mail is written before the API answers, but poll anyway: the file system is shared.
  await expect.poll(() => readOutbox().length).toBeGreaterThan(before);
  const mail = readOutbox().at(-1);
  expect(mail?.to).toContain(admin.email);
  const link = mail?.links.find((l) => l.includes('/account/reset-password?token='));
  expect(link, `reset link in ${mail?.file}`).toBeTruthy();

  // The link points at PUBLIC_URL, which the fixture set to this worker's server.
  await page.goto(link ?? '');
  await expect(page.getByLabel('Old Password')).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();

  // The check icon and its text stay for 1 s before the redirect. MUI strips the icons'
  // test ids from production builds and the icon is decorative, so look for the svg itself.
  const done = page.getByRole('status');
  await expect(done).toContainText('Password has been reset successfully!');
  await expect(done.locator('svg').first()).toBeVisible();
  await expect(page).toHaveURL('/login');

  await loginAs(page, admin.email, newPassword);
  await expect(
    page
      .getByRole('menuitem', { name: 'Dashboard' })
      .or(page.getByRole('link', { name: 'Dashboard' }))
      .first(),
  ).toBeVisible();
});

test('the old password no longer signs in after a reset', async ({ page, admin }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL('/login');
});
