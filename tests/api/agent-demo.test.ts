import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_AUTOMATED_BOTS,
  DEMO_FAILURE_MESSAGE,
  DEMO_SCRIPT_BOTS,
  DEMO_STOCK_SHORT_MESSAGE,
  DEMO_XAML_BOTS,
  type DemoBot,
} from '../../server/db/demoBots';
import { PROCESS_STATUS } from '../../src/domain/status';
import {
  asAdmin,
  connectedAgentId,
  controlRoom,
  setUpCompany,
  type Api,
  type ControlRoom,
  type LogRow,
} from './agentWorld';
import { freePort, tempFolder } from './datafolderProcesses';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import { endAgentSuite, startAgent, type RealAgent } from './realAgent';
import { botForm } from './workflows';

const texts = (rows: LogRow[], stream: string) => rows.filter((r) => r.stream === stream).map((r) => r.text);

// The demo data's bots, uploaded as a user would and run by the reference agent as a real
// child process: what a newcomer's first runs do.
describe('the demo bots on the reference agent', () => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  let room: ControlRoom;
  let companyId: string;
  let agentId: string;
  let agent: RealAgent | null = null;
  const folders: string[] = [];

  const upload = async (bot: DemoBot) =>
    (
      await api<{ id: string }>('POST', '/bot/create', {
        form: botForm(
          { name: bot.name, description: bot.description, type: bot.type, companyId },
          { name: bot.fileName, text: bot.text },
        ),
      })
    ).id;
  const ended = (id: string) =>
    eventually(
      async () => {
        const process = await room.processOf(id);
        return process.status >= PROCESS_STATUS.executed ? process : undefined;
      },
      `the end of process ${id.slice(0, 8)}`,
      20_000,
    );

  beforeAll(async () => {
    const port = await freePort();
    const dataDir = await tempFolder('demo-server');
    const stateDir = path.join(await tempFolder('demo-agent'), 'state');
    const workDir = await tempFolder('demo-work');
    folders.push(dataDir, path.dirname(stateDir), workDir);
    database = await createTestDatabase();
    server = await startServer({ port, dataDir, database, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    api = await asAdmin(server);
    room = controlRoom(api);
    const company = await setUpCompany(api, 'Demo Runs Ltd');
    companyId = company.companyId;
    const registrationFile = path.join(path.dirname(stateDir), 'registration.json');
    await writeFile(registrationFile, JSON.stringify(company.registration));
    const args = ['--registration', registrationFile, '--name', 'Demo Robot', '--state-dir', stateDir];
    agent = startAgent([...args, '--work-dir', workDir]);
    agentId = await connectedAgentId(room, companyId, 'Demo Robot');
  }, 60_000);

  afterAll(() => endAgentSuite({ agent, server, database, folders }));

  it('runs Hello World with its parameters to success within seconds', async () => {
    const id = await room.run(await upload(DEMO_SCRIPT_BOTS.hello), agentId, [
      { name: 'in_Name', value: 'Ada' },
      { name: 'in_Times', value: '2' },
    ]);
    expect(await ended(id)).toMatchObject({ status: PROCESS_STATUS.executed, exitCode: 0, reason: null });
    expect(texts(await room.logsOf(id), 'stdout')).toEqual([
      'Hello, Ada! (1 of 2)',
      'Hello, Ada! (2 of 2)',
      'Done: 2 greetings.',
    ]);
  });

  it('runs Invoice Totals to success, with the total in its log', async () => {
    const id = await room.run(await upload(DEMO_SCRIPT_BOTS.totals), agentId, [{ name: 'in_Currency', value: 'INR' }]);
    expect(await ended(id)).toMatchObject({ status: PROCESS_STATUS.executed, exitCode: 0 });
    expect(texts(await room.logsOf(id), 'stdout').at(-1)).toBe('Total of 4 invoices: 4050.49 INR');
  });

  it('runs Supplier Sync to failure, its message in the log and in the Reason', async () => {
    const id = await room.run(await upload(DEMO_SCRIPT_BOTS.failing), agentId, [
      { name: 'in_Portal', value: 'https://suppliers.example' },
    ]);
    const failed = await ended(id);
    expect(failed).toMatchObject({ status: PROCESS_STATUS.failed, exitCode: 2 });
    expect(texts(await room.logsOf(id), 'stderr')).toEqual([DEMO_FAILURE_MESSAGE]);
    expect(failed.reason).toBe(`Exited with code 2: ${DEMO_FAILURE_MESSAGE}`);
  });

  it("runs Daily Report (the schedules' bot) to success, its report in the log", async () => {
    const id = await room.run(await upload(DEMO_AUTOMATED_BOTS.report), agentId, [
      { name: 'in_Region', value: 'North' },
    ]);
    expect(await ended(id)).toMatchObject({ status: PROCESS_STATUS.executed, exitCode: 0 });
    expect(texts(await room.logsOf(id), 'stdout')).toEqual([
      'Reading orders for North ...',
      'Reading returns for North ...',
      'Computing totals for North ...',
      'Writing report for North ...',
      'Report for North written: 128 orders, 3 returns.',
    ]);
  });

  // Whether this run is short depends on the minute it starts at: either outcome is checked whole.
  it('runs Stock Check: all in stock and executed, or one item short and failed with its message', async () => {
    const id = await room.run(await upload(DEMO_AUTOMATED_BOTS.stock), agentId, [
      { name: 'in_Warehouse', value: 'Nashik' },
    ]);
    const run = await ended(id);
    const lines = await room.logsOf(id);
    expect(texts(lines, 'stdout').slice(0, 3)).toEqual([
      'Checking stock in Nashik ...',
      'SKU-1001: in stock',
      'SKU-1017: in stock',
    ]);
    if (run.status === PROCESS_STATUS.failed) {
      expect(run).toMatchObject({ exitCode: 1, reason: `Exited with code 1: ${DEMO_STOCK_SHORT_MESSAGE}` });
      expect(texts(lines, 'stderr')).toEqual([DEMO_STOCK_SHORT_MESSAGE]);
      expect(texts(lines, 'stdout')).toHaveLength(3);
    } else {
      expect(run).toMatchObject({ status: PROCESS_STATUS.executed, exitCode: 0 });
      expect(texts(lines, 'stdout').slice(3)).toEqual(['SKU-1042: in stock', 'All 3 items in stock.']);
    }
  });

  it('runs a XAML workflow of the demo to executed: its lines as its recorded history shows them, its Out argument', async () => {
    const id = await room.run(await upload(DEMO_XAML_BOTS[0]), agentId, [{ name: 'in_Folder', value: 'Scans' }]);
    const run = await ended(id);
    expect(run).toMatchObject({ status: PROCESS_STATUS.executed, exitCode: 0, reason: null });
    const lines = await room.logsOf(id);
    expect(texts(lines, 'stdout')[0]).toBe('Reading supplier invoices from Scans');
    expect(texts(lines, 'stderr')).toEqual(['Skipped INV-1004: its amount is not a number']);
    expect(texts(lines, 'stdout').at(-1)).toBe('Read 3 invoices from Scans, total 1,650.49');
    expect(await api('GET', `/process/details/${id}`)).toMatchObject({ result: { out_Processed: '3' } });
  });
});
