import { expect } from 'vitest';
import { agents } from '../../server/db/schema';
import { createCompany } from './fixtures';
import { call, type TestServer } from './helpers';
import { botForm } from './workflows';
import { buildWorld, openLicence, type Envelope, type Who, type World } from './world';

/**
 * The cast of the schedules suites: companies A and B with open licences, a third company whose
 * licence has ended, Automated bots (a User's own, a Customer Admin's shared with no group), a
 * Manual one and an inactive one, and an agent in each company.
 */
export interface ScheduleScene {
  w: World;
  api: <T = Record<string, unknown>>(
    who: Who,
    method: string,
    url: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Envelope<T>; text: string }>;
  bots: { userA: string; caA: string; manualA: string; inactiveA: string; caB: string; expired: string };
  agents: { A: string; B: string; expired: string };
}

/** A daily 09:00 plan in Kolkata (UTC+05:30, no clock changes) from 1 January 2030. */
export const KOLKATA_2030 = {
  frequency: 'daily',
  time: '09:00',
  timezone: 'Asia/Kolkata',
  startDate: '2030-01-01T00:00',
};

export const PARAMETERS = [{ name: 'in_Customer', value: 'ACME' }];

export async function buildScheduleScene(server: TestServer, tag: string): Promise<ScheduleScene> {
  const w = await buildWorld(server, tag);
  const api = async <T>(who: Who, method: string, url: string, body?: unknown) => {
    const res = await call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
    return { status: res.status, body: res.body, text: res.text };
  };
  const licence = openLicence({ maxBots: 10, maxAgents: 5 });
  const expiredCompany = await createCompany(server, `Lapsed ${tag}`);
  for (const companyId of [w.companyA, w.companyB, expiredCompany]) {
    const res = await api('super', 'POST', '/companyLicense/create', { ...licence, companyId });
    expect(res.status, res.text).toBe(200);
  }
  const bot = async (who: Who, name: string, type: 1 | 2, companyId?: string) => {
    const fields: Record<string, string | number> = { name, description: `The ${name} bot`, type };
    if (companyId) fields.companyId = companyId;
    const res = await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
      token: w.people[who].token,
      form: botForm(fields),
    });
    expect(res.status, res.text).toBe(200);
    return res.body.payload.id;
  };
  const bots = {
    userA: await bot('userA', 'Uma nightly', 2),
    caA: await bot('caA', 'Carla nightly', 2),
    manualA: await bot('caA', 'Carla manual', 1),
    inactiveA: await bot('caA', 'Carla retired', 2),
    caB: await bot('caB', 'Carl nightly', 2),
    expired: await bot('super', 'Lapsed nightly', 2, expiredCompany),
  };
  const off = await api('caA', 'PUT', `/bot/update/${bots.inactiveA}`, { status: 'inactive' });
  expect(off.status, off.text).toBe(200);
  const agent = async (companyId: string, name: string) =>
    (
      await server.app.database.db
        .insert(agents)
        .values({ companyId, name, deviceId: `${name}-${tag}`, secretHash: 'not a secret' })
        .returning({ id: agents.id })
    )[0].id;
  const agentIds = {
    A: await agent(w.companyA, 'Acme runner'),
    B: await agent(w.companyB, 'Globex runner'),
    expired: await agent(expiredCompany, 'Lapsed runner'),
  };
  // The lapsed company's licence ends before today.
  await server.app.database.queryRows(
    `update company_licences set start_date = '2020-01-01', end_date = '2020-12-31' where company_id = $1`,
    [expiredCompany],
  );
  return { w, api, bots, agents: agentIds };
}
