import { expect, test } from './fixtures';

test.describe('public pages', () => {
  test('demo form: empty submit shows the messages, phone waits for a country code', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await expect(dialog).toBeVisible();

    const phone = dialog.getByLabel('Phone Number');
    await expect(phone).toBeDisabled();

    // Enter in the (autofocused, empty) first field submits the form, as a keyboard user does.
    await dialog.getByLabel('First Name').press('Enter');
    await expect(dialog.getByText('Please input Country Code!')).toBeVisible();
    await expect(dialog.getByText('Please input your phone number!')).toBeVisible();
    await expect(dialog.getByText('Please input Email!').or(dialog.getByText('Please input valid email!')).first()).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Country Code').selectOption('IN');
    await expect(phone).toBeEnabled();
    await expect(dialog.getByText('Please input Country Code!')).toBeHidden();

    await phone.fill('12');
    await phone.blur();
    await expect(dialog.getByText('Please enter a valid phone number!')).toBeVisible();
  });

  test('demo form: valid data is sent and a success toast shows', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await dialog.getByLabel('First Name').fill('Asha');
    await dialog.getByLabel('Last Name').fill('Verma');
    await dialog.getByLabel('Email').fill('asha.verma@example.com');
    await dialog.getByLabel('Country Code').selectOption('IN');
    await dialog.getByLabel('Phone Number').fill('9876543210');
    await dialog.getByLabel('Company Name').fill('Verma Logistics');
    await dialog.getByLabel('Message').fill('We would like to automate our invoice processing.');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('alert')).toContainText('Thank you! Our team will contact you shortly.');
    await expect(dialog).toBeHidden();
  });

  // Regression: the focused empty field's error appears on blur (mousedown) and pushes the
  // target down before mouseup, so a person's first click used to do nothing.
  test('demo form: one click on Submit with the first field focused shows every message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Request Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Demo' });
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please input Country Code!')).toBeVisible();
  });

  test('login page: one click on "Forgot password?" opens the forgot-password page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/account/forgot-password');
  });

  test('an unknown path lands on /notfound', async ({ page }) => {
    await page.goto('/some/unknown');
    await expect(page).toHaveURL('/notfound');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the control room without a token lands on the home page', async ({ page }) => {
    await page.goto('/controlroom');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Request Demo' })).toBeVisible();
  });
});
