import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { AccessibilityWatch } from './support/a11y';
import { readOutbox, type Mail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

export type Credentials = { email: string; password: string };

type WorkerFixtures = {
  /** Extra environment for this worker's server; a file that sets it gets a server of its own. */
  serverEnv: Record<string, string>;
  server: RunningServer;
};

type TestFixtures = {
  admin: Credentials;
  readOutbox: () => Mail[];
  loginAs: (page: Page, email: string, password: string) => Promise<void>;
  /** Runs axe-core on every screen of the test's pages; pages of other contexts opt in with `watch`. */
  accessibility: AccessibilityWatch;
};

const DEFAULT_ADMIN: Credentials = { email: 'admin@rpa.local', password: 'Admin@123' };

/** Signs in through the login page, as a person would, and waits for the control room. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/controlroom/);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],

  server: [
    async ({ serverEnv }, provide, workerInfo) => {
      const env = { RPA_ADMIN_EMAIL: DEFAULT_ADMIN.email, RPA_ADMIN_PASSWORD: DEFAULT_ADMIN.password, ...serverEnv };
      const server = await startServer(`w${workerInfo.workerIndex}`, env);
      await provide(server);
      await server.stop();
    },
    // PGlite's first start (migrations + seed) takes a while on a busy two-core machine.
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },

  admin: async ({ serverEnv }, provide) => {
    await provide({
      email: serverEnv.RPA_ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
      password: serverEnv.RPA_ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
    });
  },

  readOutbox: async ({ server }, provide) => {
    await provide(() => readOutbox(server.dataDir));
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  loginAs: async ({}, provide) => {
    await provide(loginAs);
  },

  // Every test is checked: a screen with a serious or critical violation fails the test that showed it.
  accessibility: [
    // Depends on `page` so the page is still open for the last check (teardown runs in reverse).
    async ({ browser, context, page }, provide) => {
      const watch = new AccessibilityWatch();
      watch.watch(page);
      watch.watchContext(context);
      // Contexts a test opens itself (one per actor) are checked too.
      const onContext = (opened: BrowserContext) => watch.watchContext(opened);
      browser.on('context', onContext);
      await provide(watch);
      browser.off('context', onContext);
      const failure = await watch.finish();
      if (failure) throw new Error(failure);
    },
    { auto: true },
  ],
});

export { expect };
