import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The server serves dist/: build it once when it is missing (`npm test` always rebuilds). */
export function globalSetup(): void {
  if (existsSync('dist/index.html')) return;
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
}

// Playwright loads globalSetup through the module's default export.
export { globalSetup as default };
