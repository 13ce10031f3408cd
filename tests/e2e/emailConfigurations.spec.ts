import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { dovecotMissing, startDovecot, type MailServer } from '../api/dovecot';
import { expect, test } from './fixtures';

/*
 * Check connection in the browser logs in for real: against a private dovecot and an SMTP
 * server with its own login, both on loopback. A wrong secret shows the servers' own reasons.
 */

const USER = 'robot@mail.test';
const PASS = 'app-secret-1';
const missing = dovecotMissing();

test.describe('E-mail Configurations: Check connection', () => {
  test.skip(missing !== undefined && process.env.CI !== 'true', missing ?? '');

  let dovecot: MailServer;
  let smtp: SMTPServer;
  let smtpPort = 0;

  test.beforeAll(async () => {
    dovecot = await startDovecot(USER, PASS);
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASS) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  test.afterAll(async () => {
    await dovecot?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  test('succeeds against the loopback servers, and a wrong secret shows the server’s reason', async ({
    page,
    admin,
    loginAs,
  }) => {
    await loginAs(page, admin.email, admin.password);
    await page.getByRole('link', { name: 'Email Configurations' }).click();
    await expect(page).toHaveURL(/\/controlroom\/profile\/emailconfigurations$/);
    await page.goto('/controlroom/profile/emailconfigurations/create');

    await page.getByRole('combobox', { name: /^Host/ }).click();
    await page.getByRole('option', { name: 'Gmail' }).click();
    await expect(page.getByTestId('host-instructions')).toContainText('App passwords');
    await expect(page.getByLabel(/^IMAP host name/)).toHaveCount(0);

    await page.getByRole('combobox', { name: /^Host/ }).click();
    await page.getByRole('option', { name: 'Custom IMAP/SMTP' }).click();
    await page.getByLabel(/^IMAP host name/).fill('127.0.0.1');
    await page.getByLabel(/^IMAP port/).fill(String(dovecot.port));
    await page.getByLabel(/^IMAP over TLS/).uncheck();
    await page.getByLabel(/^SMTP host name/).fill('127.0.0.1');
    await page.getByLabel(/^SMTP port/).fill(String(smtpPort));
    await page.getByLabel(/^SMTP over TLS/).uncheck();
    await page.getByLabel(/^E-mail/).fill(USER);
    await page.getByLabel(/^App password/).fill(PASS);

    await page.getByRole('button', { name: 'Check connection' }).click();
    const result = page.getByTestId('check-connection-result');
    await expect(result).toHaveText('Connection successful! IMAP and SMTP logins work.');

    await page.getByLabel(/^App password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect(result).toContainText('IMAP: Authentication failed');
    await expect(result).toContainText('SMTP: 535');
    await expect(result).not.toContainText('not-the-password');
  });
});
