import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Who, type World } from './world';

interface Figures {
  agentsConnected: number;
  queueLength: number;
  nextFireAt: string | null;
}

/*
 * The figures above the charts count what the reader may see, by each list's own rule: agents of
 * their company (every role that lists agents sees its company's), the queued runs and the next
 * fire of the bots a plain User sees (her own bots and her groups'), not her whole company's.
 */
const FIRE = {
  carla: '2030-01-01T08:00:00.000Z',
  uma: '2030-01-02T08:00:00.000Z',
  globex: '2029-12-31T08:00:00.000Z',
};

describe('Dashboard figures per role', () => {
  let server: TestServer;
  let w: World;
  const q = (text: string, params: unknown[] = []) => server.app.database.queryRows(text, params);

  async function bot(name: string, company: string, owner: Who): Promise<string> {
    const [row] = await q(
      `insert into bots (company_id, user_id, name, description, file_name, file_size, file_content)
       values ($1, $2, $3, 'd', 'b.xaml', 1, 'x') returning id::text as id`,
      [company, w.people[owner].id, name],
    );
    return String(row.id);
  }

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'figs');
    // Agents held by a node that stays alive for the test, so no sweep disconnects them.
    const node = randomUUID();
    await q(`insert into server_nodes (id, last_seen_at) values ($1, now() + interval '1 day')`, [node]);
    const agents: [string, number][] = [
      [w.companyA, 1],
      [w.companyA, 1],
      [w.companyA, 0],
      [w.companyB, 1],
    ];
    for (const [i, [company, status]] of agents.entries())
      await q(
        `insert into agents (company_id, name, device_id, secret_hash, status, node_id) values ($1, $2, $3, 'x', $4, $5)`,
        [company, `PC ${i}`, `DEV-FIG-${i}`, status, status === 1 ? node : null],
      );
    const carla = await bot('Carla bot', w.companyA, 'caA');
    const uma = await bot('Uma bot', w.companyA, 'userA');
    const globex = await bot('Globex bot', w.companyB, 'userB');
    const schedule = (company: string, botId: string, who: Who, at: string) =>
      q(
        `insert into schedules (company_id, bot_id, bot_name, agent_name, user_id, duration, frequency, next_fire_at)
         values ($1, $2, 'b', 'PC', $3, 'recurring', 'daily', $4)`,
        [company, botId, w.people[who].id, at],
      );
    await schedule(w.companyA, carla, 'caA', FIRE.carla);
    await schedule(w.companyA, uma, 'userA', FIRE.uma);
    await schedule(w.companyB, globex, 'userB', FIRE.globex);
    const queued = (company: string, botId: string, who: Who) =>
      q(
        `insert into processes (company_id, bot_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds)
         values ($1, $2, 'b', 'PC', 'DEV', $3, 0, 60)`,
        [company, botId, w.people[who].id],
      );
    await queued(w.companyA, carla, 'caA');
    await queued(w.companyA, uma, 'userA');
    await queued(w.companyA, uma, 'caA');
    await queued(w.companyB, globex, 'userB');
  });
  afterAll(async () => server?.close());

  const figures = async (who: Who, query = '') => {
    const res = await call<{ data: { rows: Figures } }>(
      server,
      'GET',
      `/api/dashboard-report/summary?period=today${query}`,
      {
        token: w.people[who].token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { agentsConnected, queueLength, nextFireAt } = res.body.data.rows;
    return { agentsConnected, queueLength, nextFireAt };
  };

  it('each role counts the agents, queue and next fire it may see', async () => {
    const companyA = { agentsConnected: 2, queueLength: 3, nextFireAt: FIRE.carla };
    const companyB = { agentsConnected: 1, queueLength: 1, nextFireAt: FIRE.globex };
    expect(await figures('super', `&companyId=${w.companyA}`)).toEqual(companyA);
    expect(await figures('sub', `&companyId=${w.companyB}`)).toEqual(companyB);
    expect(await figures('caA')).toEqual(companyA);
    expect(await figures('caB')).toEqual(companyB);
    // Uma sees her company's agents, but only her bot's queue and schedule.
    expect(await figures('userA')).toEqual({ agentsConnected: 2, queueLength: 2, nextFireAt: FIRE.uma });
    expect(await figures('userB')).toEqual(companyB);
    const platform = await figures('super');
    expect(platform.nextFireAt).toBe(FIRE.globex);
    expect(platform.agentsConnected).toBeGreaterThanOrEqual(3);
  });
});
