import { io as connectBrowser, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, type LiveNotification } from '../../src/domain';
import { PROCESS_STATUS } from '../../src/domain/status';
import { scheduleChanged } from '../../server/scheduler/signal';
import { asAdmin, setUpCompany, type Api, type BotKey } from './agentWorld';
import { ADMIN, loginTo } from './datafolderProcesses';
import { startServer, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import {
  disableSchedules,
  historyOfAtLeast,
  insertSchedule,
  minuteOf,
  minutely,
  MINUTE,
  newAgent,
  processRow,
  scheduleState,
  sqlOn,
} from './schedulerWorld';

const PARAMS = [
  { name: 'in_Customer', value: 'ACME' },
  { name: 'in_Count', value: '7' },
];

describe('the scheduler skips fires, each with its reason, and completes schedules', () => {
  let server: TestServer;
  let api: Api;
  let companyId: string;
  let bots: Record<BotKey, string>;
  const browsers: Socket[] = [];

  beforeAll(async () => {
    server = await startServer();
    api = await asAdmin(server);
    ({ companyId, bots } = await setUpCompany(api, 'Skips Ltd'));
  }, 120_000);

  afterAll(async () => {
    for (const b of browsers) b.disconnect();
    await server?.close();
  });

  const sql = () => sqlOn(server);
  /** A super admin's browser in the control room: the live notifications it hears. */
  const listen = async (): Promise<LiveNotification[]> => {
    const heard: LiveNotification[] = [];
    const token = await loginTo(server, ADMIN.email, ADMIN.password);
    const browser = connectBrowser(server.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    browsers.push(browser);
    browser.on('message', (n: LiveNotification) => heard.push(n));
    await browser.emitWithAck('join-room', { token, roomId: CONTROLROOM_ROOM });
    return heard;
  };
  const disable = (ids: string[]) => disableSchedules(server, ids);
  const historyReaches = (id: string, count: number) => historyOfAtLeast(server, id, count);

  it("skips with each reason and says why; an offline agent's fire waits in its queue; overlap skip holds while the last run is pending, queue fires anyway", async () => {
    const heard = await listen();
    const offline = await newAgent(server, api, companyId, 'OFFLINE-ROBOT');
    const hourly = { frequency: 'hourly' as const, every: 1, timezone: 'UTC', startDate: '2026-01-01T00:00' };
    const base = { companyId, agentId: offline.agentId, duration: hourly, parameters: PARAMS };
    const HOUR = 60 * MINUTE;
    await sql()(`update bots set status = 'inactive' where id = $1`, [bots.failing]);

    const due = Date.now();
    const skip = await insertSchedule(server, { ...base, botId: bots.js, nextFireAt: due, overlap: 'skip' });
    const queue = await insertSchedule(server, { ...base, botId: bots.py, nextFireAt: due, overlap: 'queue' });
    const inactive = await insertSchedule(server, { ...base, botId: bots.failing, nextFireAt: due });
    const botGone = await insertSchedule(server, { ...base, botId: null, nextFireAt: due });
    const agentGone = await insertSchedule(server, { ...base, botId: bots.js, agentId: null, nextFireAt: due });

    const [skipFirst] = await historyReaches(skip, 1);
    const [queueFirst] = await historyReaches(queue, 1);
    for (const fired of [skipFirst, queueFirst]) {
      expect(fired).toMatchObject({ dueAt: due, outcome: 'fired' });
      // The agent is offline: the run waits, pending, in its queue.
      expect(await processRow(server, fired.processId ?? '')).toMatchObject({
        status: PROCESS_STATUS.pending,
        source: 'schedule',
        agentId: offline.agentId,
      });
    }
    const expectSkipped = async (id: string, reason: string, reasonKey: string) => {
      const [row] = await historyReaches(id, 1);
      expect(row).toEqual({
        dueAt: due,
        firedAt: expect.any(Number),
        outcome: 'skipped',
        reason,
        reasonKey,
        processId: null,
      });
      // The next fire is still the schedule's own: the next whole hour.
      expect(await scheduleState(server, id)).toMatchObject({
        status: 'active',
        nextFireAt: Math.floor(due / HOUR) * HOUR + HOUR,
        lastOutcome: 'skipped',
        lastProcessId: null,
      });
    };
    await expectSkipped(inactive, 'skipped: bot inactive', 'botInactive');
    // The browsers heard of the fire, its history row and the schedule's move.
    const said = (type: string, id: string, key: string) =>
      eventually(() => heard.find((n) => n.type === type && n.data[key] === id), `${type} of ${id.slice(0, 8)}`);
    expect((await said('process', skipFirst.processId ?? '', 'id')).operation).toBe('insert');
    expect(await said('scheduleHistory', inactive, 'scheduleId')).toMatchObject({
      operation: 'insert',
      data: { outcome: 'skipped', reasonKey: 'botInactive', reason: 'skipped: bot inactive' },
    });
    expect(await said('schedule', inactive, 'id')).toMatchObject({
      operation: 'update',
      data: {
        status: 'active',
        lastOutcome: 'skipped',
        nextFireAt: new Date(Math.floor(due / HOUR) * HOUR + HOUR).toISOString(),
      },
    });
    await expectSkipped(botGone, 'skipped: bot deleted', 'botDeleted');
    await expectSkipped(agentGone, 'skipped: agent deleted', 'agentDeleted');

    // Due again while the first runs are still pending.
    const again = Date.now();
    await sql()(`update schedules set next_fire_at = $2 where id in ($1, $3)`, [
      skip,
      new Date(again).toISOString(),
      queue,
    ]);
    scheduleChanged();
    const skipRows = await historyReaches(skip, 2);
    expect(skipRows[1]).toMatchObject({
      dueAt: again,
      outcome: 'skipped',
      reason: 'skipped: previous run still pending or running',
      reasonKey: 'overlap',
      processId: null,
    });
    expect((await scheduleState(server, skip)).lastProcessId).toBe(skipFirst.processId);
    const queueRows = await historyReaches(queue, 2);
    expect(queueRows[1]).toMatchObject({ dueAt: again, outcome: 'fired' });
    expect(queueRows[1].processId).not.toBe(queueFirst.processId);
    const pending = await sql()<{ n: number }>(
      `select count(*)::int as "n" from processes where agent_id = $1 and status = 0`,
      [offline.agentId],
    );
    expect(pending[0].n).toBe(3);
    // A bot switched to Manual after its plan was made: the plan's fires no longer run it.
    await sql()(`update bots set status = 'active', type = 1 where id = $1`, [bots.failing]);
    const manual = await insertSchedule(server, { ...base, botId: bots.failing, nextFireAt: Date.now() });
    expect((await historyReaches(manual, 1))[0]).toMatchObject({
      outcome: 'skipped',
      reason: 'skipped: bot is Manual, not Automated',
      reasonKey: 'botManual',
      processId: null,
    });
    await sql()(`update bots set type = 2 where id = $1`, [bots.failing]);
    await disable([skip, queue, inactive, botGone, agentGone, manual]);
  }, 60_000);

  it('skips a non-working day of its company (one-off or yearly) in the schedule’s zone, and an expired licence', async () => {
    const offline = await newAgent(server, api, companyId, 'HOLIDAY-ROBOT');
    const zone = 'Pacific/Kiritimati'; // UTC+14: its date is often not the UTC date.
    const hourly = { frequency: 'hourly' as const, every: 1, timezone: zone, startDate: '2026-01-01T00:00' };
    const base = { companyId, agentId: offline.agentId, botId: bots.js, duration: hourly, parameters: PARAMS };
    const due = Date.now();
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(due);
    await sql()(`insert into non_working_days (name, day, yearly, company_id) values ('Holiday', $1, false, $2)`, [
      localDay,
      companyId,
    ]);
    const skips = await insertSchedule(server, { ...base, nextFireAt: due, skipNonWorkingDays: true });
    const works = await insertSchedule(server, { ...base, nextFireAt: due, skipNonWorkingDays: false });
    expect((await historyReaches(skips, 1))[0]).toMatchObject({
      outcome: 'skipped',
      reason: 'skipped: non-working day',
      reasonKey: 'nonWorkingDay',
    });
    expect((await historyReaches(works, 1))[0]).toMatchObject({ outcome: 'fired' });

    // The same day as a yearly one, entered in another year.
    await sql()(`delete from non_working_days where company_id = $1`, [companyId]);
    await sql()(`insert into non_working_days (name, day, yearly, company_id) values ('Yearly', $1, true, $2)`, [
      `2001${localDay.slice(4)}`,
      companyId,
    ]);
    const again = Date.now();
    await sql()(`update schedules set next_fire_at = $2 where id = $1`, [skips, new Date(again).toISOString()]);
    const licensed = await insertSchedule(server, { ...base, nextFireAt: again });
    expect((await historyReaches(skips, 2))[1]).toMatchObject({ dueAt: again, reasonKey: 'nonWorkingDay' });
    expect((await historyReaches(licensed, 1))[0]).toMatchObject({ outcome: 'fired' });
    await sql()(`delete from non_working_days where company_id = $1`, [companyId]);

    // The company's licence ended yesterday: its bots are expired.
    await sql()(
      `update company_licences set start_date = current_date - 30, end_date = current_date - 1 where company_id = $1`,
      [companyId],
    );
    await sql()(`update schedules set next_fire_at = $2 where id = $1`, [licensed, new Date().toISOString()]);
    scheduleChanged();
    expect((await historyReaches(licensed, 2))[1]).toMatchObject({
      outcome: 'skipped',
      reason: 'Your bot is expired, contact admin!',
      reasonKey: 'botExpired',
    });
    await sql()(
      `update company_licences set start_date = current_date - 30, end_date = current_date + 365 where company_id = $1`,
      [companyId],
    );
    await disable([skips, works, licensed]);
  }, 60_000);

  it('completes a schedule whose end date its fire passes: the last fire runs, then no next fire', async () => {
    const offline = await newAgent(server, api, companyId, 'LAST-ROBOT');
    const now = Date.now();
    // Every minute until its end, this whole minute (the next when this one is nearly over): its last fire.
    const last = now - minuteOf(now) < 50_000 ? minuteOf(now) : minuteOf(now) + MINUTE;
    const id = await insertSchedule(server, {
      companyId,
      agentId: offline.agentId,
      botId: bots.js,
      duration: minutely(last - 10 * MINUTE, last),
      nextFireAt: last,
      parameters: PARAMS,
    });
    const [row] = await historyReaches(id, 1);
    expect(row).toMatchObject({ dueAt: last, outcome: 'fired' });
    expect(await scheduleState(server, id)).toEqual({
      status: 'completed',
      nextFireAt: null,
      lastFireAt: last,
      lastOutcome: 'fired',
      lastProcessId: row.processId,
    });
  }, 30_000);
});
