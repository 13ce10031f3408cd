import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain/status';
import { asAdmin, controlRoom, setUpCompany, type Api, type BotKey, type ControlRoom } from './agentWorld';
import { freePort, tempFolder } from './datafolderProcesses';
import { call, startServer, type TestServer } from './helpers';
import { mailsTo, type ParsedMail } from './mail';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { agentExit, startAgent, type RealAgent } from './realAgent';
import {
  disableSchedules,
  historyOf,
  historyOfAtLeast,
  insertSchedule,
  minuteOf,
  minutely,
  MINUTE,
  newAgent,
  processRow,
  scheduleState,
  utcLocal,
} from './schedulerWorld';
import { botForm } from './workflows';

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
    await server?.close();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const disable = (ids: string[]) => disableSchedules(server, ids);
  const historyReaches = (id: string, count: number, timeoutMs?: number) =>
    historyOfAtLeast(server, id, count, timeoutMs);

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

  it("fires a schedule made through the API (the builder's route) at its first fire, on the real agent", async () => {
    const agentId = await eventually(
      async () => (await room.agentsOf(companyId)).find((a) => a.name === 'Test Robot' && a.status === 1)?.id,
      'the real agent connected',
      30_000,
    );
    const form = botForm(
      { name: 'Robot nightly', description: 'An automated bot the builder plans', type: 2, companyId },
      { name: 'auto.js', text: "console.log('auto ran');\n" },
    );
    const { id: botId } = await api<{ id: string }>('POST', '/bot/create', { form });
    const start = minuteOf(Date.now());
    const plan = await api<{ id: string; nextFireAt: string }>('POST', '/process/schedule', {
      body: {
        botId,
        agentId,
        parameters: [],
        recipients: [],
        duration: { frequency: 'minutely', every: 1, timezone: 'UTC', startDate: utcLocal(start) },
      },
    });
    // Its first fire is a whole minute at or after now, at most a minute away.
    const first = Date.parse(plan.nextFireAt);
    expect(first % MINUTE).toBe(0);
    const [fire] = await historyReaches(plan.id, 1, 75_000);
    expect(fire).toMatchObject({ dueAt: first, outcome: 'fired' });
    await room.reaches(fire.processId ?? '', PROCESS_STATUS.executed, 30_000);
    expect((await room.logsOf(fire.processId ?? '')).map((l) => l.text)).toContain('auto ran');
    expect((await scheduleState(server, plan.id)).nextFireAt).toBe(first + MINUTE);
    await disable([plan.id]);
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
});
