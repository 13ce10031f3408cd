import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Who, type World } from './world';

interface List {
  payload: { count: number; rows: { botName: string; createdAt: string; status: number }[] };
}

/*
 * The processes list's period filter, as a dashboard chart opens it: runs created at or after
 * `createdFrom` and strictly before `createdTo`, with the outcome and bot of the clicked segment.
 */
describe('Processes list: filter by creation period', () => {
  let server: TestServer;
  let w: World;
  const list = (who: Who, query: string) =>
    call<List>(server, 'GET', `/api/process/all?limit=100&${query}`, { token: w.people[who].token });
  const names = (res: { body: List }) => res.body.payload.rows.map((r) => r.botName).sort();

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'dates');
    const runs: [string, number, string][] = [
      ['Before', 2, '2026-01-04T18:29:59Z'],
      ['First', 2, '2026-01-04T18:30:00Z'],
      ['Middle', 3, '2026-01-05T12:00:00Z'],
      ['Last', 2, '2026-01-05T18:29:59Z'],
      ['After', 2, '2026-01-05T18:30:00Z'],
    ];
    for (const [bot, status, at] of runs)
      await server.app.database.queryRows(
        `insert into processes (company_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds, created_at)
         values ($1, $2, 'PC', 'DEV', $3, $4, 60, $5)`,
        [w.companyA, bot, w.people.userA.id, status, at],
      );
  });
  afterAll(async () => server?.close());

  // 5 January 2026 in Asia/Kolkata: 18:30 UTC the day before, up to (not including) 18:30 UTC.
  const DAY = 'createdFrom=2026-01-04T18:30:00.000Z&createdTo=2026-01-05T18:30:00.000Z';

  it('keeps the runs created in the period, its start included and its end excluded', async () => {
    for (const who of ['super', 'caA', 'userA'] as const) {
      const res = await list(who, DAY);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(names(res), who).toEqual(['First', 'Last', 'Middle']);
    }
    expect(names(await list('super', 'createdFrom=2026-01-05T18:30:00Z'))).toEqual(['After']);
    expect(names(await list('caA', 'createdTo=2026-01-04T18:30:00Z'))).toEqual(['Before']);
  });

  it('combines with the outcome a chart segment carries, and with tenancy', async () => {
    expect(names(await list('caA', `${DAY}&outcome=successful`))).toEqual(['First', 'Last']);
    expect(names(await list('caA', `${DAY}&outcome=failed`))).toEqual(['Middle']);
    const other = await list('caB', DAY);
    expect(other.status).toBe(200);
    expect(other.body.payload.count).toBe(0);
  });

  it('refuses an instant that is not one with 400 and the parameter named', async () => {
    const res = await call<{ message: string }>(server, 'GET', '/api/process/all?createdFrom=yesterday', {
      token: w.people.super.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/createdFrom/);
  });
});
