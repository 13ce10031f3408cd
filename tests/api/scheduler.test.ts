import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { io as connectBrowser, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROLROOM_ROOM, type LiveNotification } from '../../src/domain';
import { PROCESS_STATUS } from '../../src/domain/status';
import { scheduleChanged } from '../../server/scheduler/signal';
import { asAdmin, controlRoom, setUpCompany, type Api, type BotKey, type ControlRoom } from './agentWorld';
import { ADMIN, freePort, loginTo, tempFolder } from './datafolderProcesses';
import { call, startServer, type TestServer } from './helpers';
import { mailsTo, type ParsedMail } from './mail';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { agentExit, startAgent, type RealAgent } from './realAgent';
import {
  historyOf,
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

/** The lines of a result mail's "Last log lines" part. */
const quotedLines = (mail: ParsedMail): string[] => {
  const after = mail.text.split('Last log lines:\n')[1] ?? '';
  return after.split('\n\n')[0].split('\n');
};

describe('the scheduler fires schedules on one node', () => {
  let server: TestServer;
  let api: Api;
  let room: ControlRoom;
  let companyId: string;
  let bots: Record<BotKey, string>;
  let robot: RealAgent | null = null;
  const folders: string[] = [];
  const sockets: ProtocolAgent[] = [];
  const browsers: Socket[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startServer({
      port,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}`, AGENT_HEARTBEAT_SECONDS: '1', AGENT_GRACE_SECONDS: '3' },
    });
    api = await asAdmin(server);
    room = controlRoom(api);
    const company = await setUpCompany(api, 'Schedules Ltd');
    ({ companyId, bots } = company);
    const base = await tempFolder('scheduler-agent');
    folders.push(base);
    const registrationFile = path.join(base, 'registration.json');
    await writeFile(registrationFile, JSON.stringify(company.registration));
    robot = startAgent([
      '--registration',
      registrationFile,
      '--name',
      'Test Robot',
      '--state-dir',
      path.join(base, 'state'),
      '--work-dir',
      path.join(base, 'work'),
    ]);
  });

  afterAll(async () => {
    robot?.kill('SIGTERM');
    if (robot) await agentExit(robot, 10_000);
    for (const s of sockets) s.close();
    for (const b of browsers) b.disconnect();
    await server?.close();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
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
  /** Stops a test's schedules from firing again in the next tests. */
  const disable = (ids: string[]) =>
    sql()(`update schedules set status = 'disabled' where id::text in (select jsonb_array_elements_text($1::jsonb))`, [
      JSON.stringify(ids),
    ]);
  const historyReaches = (id: string, count: number) =>
    eventually(
      async () => {
        const rows = await historyOf(server, id);
        return rows.length >= count ? rows : undefined;
      },
      `${count} history rows of schedule ${id.slice(0, 8)}`,
      20_000,
    );

  it('fires a minutely schedule on time: its run goes to the real agent and executes, history says fired, the next fire is one minute on, the recipients get the result', async () => {
    const agentId = await eventually(
      async () => (await room.agentsOf(companyId)).find((a) => a.name === 'Test Robot' && a.status === 1)?.id,
      'the real agent connected',
      30_000,
    );
    // A whole minute not long past (the fire is on time), the grid starting five minutes before.
    const now = Date.now();
    const due = now - minuteOf(now) < 40_000 ? minuteOf(now) : minuteOf(now) + MINUTE;
    const id = await insertSchedule(server, {
      companyId,
      botId: bots.js,
      agentId,
      duration: minutely(due - 5 * MINUTE),
      nextFireAt: due,
      parameters: PARAMS,
      recipients: ['ops@schedules.test', 'boss@schedules.test'],
    });
    const [fire] = await eventually(
      async () => {
        const rows = await historyOf(server, id);
        return rows.length > 0 ? rows : undefined;
      },
      'the fire',
      75_000,
    );
    expect(fire).toMatchObject({ dueAt: due, outcome: 'fired', reason: null, reasonKey: null });
    expect(fire.processId).toEqual(expect.any(String));
    expect(fire.firedAt).toBeGreaterThanOrEqual(due);
    const processId = fire.processId ?? '';

    const run = await processRow(server, processId);
    expect(run).toMatchObject({ source: 'schedule', agentId, timeoutSeconds: 3600 });
    expect(run.parameters).toEqual(PARAMS);
    await room.reaches(processId, PROCESS_STATUS.executed, 30_000);
    const logs = (await room.logsOf(processId)).map((l) => l.text);
    expect(logs).toContain('customer=ACME');
    expect(logs).toContain('js done');

    expect(await scheduleState(server, id)).toEqual({
      status: 'active',
      nextFireAt: due + MINUTE,
      lastFireAt: due,
      lastOutcome: 'fired',
      lastProcessId: processId,
    });
    await disable([id]);

    for (const to of ['ops@schedules.test', 'boss@schedules.test']) {
      const [mail] = await eventually(async () => {
        const mails = await mailsTo(server, to);
        return mails.length > 0 ? mails : undefined;
      }, `the result mail to ${to}`);
      expect(mail.subject).toContain('Node bot');
      expect(mail.text).toContain('Bot: Node bot');
      expect(mail.text).toContain('Agent: Test Robot');
      expect(mail.text).toContain('Status: Executed');
      expect(quotedLines(mail)).toEqual(expect.arrayContaining(['customer=ACME', 'count=7', 'js done']));
    }

    const metrics = await call(server, 'GET', '/metrics');
    const count = /^rpa_schedule_lag_seconds_count (\d+)$/m.exec(metrics.text);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
  }, 150_000);

  it("mails the run's last 20 log lines, and a schedule without recipients mails nobody", async () => {
    const agent = await newAgent(server, api, companyId, 'MAIL-ROBOT');
    const socket = await connectAgent(server.baseUrl, agent.agentId, agent.secret);
    sockets.push(socket);
    const due = Date.now();
    const id = await insertSchedule(server, {
      companyId,
      botId: bots.sh,
      agentId: agent.agentId,
      duration: { frequency: 'hourly', every: 1, timezone: 'UTC', startDate: '2026-01-01T00:00' },
      nextFireAt: due,
      parameters: PARAMS,
      recipients: ['lines@schedules.test'],
    });
    const start = await eventually(() => socket.starts.find((s) => s.botName === 'Shell bot'), 'the start', 20_000);
    const lines = Array.from({ length: 30 }, (_, i) => ({ seq: i + 1, text: `step ${i + 1}` }));
    expect((await socket.log(start.processId, lines)).ok).toBe(true);
    expect((await socket.status(start.processId, PROCESS_STATUS.failed, { exitCode: 3, reason: 'boom' })).ok).toBe(
      true,
    );
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(server, 'lines@schedules.test');
      return mails.length > 0 ? mails : undefined;
    }, 'the result mail');
    expect(mail.text).toContain('Status: Error');
    expect(mail.text).toContain('Agent: MAIL-ROBOT');
    expect(quotedLines(mail)).toEqual(Array.from({ length: 20 }, (_, i) => `step ${i + 11}`));
    await disable([id]);

    // Without recipients: the run ends, and no mail names it.
    const quiet = await insertSchedule(server, {
      companyId,
      botId: bots.sh,
      agentId: agent.agentId,
      duration: { frequency: 'hourly', every: 1, timezone: 'UTC', startDate: '2026-01-01T00:00' },
      nextFireAt: Date.now(),
      parameters: PARAMS,
    });
    const second = await eventually(
      () => socket.starts.find((s) => s.botName === 'Shell bot' && s.processId !== start.processId),
      'the second start',
      20_000,
    );
    await socket.log(second.processId, [{ seq: 1, text: 'quiet run' }]);
    await socket.status(second.processId, PROCESS_STATUS.executed, { exitCode: 0 });
    await room.reaches(second.processId, PROCESS_STATUS.executed);
    await server.app.mailer.drain();
    const all = await mailsTo(server, '@');
    expect(all.filter((m) => m.text.includes('quiet run'))).toEqual([]);
    await disable([quiet]);
  }, 60_000);

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
    await sql()(`update bots set status = 'active' where id = $1`, [bots.failing]);
    await disable([skip, queue, inactive, botGone, agentGone]);
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
