import { createHash } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MESSAGES } from '../../src/domain/agentProtocol';
import { encryptParameter } from '../../src/domain/parameterCrypto';
import { PROCESS_STATUS } from '../../src/domain/status';
import { asAdmin, controlRoom, setUpCompany, type Api, type BotKey, type ControlRoom, type LogRow } from './agentWorld';
import { freePort, startRealServer, tempFolder, type RealServer } from './datafolderProcesses';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './helpers';
import { eventually } from './protocolAgent';
import {
  agentExit,
  filesUnder,
  journaledFinal,
  journaledSeq,
  processGone,
  startAgent,
  waitGone,
  type RealAgent,
} from './realAgent';

/** Short heartbeats, so that a restarted server notices its agents quickly. */
const RUNTIME_ENV = { AGENT_HEARTBEAT_SECONDS: '1', AGENT_GRACE_SECONDS: '3' };
const PARAMS = [
  { name: 'in_Customer', value: 'ACME "Ltd" & Co' },
  { name: 'in_Count', value: '42' },
];

const texts = (rows: LogRow[], stream: string) => rows.filter((r) => r.stream === stream).map((r) => r.text);
const seqs = (rows: LogRow[]) => rows.map((r) => r.seq);
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the reference agent runs bots as real child processes', () => {
  let port: number;
  let dataDir: string;
  let database: TestDatabase;
  /** The server in this process, until the last test hands its data folder and port to a real server process. */
  let server: TestServer | null = null;
  let real: RealServer | null = null;
  let api: Api;
  let room: ControlRoom;
  let companyId: string;
  let bots: Record<BotKey, string>;
  let registrationFile: string;
  let stateDir: string;
  let workDir: string;
  let agent: RealAgent;
  let agentId: string;
  const agents: RealAgent[] = [];
  const folders: string[] = [];

  const startOn = () =>
    startServer({ port, dataDir, database, env: { ...RUNTIME_ENV, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const startReal = () =>
    startRealServer(dataDir, {
      port,
      env: { ...RUNTIME_ENV, ...(database.url ? { DATABASE_URL: database.url } : {}) },
    });
  const useServer = async (started: { baseUrl: string }) => {
    api = await asAdmin(started);
    room = controlRoom(api);
  };
  const launch = () => {
    const started = startAgent([
      '--registration',
      registrationFile,
      '--name',
      'Test Robot',
      '--state-dir',
      stateDir,
      '--work-dir',
      workDir,
    ]);
    agents.push(started);
    return started;
  };
  const connected = (status = 1) =>
    eventually(
      async () => {
        const found = (await room.agentsOf(companyId)).filter((a) => a.name === 'Test Robot');
        return found.length === 1 && found[0].status === status ? found[0].id : undefined;
      },
      `the agent in status ${status}`,
      30_000,
    );
  const linesOf = (id: string, min: number) =>
    eventually(
      async () => {
        // A run waits pending (without logs) until its agent takes it.
        if ((await room.processOf(id)).status === PROCESS_STATUS.pending) return undefined;
        const rows = await room.logsOf(id);
        return rows.length >= min ? rows : undefined;
      },
      `${min} log lines of ${id.slice(0, 8)}`,
      20_000,
    );
  const grandchildOf = async (id: string) => {
    const said = /^grandchild (\d+)$/.exec((await linesOf(id, 1))[0].text);
    if (!said) throw new Error(`process ${id.slice(0, 8)} did not say its grandchild's pid first`);
    return Number(said[1]);
  };

  beforeAll(async () => {
    port = await freePort();
    dataDir = await tempFolder('agent-server');
    stateDir = path.join(await tempFolder('agent-state'), 'state');
    workDir = await tempFolder('agent-work');
    folders.push(dataDir, path.dirname(stateDir), workDir);
    database = await createTestDatabase();
    server = await startOn();
    await useServer(server);
    const company = await setUpCompany(api, 'Robots Ltd');
    ({ companyId, bots } = company);
    registrationFile = path.join(path.dirname(stateDir), 'registration.json');
    await writeFile(registrationFile, JSON.stringify(company.registration));
  });

  afterAll(async () => {
    // SIGTERM first: an agent still running a bot kills the bot's tree on its way out.
    for (const a of agents) a.kill('SIGTERM');
    await Promise.all(agents.map((a) => agentExit(a, 10_000)));
    await real?.stop('SIGKILL');
    await server?.close();
    await database?.drop();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('registers from a downloaded registration file, keeps its credentials to itself and reuses them', async () => {
    agent = launch();
    agentId = await connected();
    const credentials = path.join(stateDir, 'credentials.json');
    expect((await stat(stateDir)).mode & 0o777).toBe(0o700);
    const privateFiles = await filesUnder(stateDir);
    expect(privateFiles.map((f) => path.basename(f.file))).toContain('credentials.json');
    for (const { file } of privateFiles) expect((await stat(file)).mode & 0o777, file).toBe(0o600);
    const kept = await readFile(credentials, 'utf8');
    expect(JSON.parse(kept)).toMatchObject({ agentId, companyId, serverUrl: `http://127.0.0.1:${port}` });
    expect(agent.output()).toContain('Registered as Test Robot');

    agent.kill('SIGTERM');
    expect(await agentExit(agent)).toBe(0);
    await connected(0);
    // The same command again: the kept credentials, no second registration.
    agent = launch();
    expect(await connected()).toBe(agentId);
    expect(await readFile(credentials, 'utf8')).toBe(kept);
    expect(agent.output()).not.toContain('Registered as');
  }, 60_000);

  it.each(['js', 'sh', 'py'] as const)(
    'runs a .%s bot with its parameters: executed, every line logged in order',
    async (key) => {
      const id = await room.run(bots[key], agentId, PARAMS);
      const done = await room.reaches(id, PROCESS_STATUS.executed);
      expect(done.exitCode).toBe(0);
      const rows = await room.logsOf(id);
      const paramsFile =
        key === 'sh'
          ? [`file ${JSON.stringify(PARAMS.map((p) => ({ ...p, encrypted: false }))).replace(/[ \n]/g, '')}`]
          : PARAMS.map((p) => `file ${p.name}=${p.value}`);
      expect(texts(rows, 'stdout')).toEqual(['customer=ACME "Ltd" & Co', ...paramsFile, `${key} done`]);
      expect(texts(rows, 'stderr')).toEqual(['count=42']);
      expect(seqs(rows)).toEqual(upTo(rows.length));
    },
  );

  it('gives an encrypted parameter to the bot in clear, and writes it in clear nowhere', async () => {
    const secret = `Pa55-${createHash('sha256').update(String(Date.now())).digest('hex').slice(0, 20)}`;
    const { key } = await api<{ key: string }>('GET', `/company/parameter-key?companyId=${companyId}`);
    const id = await room.run(bots.secret, agentId, [
      { name: 'in_Password', value: encryptParameter(secret, key), encrypted: true },
    ]);
    const rows = await linesOf(id, 2);
    expect(rows.map((r) => r.text)).toEqual([
      `digest ${createHash('sha256').update(secret).digest('hex')}`,
      `in file ${JSON.stringify([{ name: 'in_Password', value: null, encrypted: true }])}`,
    ]);
    // While the bot runs, its folder and the agent's journal exist: the clear value is in neither.
    const files = [...(await filesUnder(stateDir)), ...(await filesUnder(workDir))];
    expect(files.map((f) => path.basename(f.file))).toEqual(
      expect.arrayContaining(['credentials.json', 'secret.js', 'parameters.json', `${id}.jsonl`]),
    );
    expect(files.filter((f) => f.content.includes(secret)).map((f) => f.file)).toEqual([]);
    await writeFile(path.join(workDir, id, 'done'), '');
    await room.reaches(id, PROCESS_STATUS.executed);
    expect(agent.output()).not.toContain(secret);
  });

  it('ends failed with the exit code, and failed on its timeout with the tree killed', async () => {
    const failing = await room.run(bots.failing, agentId);
    expect(await room.reaches(failing, PROCESS_STATUS.failed)).toMatchObject({ exitCode: 3 });
    expect((await room.logsOf(failing)).map((r) => r.text)).toEqual(['about to fail', AGENT_MESSAGES.exited(3)]);

    await api('PUT', `/bot/update/${bots.sleepy}`, { body: { timeoutSeconds: 1 } });
    const sleepy = await room.run(bots.sleepy, agentId);
    const grandchild = await grandchildOf(sleepy);
    await room.reaches(sleepy, PROCESS_STATUS.failed);
    const rows = await linesOf(sleepy, 2);
    expect(rows[rows.length - 1].text).toBe('Timed out after 1 s');
    await waitGone(grandchild, 'the timed-out grandchild to be killed');
  });

  it('Stop kills the whole tree: canceled, and the grandchild is gone', async () => {
    const id = await room.run(bots.tree, agentId);
    const grandchild = await grandchildOf(id);
    expect(await processGone(grandchild)).toBe(false);
    await api('POST', '/process/stop', { body: { id } });
    await room.reaches(id, PROCESS_STATUS.canceled);
    await waitGone(grandchild, 'the stopped grandchild to be killed');
    expect((await room.logsOf(id)).map((r) => r.text)).toEqual([`grandchild ${grandchild}`, AGENT_MESSAGES.canceled]);
  });

  it('reconnects after the server restarts; lines written meanwhile arrive once each, in order', async () => {
    const id = await room.run(bots.counter, agentId);
    const before = (await linesOf(id, 3)).length;
    await server?.close();
    // The bot goes on writing while the server is away: the agent keeps those lines.
    const offline = await eventually(async () => {
      const seq = await journaledSeq(stateDir, id);
      return seq >= before + 5 ? seq : undefined;
    }, 'lines written while the server is down');
    server = await startOn();
    await useServer(server);
    await linesOf(id, offline + 3);
    await writeFile(path.join(workDir, id, 'finish'), '');
    await room.reaches(id, PROCESS_STATUS.executed);
    const rows = await room.logsOf(id);
    const count = rows.length - 1;
    expect(rows.map((r) => r.text)).toEqual([...upTo(count).map((i) => `line ${i}`), `finished after ${count}`]);
    expect(seqs(rows)).toEqual(upTo(rows.length));
    expect(agent.ended()).toBe(false);
  }, 60_000);

  it('on SIGTERM cancels the run saying why, reports it and exits 0', async () => {
    const id = await room.run(bots.tree, agentId);
    const grandchild = await grandchildOf(id);
    agent.kill('SIGTERM');
    expect(await agentExit(agent)).toBe(0);
    expect(await room.processOf(id)).toMatchObject({ status: PROCESS_STATUS.canceled });
    expect((await room.logsOf(id)).map((r) => r.text)).toEqual([
      `grandchild ${grandchild}`,
      AGENT_MESSAGES.stopping('SIGTERM'),
      AGENT_MESSAGES.canceled,
    ]);
    await waitGone(grandchild, 'the grandchild of the stopped agent to be killed');
    await connected(0);
  });

  it('survives a SIGKILL of a real server process: a run that ended meanwhile keeps its true status', async () => {
    await server?.close();
    server = null;
    // The same data folder (or database) and port, now served by a real server process.
    real = await startReal();
    await useServer(real);
    agent = launch();
    expect(await connected()).toBe(agentId);
    const id = await room.run(bots.counter, agentId);
    const before = (await linesOf(id, 3)).length;
    await real.stop('SIGKILL');
    await eventually(
      async () => ((await journaledSeq(stateDir, id)) >= before + 5 ? true : undefined),
      'lines written while the server is dead',
    );
    // The run ends while the server is dead: only the agent knows it succeeded.
    await writeFile(path.join(workDir, id, 'finish'), '');
    await eventually(
      async () => ((await journaledFinal(stateDir, id)) ? true : undefined),
      'the end of the run, journaled',
    );
    real = await startReal();
    await useServer(real);
    await room.reaches(id, PROCESS_STATUS.executed, 45_000);
    const rows = await room.logsOf(id);
    const count = rows.length - 1;
    expect(rows.map((r) => r.text)).toEqual([...upTo(count).map((i) => `line ${i}`), `finished after ${count}`]);
    expect(seqs(rows)).toEqual(upTo(rows.length));
  }, 120_000);
});
