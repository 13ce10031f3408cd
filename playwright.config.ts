import { defineConfig, devices } from '@playwright/test';

const isCI = !!process.env.CI && process.env.CI !== 'false';

// The system Chromium (apt package); Playwright's own browser download is not reachable here.
const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Builds dist/ when it is missing, so `npx playwright test` works on its own.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: each worker runs its own server (with embedded PGlite) and a browser. A third
  // worker was tried: three servers and browsers starting at once took the first test past its
  // minute (automation.spec failed twice).
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  // scripts/test.mjs names its own report file, so two runs in one folder don't read each other's.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '.tmp/e2e.json' }]],
  use: {
    headless: true,
    // Recording a trace for every test costs time on two cores; the retry (CI) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Screens change at once (the app honours reduced motion): no check reads a half-faded screen.
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
  ],
});
