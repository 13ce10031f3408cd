import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const BUILT_SERVER = fileURLToPath(new URL('../../dist-server/main.js', import.meta.url));
const BUILT_AGENT = fileURLToPath(new URL('../../dist-server/rpa-agent.mjs', import.meta.url));

/**
 * Whether `npm test` built the server and the agent from these sources just before the API tests
 * (it says so with TEST_BUILT=1). A test run on its own (`npx vitest`, `npm run test:changed`)
 * may find an older build, so it runs the sources.
 */
const freshBuild = (file: string): boolean => process.env.TEST_BUILT === '1' && existsSync(file);

/**
 * The node arguments that run the server as a process: the compiled server that `npm start` runs
 * when it was just built (it starts without compiling a module), else the sources through tsx.
 */
export const serverProgram = (): string[] =>
  freshBuild(BUILT_SERVER) ? [BUILT_SERVER] : ['--import', 'tsx', 'server/main.ts'];

/** The node arguments that run the reference agent: its one-file build when just built, else the sources. */
export const agentProgram = (): string[] =>
  freshBuild(BUILT_AGENT) ? [BUILT_AGENT] : ['--import', 'tsx', 'agent/main.ts'];

/**
 * Puts the reference agent's one-file build at `file`: a copy of the one `npm test` just built, or
 * else the same build (`buildAgent`, as `npm run build` makes it) made there.
 */
export function agentBundleAt(file: string): void {
  if (freshBuild(BUILT_AGENT)) {
    copyFileSync(BUILT_AGENT, file);
    return;
  }
  const built = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import('./scripts/lib/build.mjs').then((m) => m.buildAgent(${JSON.stringify(file)}))`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`agent build failed: ${built.stderr}`);
}
