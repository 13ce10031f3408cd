import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['tests/unit/web/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['tests/unit/profsetup.tmp.ts', 'tests/unit/setup.ts'],
    testTimeout: 20_000,
  },
});
