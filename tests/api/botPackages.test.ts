import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8 } from 'fflate';
import { fillTemplate, processMessages } from '../../src/domain';
import { PACKAGE_MESSAGES } from '../../src/domain/botPackages';
import { resourceMessages } from '../../src/domain/declarations';
import { bots, processes } from '../../server/db/schema';
import { call, startServer, type TestServer } from './helpers';
import { MAIN, NUPKG_LIB, NUPKG_ROOT, packageForm, PROJECT_ZIP, zip } from './packageFiles';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { KOLKATA_2030 } from './schedulesWorld';
import { botForm, WORKFLOW } from './workflows';
import { buildWorld, openLicence, registerAgent, type AgentCredentials, type Envelope, type World } from './world';

type Parameter = {
  name: string;
  direction: string;
  type: string;
  default?: string;
  optional?: boolean;
  whenEmpty?: { kind: string; value?: string };
};
type Bot = { id: string; fileName: string; fileSize: number; parameters: Parameter[]; previousFileName: string | null };
const BOT = { description: 'Reads the invoices of the month', type: 1 };

describe('bots from packages: a zipped project or a UiPath .nupkg', () => {
  let server: TestServer;
  let w: World;
  let agent: AgentCredentials;
  let online: ProtocolAgent | undefined;
  const as = <T = Bot>(method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people.caA.token, body });
  const send = <T = Bot>(method: string, url: string, form: FormData) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people.caA.token, form });
  const count = async (table: typeof bots | typeof processes) =>
    (await server.app.database.db.select({ id: table.id }).from(table)).length;
  const download = (id: string, query = '') =>
    fetch(`${server.baseUrl}/api/bot/downloadXAML/${id}${query}`, {
      headers: { authorization: `Token ${w.people.caA.token}` },
    });

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'packages');
    await call(server, 'POST', '/api/companyLicense/create', {
      token: w.people.super.token,
      body: { ...openLicence({ maxBots: 20, maxAgents: 2 }), companyId: w.companyA },
    });
    agent = await registerAgent(server, w, 'caA', 'PKG-1');
  });
  afterAll(async () => {
    online?.close();
    await server?.close();
  });

  it("creates a bot from a zipped project: the main workflow's arguments, its defaults and long names", async () => {
    const res = await send(
      'POST',
      '/bot/create',
      packageForm({ ...BOT, name: 'Zip Project' }, 'Invoices.zip', PROJECT_ZIP),
    );
    expect([res.status, res.body.message]).toEqual([200, resourceMessages.botCreated]);
    const bot = (await as('GET', `/bot/details/${res.body.payload.id}`)).body.payload;
    expect([bot.fileName, bot.fileSize]).toEqual(['Invoices.zip', PROJECT_ZIP.length]);
    expect(bot.parameters.map((p) => p.name)).toEqual([
      'in_initialMailContent',
      'in_Greeting',
      'in_RetryCount',
      'in_Label',
      'in_Rate',
      'in_Strict',
      'in_Names',
      'in_Limits',
      'in_Rows',
      'io_Total',
      'out_Summary',
    ]);
    const byName = Object.fromEntries(bot.parameters.map((p) => [p.name, p]));
    expect(byName.in_Greeting).toEqual({
      name: 'in_Greeting',
      direction: 'In',
      type: 'String',
      default: 'Hello',
      optional: true,
      whenEmpty: { kind: 'default', value: 'Hello' },
    });
    // Left empty, an argument is the workflow's default, else its type's .NET default: Nothing for a
    // reference type, 0 for a number, False for a Boolean; an Out argument takes no value.
    expect(bot.parameters.map((p) => [p.name, p.optional, p.whenEmpty?.kind, p.whenEmpty?.value])).toEqual([
      ['in_initialMailContent', true, 'typeDefault', 'Nothing'],
      ['in_Greeting', true, 'default', 'Hello'],
      ['in_RetryCount', true, 'default', '[3 + 0]'],
      ['in_Label', true, 'default', '["A & B"]'],
      ['in_Rate', true, 'typeDefault', '0'],
      ['in_Strict', true, 'typeDefault', 'False'],
      ['in_Names', true, 'typeDefault', 'Nothing'],
      ['in_Limits', true, 'typeDefault', 'Nothing'],
      ['in_Rows', true, 'typeDefault', 'Nothing'],
      ['io_Total', true, 'typeDefault', '0'],
      ['out_Summary', false, undefined, undefined],
    ]);
    // An expression keeps its brackets; the XML escapes are read as the text they stand for.
    expect([byName.in_RetryCount.default, byName.in_Label.default]).toEqual(['[3 + 0]', '["A & B"]']);
    expect(byName.in_initialMailContent.default).toBeUndefined();
    expect([byName.in_Names.type, byName.in_Limits.type, byName.in_Rows.type]).toEqual([
      'String[]',
      'Dictionary(String, Int32)',
      'DataTable',
    ]);

    const file = await download(bot.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Invoices.zip"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PROJECT_ZIP);
  });

  it('creates bots from .nupkg packages: project.json under lib/net45 or at the root names the main workflow', async () => {
    for (const [name, bytes] of [
      ['Invoices.1.0.2.nupkg', NUPKG_LIB],
      ['Invoices.Root.nupkg', NUPKG_ROOT],
    ] as const) {
      const preview = await send<Parameter[]>('POST', '/bot/getParameters', packageForm({}, name, bytes));
      expect([preview.status, preview.body.payload]).toEqual([
        200,
        [
          {
            name: 'in_Queue',
            direction: 'In',
            type: 'String',
            optional: true,
            whenEmpty: { kind: 'typeDefault', value: 'Nothing' },
          },
        ],
      ]);
      const res = await send('POST', '/bot/create', packageForm({ ...BOT, name: `Pkg ${name.length}` }, name, bytes));
      expect(res.status).toBe(200);
      const file = await download(res.body.payload.id);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses a bad package with a clear message and stores nothing', async () => {
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`f${i}.txt`, 'x']));
    const cases: [string, Uint8Array, string][] = [
      ['Random.zip', strToU8('this is not a zip at all'), PACKAGE_MESSAGES.notZip],
      ['Empty.nupkg', zip({}), PACKAGE_MESSAGES.notZip],
      ['NoMain.zip', zip({ 'Flows/Other.xaml': MAIN }), PACKAGE_MESSAGES.noMain],
      [
        'Missing.zip',
        zip({ 'project.json': '{"main": "Start.xaml"}', 'Main.xaml': MAIN }),
        PACKAGE_MESSAGES.mainMissing('Start.xaml'),
      ],
      ['BadJson.zip', zip({ 'project.json': '{main', 'Main.xaml': MAIN }), PACKAGE_MESSAGES.badProjectJson],
      ['NotXaml.zip', zip({ 'Main.xaml': 'Hello, I am no workflow' }), resourceMessages.botPackageMainInvalid],
      [
        'Script.zip',
        zip({ 'project.json': '{"main": "run.py"}', 'run.py': 'print(1)' }),
        resourceMessages.botPackageMainInvalid,
      ],
      ['Bomb.zip', zip({ 'Main.xaml': MAIN, 'padding.bin': zeros }), resourceMessages.botPackageTooLarge],
      ['Many.zip', zip({ 'Main.xaml': MAIN, ...many }), resourceMessages.botPackageTooLarge],
    ];
    const before = await count(bots);
    for (const [name, bytes, message] of cases) {
      const res = await send('POST', '/bot/create', packageForm({ ...BOT, name: 'Refused' }, name, bytes));
      expect([name, res.status, res.body.message, res.body.errors]).toEqual([
        name,
        400,
        message,
        [{ field: 'file', message }],
      ]);
      const preview = await send('POST', '/bot/getParameters', packageForm({}, name, bytes));
      expect([name, preview.status, preview.body.message]).toEqual([name, 400, message]);
    }
    expect(await count(bots)).toBe(before);
  });

  it('replaces a workflow with a package and back; a bad package changes nothing', async () => {
    const created = await send('POST', '/bot/create', botForm({ ...BOT, name: 'Swapped' }));
    const id = created.body.payload.id;
    const bad = await send('PUT', `/bot/update/${id}`, packageForm({}, 'Bad.zip', strToU8('nope')));
    expect([bad.status, bad.body.message]).toEqual([400, PACKAGE_MESSAGES.notZip]);
    expect((await as('GET', `/bot/details/${id}`)).body.payload.fileName).toBe('Main.xaml');

    const replaced = await send('PUT', `/bot/update/${id}`, packageForm({}, 'Invoices.zip', PROJECT_ZIP));
    expect([replaced.status, replaced.body.message]).toEqual([200, resourceMessages.botUpdated]);
    const bot = (await as('GET', `/bot/details/${id}`)).body.payload;
    expect([bot.fileName, bot.previousFileName, bot.parameters.length]).toEqual(['Invoices.zip', 'Main.xaml', 11]);
    expect(new Uint8Array(await (await download(id)).arrayBuffer())).toEqual(PROJECT_ZIP);
    expect(await (await download(id, '?version=previous')).text()).toBe(WORKFLOW);

    await send('PUT', `/bot/update/${id}`, botForm({}));
    const previous = await download(id, '?version=previous');
    expect(previous.headers.get('content-disposition')).toBe('attachment; filename="Invoices.zip"');
    expect(new Uint8Array(await previous.arrayBuffer())).toEqual(PROJECT_ZIP);
  });

  it("checks a run's values by their arguments' types, lets every argument be empty, and hands the agent the package", async () => {
    const botId = (await as<{ rows: { id: string; name: string }[] }>('GET', '/bot/all')).body.payload.rows.find(
      (b) => b.name === 'Zip Project',
    )?.id;
    const required = {
      in_initialMailContent: 'Dear customer',
      in_Rate: '2.5',
      in_Strict: 'true',
      in_Names: '["a", "b"]',
      in_Limits: '{"max": 3}',
      in_Rows: '[{"Name": "x", "Qty": 2}]',
      io_Total: '10',
    };
    const params = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => ({ name, value }));
    const run = (values: Record<string, string>) =>
      as<{ id: string }>('POST', '/process/create', { botId, agentId: agent.agentId, parameters: params(values) });
    const named = (key: keyof typeof processMessages, name: string) => fillTemplate(processMessages[key], { name });
    const refusals: [Record<string, string>, string][] = [
      [{ ...required, io_Total: 'ten' }, named('parameterInteger', 'io_Total')],
      [{ ...required, in_RetryCount: '1.5' }, named('parameterInteger', 'in_RetryCount')],
      [{ ...required, in_Rate: '2,5' }, named('parameterNumber', 'in_Rate')],
      [{ ...required, in_Strict: 'yes' }, named('parameterBoolean', 'in_Strict')],
      [{ ...required, in_Names: '["a",' }, named('parameterJson', 'in_Names')],
      [{ ...required, in_Names: '{"a": 1}' }, named('parameterJsonArray', 'in_Names')],
      [{ ...required, in_Limits: '[1]' }, named('parameterJsonObject', 'in_Limits')],
      [{ ...required, in_Rows: '[{"Name": {"nested": 1}}]' }, named('parameterJsonTable', 'in_Rows')],
      [{ ...required, in_Rows: '{"Name": "x"}' }, named('parameterJsonTable', 'in_Rows')],
    ];
    const before = await count(processes);
    for (const [values, message] of refusals) {
      const res = await run(values);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await count(processes)).toBe(before);

    online = await connectAgent(server.baseUrl, agent.agentId, agent.secret);
    // Arguments left empty are not sent, with a default or without (as Orchestrator starts a job):
    // the workflow's defaults apply, else the type's (Nothing for a String, 0 for an Int32).
    const res = await run({
      ...required,
      in_Greeting: '',
      in_RetryCount: '  ',
      in_Strict: 'FALSE',
      in_initialMailContent: '',
      io_Total: ' ',
    });
    expect([res.status, await count(processes)]).toEqual([200, before + 1]);
    const job = await eventually(
      () => online?.starts.find((s) => s.processId === res.body.payload.id),
      'process:start',
    );
    expect(job.parameters.map((p) => p.name).sort()).toEqual(
      Object.keys(required)
        .filter((n) => !['in_Greeting', 'in_initialMailContent', 'io_Total'].includes(n))
        .sort(),
    );
    expect(job.fileName).toBe('Invoices.zip');
    const file = await fetch(`${server.baseUrl}/api${job.filePath}`, {
      headers: { authorization: `Agent ${agent.agentId}:${agent.secret}` },
    });
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Invoices.zip"');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes).toEqual(PROJECT_ZIP);
    // The agent checks what it downloads against the run's checksum: the bytes', not the stored text's.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(job.checksum);
  });

  it("a plan's parameters follow the same rules: typed values checked, empty defaulted arguments not kept", async () => {
    const bot = await send(
      'POST',
      '/bot/create',
      packageForm({ ...BOT, type: 2, name: 'Planned' }, 'P.zip', PROJECT_ZIP),
    );
    const plan = (parameters: { name: string; value: string }[]) =>
      as<{ id: string; parameters: unknown }>('POST', '/process/schedule', {
        botId: bot.body.payload.id,
        agentId: agent.agentId,
        duration: KOLKATA_2030,
        parameters,
      });
    const values = [
      { name: 'in_initialMailContent', value: 'Dear customer' },
      { name: 'in_Greeting', value: '' },
      { name: 'in_Rate', value: '0.2' },
      { name: 'in_Strict', value: 'false' },
      { name: 'in_Names', value: '[]' },
      { name: 'in_Limits', value: '{}' },
      { name: 'in_Rows', value: '[]' },
      { name: 'io_Total', value: '0' },
    ];
    const refused = await plan(values.map((v) => (v.name === 'in_Limits' ? { ...v, value: '[]' } : v)));
    expect([refused.status, refused.body.message]).toEqual([
      400,
      fillTemplate(processMessages.parameterJsonObject, { name: 'in_Limits' }),
    ]);
    const made = await plan(values);
    expect(made.status, made.text).toBe(200);
    const stored = await as<{ parameters: { name: string }[] }>(
      'GET',
      `/process/schedule/details/${made.body.payload.id}`,
    );
    expect(stored.body.payload.parameters.map((p) => p.name)).toEqual(
      values.filter((v) => v.name !== 'in_Greeting').map((v) => v.name),
    );
  });
});
