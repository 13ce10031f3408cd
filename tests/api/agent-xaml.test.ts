import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MESSAGES } from '../../src/domain/agentProtocol';
import { BOT_TYPE } from '../../src/domain';
import { encryptParameter } from '../../src/domain/parameterCrypto';
import { PROCESS_STATUS } from '../../src/domain/status';
import { asAdmin, connectedAgentId, controlRoom, setUpCompany, type Api, type ControlRoom } from './agentWorld';
import { freePort, tempFolder } from './datafolderProcesses';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import { endAgentSuite, startAgent, type RealAgent } from './realAgent';
import { botForm } from './workflows';
import { CLICKER, FIELDER, GREETER, THROWER, WAITER } from './xamlBots';

interface LevelledRow {
  seq: number;
  stream: string;
  text: string;
  level: string | null;
  fields: Record<string, string> | null;
}
interface Details {
  status: number;
  exitCode: number | null;
  reason: string | null;
  result: Record<string, string> | null;
}

const WORKFLOWS = {
  greeter: GREETER,
  clicker: CLICKER,
  thrower: THROWER,
  waiter: WAITER,
  sleeper: WAITER,
  fielder: FIELDER,
};
type WorkflowKey = keyof typeof WORKFLOWS;

describe('the reference agent runs XAML workflows in a child process', () => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  let room: ControlRoom;
  let agent: RealAgent;
  let agentId: string;
  let companyId: string;
  const bots = {} as Record<WorkflowKey, string>;
  const folders: string[] = [];

  const details = (id: string) => api<Details>('GET', `/process/details/${id}`);
  const logsOf = async (id: string) =>
    (await api<{ rows: LevelledRow[] }>('GET', `/processExecutionLog?processId=${id}&limit=1000`)).rows;
  const linesOf = (id: string, min: number) =>
    eventually(
      async () => {
        if ((await details(id)).status === PROCESS_STATUS.pending) return undefined;
        const rows = await logsOf(id);
        return rows.length >= min ? rows : undefined;
      },
      `${min} log lines of ${id.slice(0, 8)}`,
      20_000,
    );

  beforeAll(async () => {
    const port = await freePort();
    const dataDir = await tempFolder('xaml-server');
    const stateDir = path.join(await tempFolder('xaml-state'), 'state');
    const workDir = await tempFolder('xaml-work');
    folders.push(dataDir, path.dirname(stateDir), workDir);
    database = await createTestDatabase();
    server = await startServer({ port, dataDir, database, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    api = await asAdmin(server);
    room = controlRoom(api);
    const company = await setUpCompany(api, 'Workflows Ltd');
    companyId = company.companyId;
    for (const [key, text] of Object.entries(WORKFLOWS) as [WorkflowKey, string][]) {
      const form = botForm(
        {
          name: `Workflow ${key}`,
          description: `The ${key} workflow`,
          type: BOT_TYPE.manual,
          companyId: company.companyId,
        },
        { name: `${key}.xaml`, text },
      );
      bots[key] = (await api<{ id: string }>('POST', '/bot/create', { form })).id;
    }
    const registrationFile = path.join(path.dirname(stateDir), 'registration.json');
    await writeFile(registrationFile, JSON.stringify(company.registration));
    agent = startAgent([
      '--registration',
      registrationFile,
      '--name',
      'Workflow Robot',
      '--state-dir',
      stateDir,
      '--work-dir',
      workDir,
    ]);
    agentId = await connectedAgentId(room, company.companyId, 'Workflow Robot');
  }, 60_000);

  afterAll(() => endAgentSuite({ agent, server, database, folders }));

  it('runs a .xaml bot with its In argument: executed, its lines at their levels, its Out argument in the details', async () => {
    const id = await room.run(bots.greeter, agentId, [{ name: 'in_Name', value: 'Ada' }]);
    const done = await room.reaches(id, PROCESS_STATUS.executed);
    expect(done.exitCode).toBe(0);
    expect(await details(id)).toMatchObject({ reason: null, result: { out_Greeting: 'Hello, Ada' } });
    const rows = await logsOf(id);
    expect(rows.map(({ stream, text, level }) => ({ stream, text, level }))).toEqual([
      { stream: 'stdout', text: 'Hello, Ada', level: 'Info' },
      { stream: 'stderr', text: 'Careful with ADA', level: 'Warn' },
    ]);
  });

  it('gives an encrypted parameter to the workflow in clear', async () => {
    const { key } = await api<{ key: string }>('GET', `/company/parameter-key?companyId=${companyId}`);
    const id = await room.run(bots.greeter, agentId, [
      { name: 'in_Name', value: encryptParameter('Hidden Hopper', key), encrypted: true },
    ]);
    await room.reaches(id, PROCESS_STATUS.executed);
    expect(await details(id)).toMatchObject({ result: { out_Greeting: 'Hello, Hidden Hopper' } });
  });

  it('with Trace activities on, each activity says when it starts and ends at Trace', async () => {
    await api('PUT', `/bot/update/${bots.greeter}`, { body: { traceActivities: true } });
    const id = await room.run(bots.greeter, agentId, [{ name: 'in_Name', value: 'Grace' }]);
    await room.reaches(id, PROCESS_STATUS.executed);
    const rows = await logsOf(id);
    const traced = rows.filter((r) => r.level === 'Trace');
    // Sequence, Assign, WriteLine and LogMessage: a start and an end each at least.
    expect(traced.length).toBeGreaterThanOrEqual(8);
    expect(traced.every((r) => r.stream === 'stdout')).toBe(true);
    expect(traced.some((r) => r.text.includes('Say it'))).toBe(true);
    expect(rows.filter((r) => r.level !== 'Trace').map((r) => r.text)).toEqual(['Hello, Grace', 'Careful with GRACE']);
    await api('PUT', `/bot/update/${bots.greeter}`, { body: { traceActivities: false } });
  });

  it('sends the custom log fields (Add Log Fields) with every later line, until Remove Log Fields takes them off', async () => {
    const id = await room.run(bots.fielder, agentId, [{ name: 'in_Customer', value: 'ACME' }]);
    await room.reaches(id, PROCESS_STATUS.executed);
    expect((await logsOf(id)).map(({ text, level, fields }) => ({ text, level, fields }))).toEqual([
      { text: 'no fields yet', level: 'Info', fields: null },
      { text: 'with both', level: 'Info', fields: { Customer: 'ACME', Attempt: '2' } },
      { text: 'with one', level: 'Warn', fields: { Attempt: '2' } },
      { text: 'none left', level: 'Info', fields: null },
    ]);
  });

  it('refuses at load a workflow with an activity it does not support: failed, nothing of it ran', async () => {
    const id = await room.run(bots.clicker, agentId);
    const failed = await room.reaches(id, PROCESS_STATUS.failed);
    expect(failed.reason).toMatch(/ui:Click/);
    expect(failed.reason).toMatch(/line \d+/);
    const rows = await logsOf(id);
    expect(rows.map((r) => r.text)).toEqual([failed.reason]);
  });

  it('fails on an uncaught exception with its type and message, as the Reason and the last line', async () => {
    const id = await room.run(bots.thrower, agentId);
    const failed = await room.reaches(id, PROCESS_STATUS.failed);
    expect(failed.reason).toBe('InvalidOperationException: No stock left');
    const rows = await logsOf(id);
    expect(rows.map(({ text, level }) => ({ text, level }))).toEqual([
      { text: 'checking the stock', level: 'Info' },
      { text: 'InvalidOperationException: No stock left', level: 'Error' },
    ]);
  });

  it('Stop during a Delay ends the run at once: canceled, the workflow ended by itself (not killed)', async () => {
    const id = await room.run(bots.waiter, agentId);
    await linesOf(id, 1);
    await api('POST', '/process/stop', { body: { id } });
    const canceled = await room.reaches(id, PROCESS_STATUS.canceled);
    // Exit code 0: the child stopped on the cancel, before the kill that follows a grace of 3 s.
    expect(canceled.exitCode).toBe(0);
    expect((await logsOf(id)).map((r) => r.text)).toEqual(['waiting', AGENT_MESSAGES.canceled]);
  });

  it('a timeout during a Delay ends the run failed, promptly', async () => {
    // Long enough for the child to start and reach its Delay (a timeout before that kills it).
    await api('PUT', `/bot/update/${bots.sleeper}`, { body: { timeoutSeconds: 3 } });
    const id = await room.run(bots.sleeper, agentId);
    await linesOf(id, 1);
    const failed = await room.reaches(id, PROCESS_STATUS.failed);
    expect(failed).toMatchObject({ reason: AGENT_MESSAGES.timedOut(3), exitCode: 0 });
    expect((await logsOf(id)).map((r) => r.text)).toEqual(['waiting', AGENT_MESSAGES.timedOut(3)]);
  });
});
