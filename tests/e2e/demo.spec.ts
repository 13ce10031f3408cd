import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAs } from './fixtures';

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** The processes whose environment names this data folder: the demo script and every child it started. */
function processesOf(dataDir: string): number[] {
  const mark = `DATA_DIR=${dataDir}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(mark);
      } catch {
        // Gone meanwhile, or not ours to read.
        return false;
      }
    })
    .map(Number);
}

// `npm run demo` as a newcomer meets it: its script on a free port and a fresh data folder,
// the demo account's first page, a run that starts on its own within a minute, and Ctrl-C
// (SIGINT to the whole process group) that stops every process it started.
test('npm run demo shows a running process and its live log within a minute, and Ctrl-C stops it all', async ({
  browser,
}) => {
  // The server's first start migrates and seeds a fresh database on a busy machine.
  test.setTimeout(300_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rpa-e2e-demo-'));
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const logFile = join(root, '.tmp', 'e2e-demo.log');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'DEMO_DATA']) delete env[key];
  let output = '';
  // Its own process group, as a terminal gives a command: the Ctrl-C below goes to the whole group.
  const demo: ChildProcess = spawn(process.execPath, ['scripts/demo.mjs', '--no-build'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  for (const stream of [demo.stdout, demo.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const exited = new Promise<number | null>((done) => demo.once('exit', (code) => done(code)));
  const pgid = demo.pid ?? 0;

  try {
    await expect
      .poll(() => (demo.exitCode === null ? output.includes('The demo is running at') : `exited: see ${logFile}`), {
        timeout: 240_000,
        intervals: [500],
      })
      .toBe(true);
    expect(output).toContain('Log in as ca.acme@rpa.local / Custadmin@1');

    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    await loginAs(page, 'ca.acme@rpa.local', 'Custadmin@1');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Current Status' }).click();
    // Within a minute of the first page: the first run or a minutely schedule's, live on the list.
    const running = page.getByRole('row').filter({ hasText: 'Running' }).first();
    await expect(running).toBeVisible({ timeout: 60_000 });
    // The newest run (the list's first row) shows its log lines as the agent sends them.
    await page.getByRole('row').nth(1).getByRole('cell').nth(1).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Process Details' })).toBeVisible();
    await expect(
      page.getByText(/Hello, newcomer!|Reading orders for West|Checking stock in Pune-1/).first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    await context.close();
  } finally {
    if (demo.exitCode === null && pgid) process.kill(-pgid, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 60_000))]);
    // Every child of the demo stops with it: none is left running on its data folder.
    await expect.poll(() => processesOf(dataDir), { timeout: 30_000, intervals: [500] }).toEqual([]);
    expect(code, `the demo script's exit; see ${logFile}`).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
