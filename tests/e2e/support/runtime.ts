import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** What `npm run build` makes and /api/agent/download serves when no installer is configured. */
export const agentBuilt = (): boolean => existsSync(join(ROOT, 'dist-server', 'rpa-agent.mjs'));

/**
 * Resolves once the page's live connection (socket.io, long polling) has joined its rooms: from
 * then on the live pop-ups reach it. A test that starts an agent right after signing in waits for
 * it first, or the agent's "Connected" pop-up can be sent before the page listens. Call it before
 * the page signs in.
 */
export function liveJoined(page: Page): Promise<unknown> {
  return page.waitForResponse(
    async (res) => res.url().includes('/socket.io/') && (await res.text().catch(() => '')).includes('"room-joined"'),
    { timeout: 60_000 },
  );
}

/** How to start the reference agent from the sources when it is not built. */
export const AGENT_SOURCES = ['--import', 'tsx', 'agent/main.ts'];

/**
 * The reference agent as users run it, the one-file build, when `npm test` has just built it
 * (E2E_BUILT=1; it starts without compiling anything); otherwise the sources, never stale.
 */
export const agentProgram = (): string[] =>
  process.env.E2E_BUILT === '1' && agentBuilt() ? [join(ROOT, 'dist-server', 'rpa-agent.mjs')] : AGENT_SOURCES;

/**
 * The bot: says hello with its parameters (the encrypted one only as "decrypted" or not, never
 * its value), then holds until the test releases it by creating `release-<in_Gate>` in
 * E2E_GATE_DIR (the agent's environment reaches its bots). No clock decides when it ends.
 */
export const BOT_SCRIPT = `// @rpa-param in_Customer String
// @rpa-param in_Secret String
// @rpa-param in_Gate String
const fs = require('node:fs');
const path = require('node:path');
const env = process.env;
console.log('Hello ' + env.RPA_PARAM_IN_CUSTOMER);
console.log(env.RPA_PARAM_IN_SECRET === 'Open-Sesame-42' ? 'secret decrypted' : 'secret NOT decrypted');
console.log('waiting for release ' + env.RPA_PARAM_IN_GATE);
const gate = path.join(env.E2E_GATE_DIR, 'release-' + env.RPA_PARAM_IN_GATE);
const started = Date.now();
const timer = setInterval(() => {
  if (fs.existsSync(gate)) {
    clearInterval(timer);
    console.log('Done for ' + env.RPA_PARAM_IN_CUSTOMER);
  } else if (!fs.existsSync(env.E2E_GATE_DIR) || Date.now() - started > 120000) {
    // An orphan (its agent was killed) does not outlive its test's folder, nor the test run.
    process.exit(9);
  }
}, 100);
`;

/**
 * One run's folder and the reference agent started in it as a real child process (the downloaded
 * file with node, or the sources with tsx). The bots it runs wait for `release(gate)`.
 */
export class AgentRun {
  readonly dir = mkdtempSync(join(tmpdir(), 'rpa-e2e-runtime-'));
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor() {
    mkdirSync(join(this.dir, 'gates'));
  }

  start(program: readonly string[], registration: string): void {
    // Outside the run's folder, which cleanUp removes: a failed test's agent can still be read.
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const log = createWriteStream(join(ROOT, '.tmp', `e2e-agent-${basename(this.dir)}.log`));
    const args = ['--registration', registration, '--name', 'E2E Runner'];
    const folders = ['--work-dir', join(this.dir, 'runs'), '--state-dir', join(this.dir, 'state')];
    const child = spawn(process.execPath, [...program, ...args, ...folders], {
      cwd: ROOT,
      env: { ...process.env, E2E_GATE_DIR: join(this.dir, 'gates') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.exited = new Promise<void>((done) => child.once('exit', () => done()));
    this.child = child;
  }

  /** Kills the agent at once (no report, no goodbye), as a crash or a pulled cable would. */
  async kill(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  release(gate: string): void {
    writeFileSync(join(this.dir, 'gates', `release-${gate}`), '');
  }

  /** The agent killed, every bot still holding released, the folder removed. */
  async cleanUp(gates: readonly string[]): Promise<void> {
    await this.kill();
    for (const gate of gates) this.release(gate);
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
