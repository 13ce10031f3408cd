import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/web/**', 'tests/unit/i18n/**'],
          // No DOM: a file pays neither happy-dom's set-up nor the screens' translations.
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // The screens, and the translations as the browser downloads and keeps them.
          include: ['tests/unit/web/**/*.test.{ts,tsx}', 'tests/unit/i18n/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // Several screens in one test each wait up to 5 s under load (see setup.ts).
          testTimeout: 20_000,
          // Vitest's default is one worker less than the cores: one on this two-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The migrated database every test server starts from, made once per run.
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file boots its own server and database; two cores run two at a time.
          maxWorkers: 2,
          // A test process imports the server once for all the files it runs, not once per file
          // (a file still starts servers of its own, with their own state).
          isolate: false,
        },
      },
    ],
  },
});
