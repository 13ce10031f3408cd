import { expect, test } from './fixtures';

// A server of its own whose web app config (GET /api/public/config) asks for a 3 s timeout;
// the app checks every 5 s, so the logout comes 3 to 8 s after the last activity.
test.use({ serverEnv: { INACTIVITY_TIMEOUT_MS: '3000' } });

test('inactivity logs the user out with "Session Expired" and lands on the home page', async ({
  page,
  admin,
  loginAs,
}) => {
  await loginAs(page, admin.email, admin.password);
  // No input from here on: the page is left alone until the tracker expires the session.
  await expect(page.getByRole('alert').filter({ hasText: 'Session Expired' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The session is really gone: the shell sends a visitor without a token home again.
  await page.goto('/controlroom');
  await expect(page).toHaveURL('/');
});
