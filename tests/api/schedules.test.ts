import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_CHANGED, scheduleSignal } from '../../server/scheduler/signal';
import { startServer, type TestServer } from './helpers';
import { buildScheduleScene, KOLKATA_2030, PARAMETERS, type ScheduleScene } from './schedulesWorld';
import type { ListPayload } from './world';

/*
 * Scheduled Plans over HTTP: create, list, details with the next fires, reschedule, disable and
 * enable, delete, and Scheduled History (its rows are the scheduler's: inserted here by SQL).
 * A plain User sees the plans and history of the bots they see and changes only their own.
 * Expected instants are computed by hand: 09:00 in Kolkata is 03:30 UTC.
 */

interface Plan {
  id: string;
  botName: string;
  agentName: string;
  companyId: string;
  userId: string;
  duration: string;
  frequency: string;
  timezone: string;
  status: string;
  nextFireAt: string | null;
  parameters: unknown;
  recipients: unknown;
  overlap: string;
  skipNonWorkingDays: boolean;
  nextFires?: string[];
}

describe('Scheduled Plans and Scheduled History', () => {
  let server: TestServer;
  let s: ScheduleScene;
  let signals = 0;
  const heard = () => (signals += 1);

  beforeAll(async () => {
    server = await startServer();
    s = await buildScheduleScene(server, 'sp');
    scheduleSignal.on(SCHEDULE_CHANGED, heard);
  }, 180_000);
  afterAll(async () => {
    scheduleSignal.off(SCHEDULE_CHANGED, heard);
    await server?.close();
  });

  const details = async (who: 'caA' | 'userA' | 'super', id: string) =>
    s.api<Plan>(who, 'GET', `/process/schedule/details/${id}`);
  const create = async (who: 'caA' | 'userA' | 'super', body: Record<string, unknown>) => {
    const res = await s.api<Plan>(who, 'POST', '/process/schedule', body);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  it('creates a plan: the duration kept as its JSON string, names and next fire filled, the scheduler told', async () => {
    const before = signals;
    const { message, payload } = await create('caA', {
      botId: s.bots.caA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
      recipients: ['ops@acme.test'],
      overlap: 'skip',
    });
    expect(message).toBe('Schedule created successfully!');
    expect(payload).toMatchObject({
      botName: 'Carla nightly',
      agentName: 'Acme runner',
      companyId: s.w.companyA,
      userId: s.w.people.caA.id,
      frequency: 'daily',
      timezone: 'Asia/Kolkata',
      status: 'active',
      nextFireAt: '2030-01-01T03:30:00.000Z',
      recipients: ['ops@acme.test'],
      overlap: 'skip',
      skipNonWorkingDays: false,
      parameters: [{ name: 'in_Customer', value: 'ACME', encrypted: false }],
    });
    expect(JSON.parse(payload.duration)).toEqual(KOLKATA_2030);
    expect(signals).toBe(before + 1);

    const shown = await details('caA', payload.id);
    expect(shown.body.payload.nextFires).toEqual([
      '2030-01-01T03:30:00.000Z',
      '2030-01-02T03:30:00.000Z',
      '2030-01-03T03:30:00.000Z',
      '2030-01-04T03:30:00.000Z',
      '2030-01-05T03:30:00.000Z',
    ]);
  });

  it('takes the duration as its JSON string too, and a Super Admin’s plan goes to its bot’s company', async () => {
    const { payload } = await create('super', {
      botId: s.bots.caB,
      agentId: s.agents.B,
      parameters: PARAMETERS,
      duration: JSON.stringify({ frequency: 'hourly', every: 6, timezone: 'UTC', startDate: '2031-05-01T12:00' }),
    });
    expect(payload).toMatchObject({
      companyId: s.w.companyB,
      frequency: 'hourly',
      timezone: 'UTC',
      nextFireAt: '2031-05-01T12:00:00.000Z',
      overlap: 'queue',
    });
  });

  it('creates a disabled plan with no next fire, and a plan past its end date completed', async () => {
    const disabled = await create('caA', {
      botId: s.bots.caA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
      status: 'disabled',
    });
    expect([disabled.payload.status, disabled.payload.nextFireAt]).toEqual(['disabled', null]);
    expect((await details('caA', disabled.payload.id)).body.payload.nextFires).toEqual([]);
    const ended = await create('caA', {
      botId: s.bots.caA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: { ...KOLKATA_2030, startDate: '2020-01-01T00:00', endDate: '2020-01-31T00:00' },
    });
    expect([ended.payload.status, ended.payload.nextFireAt]).toEqual(['completed', null]);
  });

  it('reschedules: a new duration moves the next fire; disable and enable; the scheduler told each time', async () => {
    const { payload } = await create('userA', {
      botId: s.bots.userA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
    });
    const url = `/process/schedule/${payload.id}`;
    const before = signals;
    const moved = await s.api<Plan>('userA', 'PUT', url, { duration: { ...KOLKATA_2030, time: '10:15' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.message).toBe('Schedule updated successfully!');
    expect(moved.body.payload).toMatchObject({ status: 'active', nextFireAt: '2030-01-01T04:45:00.000Z' });
    expect(JSON.parse(moved.body.payload.duration)).toEqual({ ...KOLKATA_2030, time: '10:15' });

    const weekly = await s.api<Plan>('userA', 'PUT', url, {
      duration: { ...KOLKATA_2030, frequency: 'weekly', weekDays: [5] },
    });
    // 1 January 2030 is a Tuesday: the first Friday is the 4th.
    expect(weekly.body.payload).toMatchObject({ frequency: 'weekly', nextFireAt: '2030-01-04T03:30:00.000Z' });

    const off = await s.api<Plan>('userA', 'PUT', url, { status: 'disabled' });
    expect(off.body.payload).toMatchObject({ status: 'disabled', nextFireAt: null });
    const recipientsOnly = await s.api<Plan>('userA', 'PUT', url, { recipients: ['uma@acme.test'] });
    expect(recipientsOnly.body.payload).toMatchObject({ status: 'disabled', recipients: ['uma@acme.test'] });
    const on = await s.api<Plan>('userA', 'PUT', url, { status: 'active' });
    expect(on.body.payload).toMatchObject({ status: 'active', nextFireAt: '2030-01-04T03:30:00.000Z' });
    expect(signals).toBe(before + 5);

    // A bot the User does not see, another company's agent: refused, nothing changed.
    const hidden = await s.api('userA', 'PUT', url, { botId: s.bots.caA });
    expect([hidden.status, hidden.body.message]).toEqual([404, 'No active bot is available!']);
    const foreign = await s.api('userA', 'PUT', url, { agentId: s.agents.B });
    expect([foreign.status, foreign.body.message]).toEqual([400, "The agent must belong to the bot's company!"]);
    expect((await details('userA', payload.id)).body.payload).toMatchObject({
      botName: 'Uma nightly',
      agentName: 'Acme runner',
      nextFireAt: '2030-01-04T03:30:00.000Z',
    });
  });

  it('lists plans by scope: a User sees those of the bots they see, a Customer Admin their company’s', async () => {
    const mine = await create('userA', {
      botId: s.bots.userA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
    });
    const carla = await create('caA', {
      botId: s.bots.caA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
    });
    // Carla's plan of the User's bot: the User sees it (their bot), but may not change it.
    const onUsersBot = await create('caA', {
      botId: s.bots.userA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
    });
    const listed = async (who: 'userA' | 'caA' | 'caB') =>
      (await s.api<ListPayload<Plan>>(who, 'GET', '/process/schedule/log/all?limit=100')).body.payload.rows.map(
        (r) => r.id,
      );
    const user = await listed('userA');
    expect(user).toContain(mine.payload.id);
    expect(user).toContain(onUsersBot.payload.id);
    expect(user).not.toContain(carla.payload.id);
    const ca = await listed('caA');
    expect(ca).toEqual(expect.arrayContaining([mine.payload.id, carla.payload.id, onUsersBot.payload.id]));
    expect(await listed('caB')).not.toContain(carla.payload.id);

    expect((await details('userA', carla.payload.id)).status).toBe(404);
    expect((await details('userA', onUsersBot.payload.id)).status).toBe(200);
    expect((await s.api('caB', 'GET', `/process/schedule/details/${carla.payload.id}`)).status).toBe(404);
    const notTheirs = await s.api('userA', 'PUT', `/process/schedule/${onUsersBot.payload.id}`, { status: 'disabled' });
    expect(notTheirs.status).toBe(403);
    const daily = await s.api<ListPayload<Plan>>('caA', 'GET', '/process/schedule/log/all?frequency=hourly');
    expect(daily.body.payload.rows).toEqual([]);
  });

  it('deletes: the creator and admins, never a Sub Admin; the scheduler told; the audit kept', async () => {
    const { payload } = await create('userA', {
      botId: s.bots.userA,
      agentId: s.agents.A,
      parameters: PARAMETERS,
      duration: KOLKATA_2030,
    });
    const url = `/process/schedule/${payload.id}`;
    expect((await s.api('sub', 'DELETE', url)).status).toBe(403);
    const before = signals;
    const gone = await s.api('userA', 'DELETE', url);
    expect([gone.status, gone.body.message]).toEqual([200, 'Schedule deleted successfully!']);
    expect(signals).toBe(before + 1);
    expect((await details('caA', payload.id)).status).toBe(404);
    const audit = await s.api<ListPayload<{ action: string; recordId: string }>>(
      'super',
      'GET',
      `/audit/all?resource=schedules&limit=100`,
    );
    const actions = audit.body.payload.rows.filter((r) => r.recordId === payload.id).map((r) => r.action);
    expect(actions.sort()).toEqual(['create', 'delete']);
  });

  describe('history', () => {
    let plan: string;
    const row = async (scheduleId: string | null, botId: string, userId: string, dueAt: string, outcome: string) => {
      const [inserted] = await server.app.database.queryRows(
        `insert into schedule_history (company_id, schedule_id, bot_id, bot_name, agent_id, agent_name, user_id, due_at, fired_at, outcome, reason, reason_key)
         values ($1, $2, $3, 'History bot', $4, 'Acme runner', $5, $6, $6, $7, $8, $9) returning id::text as id`,
        [
          s.w.companyA,
          scheduleId,
          botId,
          s.agents.A,
          userId,
          dueAt,
          outcome,
          outcome === 'skipped' ? 'skipped: non-working day' : null,
          outcome === 'skipped' ? 'nonWorkingDay' : null,
        ],
      );
      return String(inserted.id);
    };

    beforeAll(async () => {
      plan = (
        await create('caA', { botId: s.bots.caA, agentId: s.agents.A, parameters: PARAMETERS, duration: KOLKATA_2030 })
      ).payload.id;
    });

    it('lists, shows and deletes the scheduler’s rows, by the plans’ visibility', async () => {
      const carlas = await row(plan, s.bots.caA, s.w.people.caA.id, '2030-01-01T03:30:00Z', 'fired');
      const skipped = await row(plan, s.bots.caA, s.w.people.caA.id, '2030-01-02T03:30:00Z', 'skipped');
      const umas = await row(null, s.bots.userA, s.w.people.userA.id, '2030-01-03T03:30:00Z', 'missed');

      const list = async (who: 'caA' | 'userA' | 'caB') =>
        (
          await s.api<ListPayload<{ id: string; dueAt: string }>>(who, 'GET', '/process/schedule/history?limit=100')
        ).body.payload.rows.map((r) => r.id);
      expect(await list('caA')).toEqual([umas, skipped, carlas]);
      expect(await list('userA')).toEqual([umas]);
      expect(await list('caB')).toEqual([]);

      const shown = await s.api<Record<string, unknown>>('caA', 'GET', `/process/schedule/history/details/${skipped}`);
      expect(shown.body.payload).toMatchObject({
        scheduleId: plan,
        dueAt: '2030-01-02T03:30:00.000Z',
        outcome: 'skipped',
        reason: 'skipped: non-working day',
        botName: 'History bot',
      });
      expect((await s.api('userA', 'GET', `/process/schedule/history/details/${carlas}`)).status).toBe(404);

      expect((await s.api('sub', 'DELETE', `/process/schedule/history/${carlas}`)).status).toBe(403);
      // Not theirs: a plain User deletes only the history of their own plans.
      expect((await s.api('userA', 'DELETE', `/process/schedule/history/${carlas}`)).status).toBe(403);
      const mine = await s.api('userA', 'DELETE', `/process/schedule/history/${umas}`);
      expect([mine.status, mine.body.message]).toEqual([200, 'Schedule history deleted successfully!']);
      expect((await s.api('caA', 'DELETE', `/process/schedule/history/${carlas}`)).status).toBe(200);
      expect(await list('caA')).toEqual([skipped]);
    });

    it('keeps the history of a deleted plan', async () => {
      const kept = await row(plan, s.bots.caA, s.w.people.caA.id, '2030-01-05T03:30:00Z', 'fired');
      expect((await s.api('caA', 'DELETE', `/process/schedule/${plan}`)).status).toBe(200);
      const shown = await s.api<Record<string, unknown>>('caA', 'GET', `/process/schedule/history/details/${kept}`);
      expect(shown.body.payload).toMatchObject({ scheduleId: null, botName: 'History bot', outcome: 'fired' });
    });

    it('has no create or update route: the scheduler writes it', async () => {
      expect((await s.api('super', 'POST', '/process/schedule/history', {})).status).toBe(404);
      expect((await s.api('super', 'PUT', `/process/schedule/history/${plan}`, { outcome: 'fired' })).status).toBe(404);
    });
  });

  it('documents every schedules route in OpenAPI', async () => {
    const doc = await s.api<never>('super', 'GET', '/docs/json');
    const paths = (doc.body as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/process/schedule'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(routes).toEqual([
      'DELETE /api/process/schedule/history/{id}',
      'DELETE /api/process/schedule/{id}',
      'GET /api/process/schedule/details/{id}',
      'GET /api/process/schedule/history',
      'GET /api/process/schedule/history/details/{id}',
      'GET /api/process/schedule/history/names',
      'GET /api/process/schedule/log/all',
      'GET /api/process/schedule/names',
      'POST /api/process/schedule',
      'POST /api/process/schedule/preview',
      'PUT /api/process/schedule/{id}',
    ]);
  });
});
