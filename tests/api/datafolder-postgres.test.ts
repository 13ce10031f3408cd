import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../../server/db/dataLock';
import { createTestDatabase, type TestDatabase } from './helpers';
import {
  ADMIN,
  companyNames,
  loginTo,
  script,
  startRealServer,
  tempFolder,
  type RealServer,
} from './datafolderProcesses';

// With DATABASE_URL the database is PostgreSQL's to share: the data folder is not locked.
describe.skipIf(!process.env.TEST_DATABASE_URL)('servers and seed:demo on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir = '';
  const started: RealServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await tempFolder('pg');
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('start side by side on one DATA_DIR, --demo seeds once, and seed:demo runs alongside them', async () => {
    const env = { DATABASE_URL: database.url ?? '' };
    const [first, second] = await Promise.all([
      startRealServer(dataDir, { env, args: ['--demo'] }),
      startRealServer(dataDir, { env, args: ['--demo'] }),
    ]);
    started.push(first, second);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const seeding = await script('seed-demo', [], dataDir, env);
    expect([seeding.code, seeding.stderr]).toEqual([0, '']);
    expect(seeding.stdout).toContain('Demo data is in place (PostgreSQL (DATABASE_URL))');
    for (const server of [first, second]) {
      expect((await companyNames(server, await loginTo(server, ADMIN.email, ADMIN.password))).sort()).toEqual([
        'Acme Robotics',
        'Globex Automation',
      ]);
      await loginTo(server, 'user.globex@rpa.local', 'Userglobex@1');
    }
    expect((await Promise.all([first.stop(), second.stop()])).map((end) => end.code)).toEqual([0, 0]);
  }, 300_000);
});
