import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf, shownPath } from '../../server/db/dataLock';
import { call } from './helpers';
import {
  ADMIN,
  companyBody,
  companyNames,
  loginTo,
  script,
  startRealServer,
  tempFolder,
  type RealServer,
} from './datafolderProcesses';

const POSTGRES = { DATABASE_URL: 'postgres://127.0.0.1:1/rpa' };

describe('backup and restore with DATABASE_URL', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await tempFolder('pgbackup');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('point to PostgreSQL’s own tools and touch nothing', async () => {
    const backup = await script('backup', [path.join(dir, 'b.tar.gz')], dir, POSTGRES);
    expect([backup.code, backup.stderr]).toEqual([
      1,
      expect.stringContaining(
        "DATABASE_URL is set: the data is in PostgreSQL. Back it up with PostgreSQL's tools, e.g. pg_dump",
      ),
    ]);
    const restore = await script('restore', [path.join(dir, 'b.tar.gz')], dir, POSTGRES);
    expect([restore.code, restore.stderr]).toEqual([1, expect.stringContaining('pg_restore')]);
    expect(await readdir(dir)).toEqual([]);
  }, 60_000);
});

// The embedded database: its data folder is what a backup holds.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run backup and npm run restore', () => {
  let work = '';
  const started: RealServer[] = [];
  const at = (name: string) => path.join(work, name);
  beforeAll(async () => {
    work = await tempFolder('backup');
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await rm(work, { recursive: true, force: true });
  });

  it('copies the running server’s data; a restored folder starts, keeps logins valid and lists what was there at the backup', async () => {
    const source = await startRealServer(at('source'));
    started.push(source);
    const token = await loginTo(source, ADMIN.email, ADMIN.password);
    expect(
      (await call(source, 'POST', '/api/company/create', { token, body: companyBody('Before Backup Ltd') })).status,
    ).toBe(200);

    const backup = await script('backup', [at('live.tar.gz')], at('source'));
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(backup.stdout).toContain(`to ${shownPath(at('live.tar.gz'))}`);
    expect(backup.stdout).toContain(`made by the running server (pid ${source.pid})`);
    expect(
      (await call(source, 'POST', '/api/company/create', { token, body: companyBody('After Backup Ltd') })).status,
    ).toBe(200);
    // An existing file is never overwritten.
    const again = await script('backup', [at('live.tar.gz')], at('source'));
    expect([again.code, again.stderr.trim()]).toEqual([
      1,
      `${shownPath(at('live.tar.gz'))} already exists; choose another file name.`,
    ]);
    // Restore never writes into a folder in use, nor into one that holds anything.
    const busy = await script('restore', [at('live.tar.gz')], at('source'));
    expect([busy.code, busy.stderr.trim()]).toEqual([
      1,
      `The data folder ${shownPath(at('source'))} is used by the server (pid ${source.pid}). Stop it first.`,
    ]);

    const restore = await script('restore', [at('live.tar.gz')], at('copy'));
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    expect(restore.stdout).toContain(`Restored ${shownPath(at('copy'))} from ${shownPath(at('live.tar.gz'))}`);
    expect((await readdir(at('copy'))).sort()).toEqual(['jwt-secret', 'pglite']);
    const full = await script('restore', [at('live.tar.gz')], at('copy'));
    expect([full.code, full.stderr.trim()]).toEqual([
      1,
      `The data folder ${shownPath(at('copy'))} is not empty (it holds jwt-secret, pglite). Restore fills an empty folder only: set DATA_DIR to a new folder, or move this one away first.`,
    ]);

    const copy = await startRealServer(at('copy'));
    started.push(copy);
    // The backup carries the JWT secret: a login made on the source is valid on the copy.
    const names = await companyNames(copy, token);
    expect(names).toContain('Before Backup Ltd');
    expect(names).not.toContain('After Backup Ltd');
    const fresh = await loginTo(copy, ADMIN.email, ADMIN.password);
    expect(
      (await call(copy, 'POST', '/api/company/create', { token: fresh, body: companyBody('On The Copy Ltd') })).status,
    ).toBe(200);
    expect((await Promise.all([copy.stop(), source.stop()])).map((end) => end.code)).toEqual([0, 0]);
  }, 300_000);

  it('backs up a folder no server has open, under its lock, and restores it', async () => {
    const backup = await script('backup', [at('closed.tar.gz')], at('source'));
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(backup.stdout).toContain('made by the data folder (no server was running)');
    expect(existsSync(lockFileOf(at('source')))).toBe(false);

    const restore = await script('restore', [at('closed.tar.gz')], at('closed-copy'));
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    const copy = await startRealServer(at('closed-copy'));
    started.push(copy);
    const names = await companyNames(copy, await loginTo(copy, ADMIN.email, ADMIN.password));
    expect(names).toEqual(expect.arrayContaining(['Before Backup Ltd', 'After Backup Ltd']));
    expect((await copy.stop()).code).toBe(0);
  }, 300_000);

  it('refuses what is not a backup, a missing one and a folder without a database, and leaves the target empty', async () => {
    await writeFile(at('notes.txt'), 'not a backup');
    const bad = await script('restore', [at('notes.txt')], at('never'));
    expect([bad.code, bad.stderr.trim()]).toEqual([
      1,
      `${shownPath(at('notes.txt'))} is not a backup made by npm run backup (incorrect header check).`,
    ]);
    const missing = await script('restore', [at('missing.tar.gz')], at('never'));
    expect([missing.code, missing.stderr.trim()]).toEqual([1, `${shownPath(at('missing.tar.gz'))} does not exist.`]);
    expect(existsSync(at('never'))).toBe(false);
    const usage = await script('restore', [], at('never'));
    expect([usage.code, usage.stderr]).toEqual([1, expect.stringContaining('Usage: npm run restore -- <file>')]);
    const empty = await script('backup', [at('empty.tar.gz')], at('empty'));
    expect([empty.code, empty.stderr.trim()]).toEqual([
      1,
      `There is no database to back up in ${shownPath(at('empty'))} (check DATA_DIR).`,
    ]);
    expect([existsSync(at('empty.tar.gz')), existsSync(at('empty'))]).toEqual([false, false]);
  }, 120_000);
});
