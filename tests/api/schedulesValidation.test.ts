import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { buildScheduleScene, KOLKATA_2030, PARAMETERS, type ScheduleScene } from './schedulesWorld';

/*
 * Every message a schedule's body can get over HTTP, written out by hand from the builder's
 * rules, and the preview of a duration's next fires, computed by hand. A refused body writes
 * nothing: no schedule, no audit entry.
 */

const SELECT_BOT = 'Please select bot!';
const REPEAT = 'Please select frequency or repeat duration for the process!';
const TIMEZONE = 'Please select timezone!';
const START = 'Please select start date!';
const VALID_DATE = 'Please select a valid date and time!';

describe('schedule bodies and the preview', () => {
  let server: TestServer;
  let s: ScheduleScene;

  beforeAll(async () => {
    server = await startServer();
    s = await buildScheduleScene(server, 'sv');
  }, 180_000);
  afterAll(() => server?.close());

  const counts = async () => {
    const [row] = await server.app.database.queryRows(
      `select (select count(*) from schedules)::int as "schedules",
              (select count(*) from audit_log where resource = 'schedules')::int as "audits"`,
      [],
    );
    return row;
  };
  const base = () => ({ botId: s.bots.caA, agentId: s.agents.A, parameters: PARAMETERS });
  const errorsOf = async (body: unknown, method = 'POST', url = '/process/schedule') => {
    const res = await s.api('caA', method, url, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe(res.body.errors?.[0]?.message);
    return res.body.errors;
  };

  it('create with an empty body: every required choice named, nothing written', async () => {
    const before = await counts();
    expect(await errorsOf({})).toEqual([
      { field: 'botId', message: SELECT_BOT },
      { field: 'frequency', message: REPEAT },
      { field: 'timezone', message: TIMEZONE },
      { field: 'startDate', message: START },
    ]);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [
      'no frequency',
      { duration: { timezone: 'UTC', startDate: '2030-01-01T00:00' } },
      [{ field: 'frequency', message: REPEAT }],
    ],
    [
      'an unknown frequency',
      { duration: { ...KOLKATA_2030, frequency: 'yearly' } },
      [{ field: 'frequency', message: REPEAT }],
    ],
    [
      'minutes out of 1–59',
      { duration: { frequency: 'minutely', every: 60, timezone: 'UTC', startDate: '2030-01-01T00:00' } },
      [{ field: 'every', message: 'Please select minutes!' }],
    ],
    [
      'hours out of 1–23',
      { duration: { frequency: 'hourly', every: 0, timezone: 'UTC', startDate: '2030-01-01T00:00' } },
      [{ field: 'every', message: 'Please select hours!' }],
    ],
    [
      'a daily plan without its time',
      { duration: { ...KOLKATA_2030, time: undefined } },
      [{ field: 'time', message: 'Please select time!' }],
    ],
    [
      'a time of 25:00',
      { duration: { ...KOLKATA_2030, time: '25:00' } },
      [{ field: 'time', message: 'Please select time!' }],
    ],
    [
      'a weekly plan without week days',
      { duration: { ...KOLKATA_2030, frequency: 'weekly', weekDays: [] } },
      [{ field: 'weekDays', message: 'Please select week days!' }],
    ],
    [
      'a monthly plan without months nor mode',
      { duration: { ...KOLKATA_2030, frequency: 'monthly' } },
      [
        { field: 'months', message: 'Please select months!' },
        { field: 'mode', message: 'Please select day wise or date wise!' },
      ],
    ],
    [
      'a date-wise plan without dates',
      { duration: { ...KOLKATA_2030, frequency: 'monthly', months: [1], mode: 'dateWise', dates: [] } },
      [{ field: 'dates', message: 'Please select dates of the month!' }],
    ],
    [
      'a day-wise plan without days',
      { duration: { ...KOLKATA_2030, frequency: 'monthly', months: [1], mode: 'dayWise', days: [] } },
      [{ field: 'days', message: 'Please select days of the month!' }],
    ],
    [
      'a zone that is none',
      { duration: { ...KOLKATA_2030, timezone: 'Mars/Olympus' } },
      [{ field: 'timezone', message: TIMEZONE }],
    ],
    [
      'a start of month 13',
      { duration: { ...KOLKATA_2030, startDate: '2030-13-01T00:00' } },
      [{ field: 'startDate', message: VALID_DATE }],
    ],
    [
      'an end before the start',
      { duration: { ...KOLKATA_2030, endDate: '2029-12-31T23:59' } },
      [{ field: 'endDate', message: VALID_DATE }],
    ],
    [
      'an end that is no text',
      { duration: { ...KOLKATA_2030, endDate: 20300101 } },
      [{ field: 'endDate', message: 'Please select end date!' }],
    ],
    [
      'a duration string that is no JSON',
      { duration: '{daily' },
      [
        { field: 'frequency', message: REPEAT },
        { field: 'timezone', message: TIMEZONE },
        { field: 'startDate', message: START },
      ],
    ],
    [
      'eleven recipients',
      { duration: KOLKATA_2030, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@acme.test`) },
      [{ field: 'recipients', message: 'Only 10 recipients are allowed!' }],
    ],
    [
      'a recipient that is no e-mail',
      { duration: KOLKATA_2030, recipients: ['ops@acme.test', 'ops at acme'] },
      [{ field: 'recipients', message: 'Please enter valid email address!' }],
    ],
    [
      'an unknown overlap',
      { duration: KOLKATA_2030, overlap: 'sometimes' },
      [{ field: 'overlap', message: 'The request is not valid.' }],
    ],
  ])('create with %s: 400 with the builder’s messages, nothing written', async (_what, body, expected) => {
    const before = await counts();
    expect(await errorsOf({ ...base(), ...body })).toEqual(expected);
    expect(await counts()).toEqual(before);
  });

  it('refuses a property the schedule does not have, and read-only ones, naming each', async () => {
    const before = await counts();
    const errors = await errorsOf({
      ...base(),
      duration: KOLKATA_2030,
      nextFireAt: '2030-01-01T00:00:00Z',
      colour: 'red',
    });
    expect(errors).toEqual([
      { field: 'nextFireAt', message: 'nextFireAt cannot be changed' },
      { field: 'colour', message: 'Unknown field: colour' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('judges a reschedule on what it sends: a duration given is judged whole', async () => {
    const created = await s.api<{ id: string }>('caA', 'POST', '/process/schedule', {
      ...base(),
      duration: KOLKATA_2030,
    });
    expect(created.status, created.text).toBe(200);
    const url = `/process/schedule/${created.body.payload.id}`;
    const before = await counts();
    expect(await errorsOf({ duration: { frequency: 'weekly', weekDays: [1] } }, 'PUT', url)).toEqual([
      { field: 'time', message: 'Please select time!' },
      { field: 'timezone', message: TIMEZONE },
      { field: 'startDate', message: START },
    ]);
    expect(await errorsOf({ botId: null }, 'PUT', url)).toEqual([{ field: 'botId', message: SELECT_BOT }]);
    expect(await errorsOf({ recipients: ['nobody'] }, 'PUT', url)).toEqual([
      { field: 'recipients', message: 'Please enter valid email address!' },
    ]);
    // A schedule completes by itself; a person only enables or disables it.
    expect(await errorsOf({ status: 'completed' }, 'PUT', url)).toEqual([
      { field: 'status', message: 'status must be one of: active, disabled' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses the bot and agent a schedule may not have, each with its answer, writing nothing', async () => {
    const before = await counts();
    const create = (who: 'caA' | 'userA' | 'super', body: Record<string, unknown>) =>
      s.api(who, 'POST', '/process/schedule', { duration: KOLKATA_2030, parameters: PARAMETERS, ...body });
    const expectAnswer = async (
      res: Awaited<ReturnType<typeof create>>,
      status: number,
      message: string,
    ): Promise<void> => {
      expect([res.status, res.body.message], res.text).toEqual([status, message]);
    };
    await expectAnswer(await create('caA', { botId: s.bots.caA }), 400, 'Please select agent!');
    await expectAnswer(
      await create('caA', { botId: s.bots.manualA, agentId: s.agents.A }),
      400,
      'Only automated bots can be scheduled!',
    );
    await expectAnswer(
      await create('caA', { botId: s.bots.inactiveA, agentId: s.agents.A }),
      400,
      'No active bot is available!',
    );
    await expectAnswer(
      await create('caA', { botId: s.bots.caA, agentId: s.agents.B }),
      400,
      "The agent must belong to the bot's company!",
    );
    await expectAnswer(
      await create('super', { botId: s.bots.caA, agentId: s.agents.B }),
      400,
      "The agent must belong to the bot's company!",
    );
    // Another company's bot, and a bot the User does not see: not found.
    await expectAnswer(
      await create('caA', { botId: s.bots.caB, agentId: s.agents.A }),
      404,
      'No active bot is available!',
    );
    await expectAnswer(
      await create('userA', { botId: s.bots.caA, agentId: s.agents.A }),
      404,
      'No active bot is available!',
    );
    await expectAnswer(
      await create('super', { botId: '00000000-0000-4000-8000-000000000000', agentId: s.agents.A }),
      404,
      'No active bot is available!',
    );
    await expectAnswer(
      await create('caA', { botId: s.bots.caA, agentId: s.agents.A, parameters: [{ name: ' ', value: 'ACME' }] }),
      400,
      "Some parameters haven't been added!",
    );
    await expectAnswer(
      await create('super', { botId: s.bots.expired, agentId: s.agents.expired }),
      403,
      'Your bot is expired, contact admin!',
    );
    expect(await counts()).toEqual(before);
  });

  describe('preview', () => {
    const preview = (body: unknown, who: 'caA' | 'userA' = 'userA') =>
      s.api<string[]>(who, 'POST', '/process/schedule/preview', body);

    it('answers the next fires at or after `from`, in UTC', async () => {
      // 09:00 in Kolkata is 03:30 UTC (UTC+05:30 all year).
      const daily = await preview({
        duration: { ...KOLKATA_2030, startDate: '2026-12-01T00:00' },
        count: 3,
        from: '2027-01-01T00:00:00Z',
      });
      expect(daily.status, daily.text).toBe(200);
      expect(daily.body.payload).toEqual([
        '2027-01-01T03:30:00.000Z',
        '2027-01-02T03:30:00.000Z',
        '2027-01-03T03:30:00.000Z',
      ]);
      // Every 15 minutes from midnight UTC; a fire at `from` itself counts; five by default.
      const minutely = await preview({
        duration: JSON.stringify({ frequency: 'minutely', every: 15, timezone: 'UTC', startDate: '2027-01-01T00:00' }),
        from: '2027-01-01T00:30:00.000Z',
      });
      expect(minutely.body.payload).toEqual([
        '2027-01-01T00:30:00.000Z',
        '2027-01-01T00:45:00.000Z',
        '2027-01-01T01:00:00.000Z',
        '2027-01-01T01:15:00.000Z',
        '2027-01-01T01:30:00.000Z',
      ]);
    });

    it('reads a time the spring clock change skips with the offset before it', async () => {
      // New York moves from 02:00 EST to 03:00 EDT on 14 March 2027: 02:30 that day is 07:30 UTC
      // (03:30 EDT); the day before and after, 02:30 EST is 07:30 UTC and 02:30 EDT 06:30 UTC.
      const res = await preview({
        duration: { frequency: 'daily', time: '02:30', timezone: 'America/New_York', startDate: '2027-03-01T00:00' },
        count: 3,
        from: '2027-03-13T00:00:00Z',
      });
      expect(res.body.payload).toEqual([
        '2027-03-13T07:30:00.000Z',
        '2027-03-14T07:30:00.000Z',
        '2027-03-15T06:30:00.000Z',
      ]);
    });

    it('stops at the end date', async () => {
      const res = await preview({
        duration: { ...KOLKATA_2030, endDate: '2030-01-02T12:00' },
        count: 10,
        from: '2029-06-01T00:00:00Z',
      });
      expect(res.body.payload).toEqual(['2030-01-01T03:30:00.000Z', '2030-01-02T03:30:00.000Z']);
    });

    it('answers a duration’s messages, and refuses counts out of 1–100', async () => {
      const bad = await preview({ duration: { frequency: 'weekly', time: '09:00', timezone: 'UTC' } });
      expect([bad.status, bad.body.errors]).toEqual([
        400,
        [
          { field: 'weekDays', message: 'Please select week days!' },
          { field: 'startDate', message: START },
        ],
      ]);
      for (const count of [0, 101, 2.5]) {
        const res = await preview({ duration: KOLKATA_2030, count });
        expect([count, res.status]).toEqual([count, 400]);
      }
      expect(
        (await preview({ duration: KOLKATA_2030, count: 100, from: '2030-01-01T00:00:00Z' })).body.payload,
      ).toHaveLength(100);
      expect((await preview({ duration: KOLKATA_2030, from: 'yesterday' })).status).toBe(400);
    });
  });
});
