import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderBusyError, lockDataFolder, lockFileOf, shownPath, type LockOwner } from '../../server/db/dataLock';
import { call } from './helpers';
import {
  ADMIN,
  companyNames,
  freePort,
  loginTo,
  ROOT,
  run,
  script,
  startRealServer,
  tempFolder,
  type RealServer,
} from './datafolderProcesses';

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

const staleLock = (pid: number, started: string | null = null): string =>
  JSON.stringify({
    pid,
    started,
    role: 'server',
    since: '2026-01-01T00:00:00.000Z',
    control: { port: 1, token: 'old' },
  } satisfies LockOwner);

const readOwner = async (dataDir: string): Promise<LockOwner> =>
  JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as LockOwner;

describe('the data folder lock', () => {
  const folders: string[] = [];
  const folder = async () => {
    const dir = await tempFolder('lock');
    folders.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('refuses a second opener with the owner and what to do, until the first releases it', async () => {
    const dir = await folder();
    const lock = await lockDataFolder(dir, 'server');
    expect(await readOwner(dir)).toMatchObject({ pid: process.pid, role: 'server' });
    const refused = await lockDataFolder(dir, 'seed:demo').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderBusyError);
    expect((refused as Error).message).toBe(
      `The data folder ${shownPath(dir)} is used by the server (pid ${process.pid}). Stop it first, or start with npm start -- --demo.`,
    );
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    (await lockDataFolder(dir, 'backup')).release();
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', async () => {
    const dir = await folder();
    await writeFile(lockFileOf(dir), staleLock(await deadPid()));
    const lock = await lockDataFolder(dir, 'server');
    expect((await readOwner(dir)).pid).toBe(process.pid);
    lock.release();
    // A live pid that started at another time is a reused pid, not the owner (where /proc tells start times).
    if (existsSync('/proc/self/stat')) {
      await writeFile(lockFileOf(dir), staleLock(process.ppid, 'another start'));
      (await lockDataFolder(dir, 'server')).release();
    }
    // A lock naming this very pid that this process does not hold: left by an earlier process (a container restarted).
    await writeFile(lockFileOf(dir), staleLock(process.pid));
    (await lockDataFolder(dir, 'server')).release();
  });

  it('gives a stale lock to exactly one of several processes taking it over at once', async () => {
    const dir = await folder();
    await writeFile(lockFileOf(dir), staleLock(await deadPid()));
    // Each process tries once, says how it went, and holds what it took until its stdin closes.
    const code = `import { lockDataFolder } from './server/db/dataLock.ts';
      try { const lock = await lockDataFolder(process.env.DIR, 'backup'); console.log('took'); process.stdin.resume(); process.stdin.on('end', () => lock.release()); }
      catch (error) { console.log(error.name); }`;
    const children = [0, 1, 2, 3].map(() =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        cwd: ROOT,
        env: { ...process.env, DIR: dir },
      }),
    );
    const closed = children.map((child) => new Promise<number | null>((resolve) => child.once('close', resolve)));
    const said = await Promise.all(
      children.map((child) => {
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        return new Promise<string>((resolve) => {
          child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
          void closed[children.indexOf(child)].then((code) => resolve(`exited ${code}: ${stderr}`));
        });
      }),
    );
    children.forEach((child) => child.stdin.end());
    expect(await Promise.all(closed)).toEqual([0, 0, 0, 0]);
    expect(said.sort()).toEqual(['DataFolderBusyError', 'DataFolderBusyError', 'DataFolderBusyError', 'took']);
    expect(existsSync(lockFileOf(dir))).toBe(false);
  }, 60_000);
});

// The embedded database only: with DATABASE_URL nobody locks the folder (datafolder-postgres.test.ts).
describe.skipIf(process.env.TEST_DATABASE_URL)('the server and seed:demo on one data folder', () => {
  let dataDir = '';
  const started: RealServer[] = [];
  beforeAll(async () => {
    dataDir = await tempFolder('owner');
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('npm start -- --demo seeds at start; a second server and seed:demo are refused and change nothing; a clean stop frees the folder', async () => {
    const server = await startRealServer(dataDir, { args: ['--demo'] });
    started.push(server);
    expect(server.output.stdout).toContain('Demo data is in place');
    expect(await readOwner(dataDir)).toMatchObject({ pid: server.pid, role: 'server' });
    const admin = await loginTo(server, ADMIN.email, ADMIN.password);
    expect((await companyNames(server, admin)).sort()).toEqual(['Acme Robotics', 'Globex Automation']);

    const busy = `The data folder ${shownPath(dataDir)} is used by the server (pid ${server.pid}).`;
    const second = await run('server/main.ts', [], dataDir, { PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`${busy} Stop it first, or give this server another DATA_DIR.`);
    const seeding = await script('seed-demo', [], dataDir);
    expect(seeding.code).toBe(1);
    expect(seeding.stderr.trim()).toBe(`${busy} Stop it first, or start with npm start -- --demo.`);
    expect(seeding.stdout).not.toContain('Demo data is in place');

    // The refused processes left the running server's data and lock alone.
    expect(await readOwner(dataDir)).toMatchObject({ pid: server.pid });
    await loginTo(server, 'ca.acme@rpa.local', 'Custadmin@1');
    expect((await server.stop()).code).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 300_000);

  it('after a crash the next server takes the lock over; DEMO_DATA=true seeds again without duplicating; seed:demo runs once the server is gone', async () => {
    await writeFile(lockFileOf(dataDir), staleLock(await deadPid()));
    const server = await startRealServer(dataDir, { env: { DEMO_DATA: 'true' } });
    started.push(server);
    expect((await readOwner(dataDir)).pid).toBe(server.pid);
    const admin = await loginTo(server, ADMIN.email, ADMIN.password);
    expect((await companyNames(server, admin)).sort()).toEqual(['Acme Robotics', 'Globex Automation']);
    const acme = await loginTo(server, 'ca.acme@rpa.local', 'Custadmin@1');
    const groups = await call<{ payload: { rows: { name: string }[] } }>(server, 'GET', '/api/groups/by-pagination', {
      token: acme,
    });
    expect(groups.body.payload.rows.map((g) => g.name).sort()).toEqual(['Finance', 'Operations']);
    expect((await server.stop()).code).toBe(0);

    const seeding = await script('seed-demo', [], dataDir);
    expect(seeding.stderr).toBe('');
    expect([seeding.code, seeding.stdout]).toEqual([
      0,
      expect.stringContaining(`Demo data is in place (PGlite in ${shownPath(path.join(dataDir, 'pglite'))})`),
    ]);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 300_000);

  it('refuses an unknown option or a bad DEMO_DATA at start, saying how to use it', async () => {
    const bad = await run('server/main.ts', ['--demo', '--dmeo'], dataDir, { DEMO_DATA: 'yes' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown option "--dmeo"');
    expect(bad.stderr).toContain('DEMO_DATA must be true or false (got "yes")');
    expect(bad.stderr).toContain('Usage: npm start [-- --demo]');
  }, 60_000);
});
