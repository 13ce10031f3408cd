import path from 'node:path';
import { rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, setUpCompany } from './agentWorld';
import { tempFolder } from './datafolderProcesses';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import {
  historyOf,
  minuteOf,
  minutely,
  MINUTE,
  newAgent,
  scheduleState,
  sqlOn,
  writeSchedules,
  type NewSchedule,
} from './schedulerWorld';

const MISSED_REASON = 'missed: no server was running at the time';

/** Runs `work` on the database of a stopped server: PostgreSQL, or its PGlite folder. */
async function whileStopped<T>(
  database: TestDatabase,
  dataDir: string,
  work: (query: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await work(async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    await db.close();
  }
}

describe('fires missed while no server ran', () => {
  let dataDir: string;
  let database: TestDatabase;
  let server: TestServer | null = null;
  let insertedAt: number;
  let ids: string[];
  let due: { recent: number; old: number };

  beforeAll(async () => {
    dataDir = await tempFolder('scheduler-missed');
    database = await createTestDatabase();
    const first = await startServer({ dataDir, database });
    const api = await asAdmin(first);
    const { companyId, bots } = await setUpCompany(api, 'Catch Up Ltd');
    const { agentId } = await newAgent(first, api, companyId, 'CATCH-UP-ROBOT');
    await first.close();

    // While no server runs: a minutely schedule due ten minutes ago, another due two days ago.
    insertedAt = Date.now();
    due = { recent: minuteOf(insertedAt) - 10 * MINUTE, old: minuteOf(insertedAt) - 2 * 24 * 60 * MINUTE };
    const schedule = (dueAt: number): NewSchedule => ({
      companyId,
      botId: bots.js,
      agentId,
      duration: minutely(dueAt - 5 * MINUTE),
      nextFireAt: dueAt,
      parameters: [
        { name: 'in_Customer', value: 'ACME' },
        { name: 'in_Count', value: '1' },
      ],
    });
    ids = await whileStopped(database, dataDir, (query) =>
      writeSchedules(query, [schedule(due.recent), schedule(due.old)]),
    );
    server = await startServer({ dataDir, database });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const caughtUp = (id: string) =>
    eventually(
      async () => {
        const rows = await historyOf(server as TestServer, id);
        return rows.some((r) => r.outcome !== 'missed') ? rows : undefined;
      },
      `the catch-up of schedule ${id.slice(0, 8)}`,
      30_000,
    );

  it('runs once for the latest slot, writes a missed row for each slot between, and fires next after now', async () => {
    const started = server as TestServer;
    const rows = await caughtUp(ids[0]);
    const fired = rows[rows.length - 1];
    expect(fired.outcome).toBe('fired');
    expect(fired.processId).toEqual(expect.any(String));
    // The latest slot: a whole minute since the insert, not in the future.
    expect(fired.dueAt % MINUTE).toBe(0);
    expect(fired.dueAt).toBeGreaterThanOrEqual(minuteOf(insertedAt));
    expect(fired.dueAt).toBeLessThanOrEqual(Date.now());
    // Every minute from the due one up to the fired one, each missed once.
    const missed = rows.slice(0, -1);
    expect(missed.length).toBe((fired.dueAt - due.recent) / MINUTE);
    expect(missed.length).toBeGreaterThanOrEqual(10);
    missed.forEach((row, i) =>
      expect(row).toMatchObject({
        dueAt: due.recent + i * MINUTE,
        outcome: 'missed',
        reason: MISSED_REASON,
        reasonKey: 'missed',
        processId: null,
      }),
    );
    const state = await scheduleState(started, ids[0]);
    expect(state).toMatchObject({
      status: 'active',
      nextFireAt: fired.dueAt + MINUTE,
      lastFireAt: fired.dueAt,
      lastOutcome: 'fired',
      lastProcessId: fired.processId,
    });
    expect(state.nextFireAt).toBeGreaterThan(fired.firedAt ?? Infinity);
    const runs = await sqlOn(started)<{ n: number }>(
      `select count(*)::int as "n" from processes p join schedule_history h on h.process_id = p.id where h.schedule_id = $1`,
      [ids[0]],
    );
    expect(runs[0].n).toBe(1);
  });

  it('keeps at most 1,000 missed rows of a long absence (the first ones), and still runs the latest slot once', async () => {
    const rows = await caughtUp(ids[1]);
    const missed = rows.filter((r) => r.outcome === 'missed');
    const fired = rows.filter((r) => r.outcome === 'fired');
    expect(missed.length).toBe(1000);
    expect(missed[0].dueAt).toBe(due.old);
    expect(missed[999].dueAt).toBe(due.old + 999 * MINUTE);
    expect(fired.length).toBe(1);
    expect(fired[0].dueAt).toBeGreaterThanOrEqual(minuteOf(insertedAt));
    expect((await scheduleState(server as TestServer, ids[1])).nextFireAt).toBe(fired[0].dueAt + MINUTE);
  });
});
