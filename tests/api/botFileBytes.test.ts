import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TYPE } from '../../src/domain';
import { PROCESS_STATUS } from '../../src/domain/status';
import { asAdmin, connectedAgentId, controlRoom, setUpCompany, type Api, type ControlRoom } from './agentWorld';
import { freePort, loginTo, tempFolder } from './datafolderProcesses';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from './helpers';
import { endAgentSuite, startAgent, type RealAgent } from './realAgent';
import { botForm } from './workflows';

/**
 * A bot's file is stored, downloaded and run byte for byte, whatever its encoding: the bytes a
 * person downloads and the bytes the agent runs are the bytes uploaded (their sha256 compared),
 * and what the workflow or script says is what the run logs.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A workflow with an argument whose default and a line it writes are non-ASCII text. */
const workflow = (encoding: string, line: string) => `<?xml version="1.0" encoding="${encoding}"?>
<Activity x:Class="Main" this:Main.in_Greeting="${line}" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:this="clr-namespace:" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Greeting" Type="InArgument(x:String)" />
  </x:Members>
  <Sequence>
    <WriteLine Text="[in_Greeting]" />
  </Sequence>
</Activity>
`;

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const script = (comment: Buffer, line: string) =>
  Buffer.concat([Buffer.from('// '), comment, Buffer.from(`\nconsole.log(${JSON.stringify(line)});\n`)]);

interface Case {
  name: string;
  file: string;
  bytes: Buffer;
  /** What the run logs, and the workflow argument's default as the bot's parameters show it. */
  line: string;
  greeting?: string;
}

const CASES: Case[] = [
  {
    name: 'UTF-8 with a byte-order mark',
    file: 'Bom.xaml',
    bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(workflow('utf-8', 'Café – BOM ✓'))]),
    line: 'Café – BOM ✓',
    greeting: 'Café – BOM ✓',
  },
  {
    name: 'CRLF line ends',
    file: 'Crlf.xaml',
    bytes: Buffer.from(workflow('utf-8', 'Lignes CRLF').replace(/\n/g, '\r\n')),
    line: 'Lignes CRLF',
    greeting: 'Lignes CRLF',
  },
  {
    name: 'UTF-16 with its byte-order mark',
    file: 'Utf16.xaml',
    bytes: utf16le(workflow('utf-16', 'Grüße aus UTF-16 — 日本')),
    line: 'Grüße aus UTF-16 — 日本',
    greeting: 'Grüße aus UTF-16 — 日本',
  },
  {
    name: 'Latin-1 as its declaration says',
    file: 'Latin1.xaml',
    bytes: Buffer.from(workflow('iso-8859-1', 'Déjà vu à Noël'), 'latin1'),
    line: 'Déjà vu à Noël',
    greeting: 'Déjà vu à Noël',
  },
  {
    name: 'bytes that are not UTF-8',
    file: 'invalid.js',
    bytes: script(Buffer.from([0xff, 0xfe, 0x80, 0xc3, 0x28]), 'invalid UTF-8 kept'),
    line: 'invalid UTF-8 kept',
  },
  {
    name: 'a NUL byte',
    file: 'nul.js',
    bytes: script(Buffer.from([0x61, 0x00, 0x62]), 'NUL kept'),
    line: 'NUL kept',
  },
  {
    name: 'a 20 MB package',
    file: 'Big.zip',
    bytes: Buffer.from(
      zipSync(
        {
          'project.json': strToU8(JSON.stringify({ name: 'Big', main: 'Main.xaml' })),
          'Main.xaml': strToU8(workflow('utf-8', 'big package')),
          // Random bytes do not compress: the package stays over 20 MB.
          'data/blob.bin': new Uint8Array(randomBytes(20 * 1024 * 1024)),
        },
        { level: 0 },
      ),
    ),
    line: 'big package',
    greeting: 'big package',
  },
];

describe('bot files byte for byte: upload, download, agent run', () => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Api;
  let token: string;
  let room: ControlRoom;
  let companyId: string;
  let agent: RealAgent;
  let agentId: string;
  const folders: string[] = [];

  beforeAll(async () => {
    const dataDir = await tempFolder('bytes-server');
    const home = await tempFolder('bytes-agent');
    folders.push(dataDir, home);
    const port = await freePort();
    database = await createTestDatabase();
    server = await startServer({ port, dataDir, database, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    api = await asAdmin(server);
    token = await loginTo(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    room = controlRoom(api);
    const company = await setUpCompany(api, 'Bytes Ltd');
    companyId = company.companyId;
    const registration = path.join(home, 'registration.json');
    await writeFile(registration, JSON.stringify(company.registration));
    agent = startAgent([
      '--registration',
      registration,
      '--name',
      'Bytes Robot',
      '--state-dir',
      path.join(home, 'state'),
      '--work-dir',
      path.join(home, 'work'),
    ]);
    agentId = await connectedAgentId(room, companyId, 'Bytes Robot');
  }, 90_000);

  afterAll(() => endAgentSuite({ agent, server, database, folders }));

  it.each(CASES)(
    '$name ($file): the same bytes back, and the run says what the file says',
    async (c) => {
      const form = botForm(
        { name: `Bytes ${c.file.split('.')[0]}`, description: c.name, type: BOT_TYPE.manual, companyId },
        {
          name: c.file,
          text: new Uint8Array(c.bytes),
        },
      );
      const { id } = await api<{ id: string }>('POST', '/bot/create', { form });
      const bot = await api<{ fileSize: number; parameters: { name: string; default?: string }[] }>(
        'GET',
        `/bot/details/${id}`,
      );
      expect(bot.fileSize).toBe(c.bytes.length);
      if (c.greeting !== undefined)
        expect(bot.parameters).toMatchObject([{ name: 'in_Greeting', default: c.greeting }]);

      const download = await fetch(`${server.baseUrl}/api/bot/downloadXAML/${id}`, {
        headers: { authorization: `Token ${token}` },
      });
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(c.bytes));

      // The agent checks the bytes it downloads against the checksum of the upload before it runs them.
      const run = await room.run(id, agentId);
      const ended = await room.reaches(run, PROCESS_STATUS.executed, 180_000).catch(async (error: unknown) => {
        const lines = (await room.logsOf(run)).map((l) => l.text).join('\n');
        throw new Error(`${String(error)}\n${lines}`);
      });
      expect(ended.status).toBe(PROCESS_STATUS.executed);
      expect((await room.logsOf(run)).map((l) => l.text)).toContain(c.line);
    },
    // A 20 MB package goes up, down and through the agent: minutes on PGlite while the whole suite runs.
    240_000,
  );
});
