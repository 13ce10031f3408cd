import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import {
  ADMIN,
  companyBody,
  companyNames,
  loginTo,
  startRealServer,
  tempFolder,
  type RealServer,
} from './datafolderProcesses';

// The embedded database only: with PostgreSQL, durability is PostgreSQL's.
describe.skipIf(process.env.TEST_DATABASE_URL)('an unclean stop of the server (SIGKILL)', () => {
  const started: RealServer[] = [];
  let dataDir = '';
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no write the server acknowledged, and the folder opens again', async () => {
    dataDir = await tempFolder('crash');
    const first = await startRealServer(dataDir);
    started.push(first);
    const token = await loginTo(first, ADMIN.email, ADMIN.password);

    // Four clients create companies one after another until the server is killed among them.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const name = `Crash Test ${String(next++).padStart(4, '0')}`;
        try {
          const res = await call(first, 'POST', '/api/company/create', { token, body: companyBody(name) });
          if (res.status === 200) acknowledged.push(name);
          else throw new Error(`create answered ${res.status}: ${res.text}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          process.kill(first.pid, 'SIGKILL');
        }
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    const end = await first.exit;
    expect(end.signal).toBe('SIGKILL');
    // Requests were still in flight when it died: the kill landed mid-loop.
    expect(next).toBeGreaterThan(acknowledged.length);

    // The lock the killed server left is taken over; every acknowledged company is there.
    const second = await startRealServer(dataDir);
    started.push(second);
    const again = await loginTo(second, ADMIN.email, ADMIN.password);
    const names = new Set(await companyNames(second, again));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    expect(
      (await call(second, 'POST', '/api/company/create', { token: again, body: companyBody('After The Crash') }))
        .status,
    ).toBe(200);
    expect((await second.stop()).code).toBe(0);
  }, 300_000);
});
