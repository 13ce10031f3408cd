import { expect, test } from './fixtures';

// Create Bot on a phone (390 × 844): the form's Cancel is a labelled button beside Save.
test.use({ viewport: { width: 390, height: 844 } });

test('Create Bot on a phone: it names the files it takes, and Cancel (labelled) leads back to View Bots', async ({
  page,
  admin,
  loginAs,
}) => {
  await loginAs(page, admin.email, admin.password);
  await page.goto('/controlroom/bots/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Bot' })).toBeVisible();
  await expect(page.getByText('Bot file (XAML workflow, project package or script)')).toBeVisible();
  await expect(
    page.getByText(
      /^A XAML workflow \(\.xaml\), a project package \(\.zip, \.nupkg: .*\) or a script \(\.js, \.mjs, \.cjs, \.sh, \.py, \.ps1\)/,
    ),
  ).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await expect(cancel).toHaveText('Cancel');
  await expect(cancel).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
  await cancel.click();
  await expect(page.getByRole('heading', { level: 1, name: 'View Bots' })).toBeVisible();
});
