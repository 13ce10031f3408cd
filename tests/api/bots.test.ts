import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain';
import { BOT_FILE_MAX_BYTES, resourceMessages } from '../../src/domain/declarations';
import { bots } from '../../server/db/schema';
import { createCompany } from './fixtures';
import { call, startServer, type TestServer } from './helpers';
import { botForm, WORKFLOW } from './workflows';
import { buildWorld, type Envelope, type ListPayload, type Who, type World, openLicence } from './world';

type Bot = {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  userId: string;
  userName: string;
  fileName: string;
  fileSize: number;
  type: number;
  status: string;
  expired: boolean;
  parameters: { name: string; direction: string; type: string }[];
};
const LICENCE = openLicence({ maxBots: 2, maxAgents: 1 });
const BOT = { name: 'Invoice Reader', description: 'Reads invoices from the mailbox', type: 1 };

describe('bots: created from a workflow file within the licence', () => {
  let server: TestServer;
  let w: World;
  let licenceA: string;
  const as = <T = Bot>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const upload = <T = Bot>(who: Who, url: string, form: FormData) =>
    call<Envelope<T>>(server, 'POST', `/api${url}`, { token: w.people[who].token, form });
  const botCount = async () => (await server.app.database.db.select({ id: bots.id }).from(bots)).length;

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'bots');
  });
  afterAll(() => server?.close());

  it('refuses a bot while the company has no licence', async () => {
    const res = await upload('caA', '/bot/create', botForm(BOT));
    expect([res.status, res.body.message]).toEqual([403, resourceMessages.noLicence]);
    licenceA = (
      await as<{ id: string }>('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA })
    ).body.payload.id;
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyB });
  });

  it('checks every field and the file; bad input stores nothing', async () => {
    const cases: [FormData, number, string, string][] = [
      [botForm(BOT, null), 400, 'file', resourceMessages.botFileRequired],
      [botForm(BOT, { name: 'notes.txt', text: WORKFLOW }), 400, 'file', resourceMessages.botFileInvalid],
      [
        botForm(BOT, { name: 'Main.xaml', text: '<Activity><Sequence></Activity>' }),
        400,
        'file',
        resourceMessages.botFileInvalid,
      ],
      [botForm(BOT, { name: 'Main.xaml', text: '<html><body/></html>' }), 400, 'file', resourceMessages.botFileInvalid],
      [botForm({ ...BOT, name: '' }), 400, 'name', messages.botNameRequired],
      [botForm({ ...BOT, name: 'B' }), 400, 'name', messages.botNameLength],
      [botForm({ ...BOT, name: 'Bad#Name' }), 400, 'name', messages.specialCharacters],
      [botForm({ ...BOT, description: 'short' }), 400, 'description', messages.descriptionMin],
      [
        botForm(BOT, { name: 'Main.xaml', text: `<Activity>${' '.repeat(BOT_FILE_MAX_BYTES)}</Activity>` }),
        413,
        'file',
        resourceMessages.botFileTooLarge,
      ],
    ];
    for (const [form, status, field, message] of cases) {
      const res = await upload('caA', '/bot/create', form);
      expect([res.status, res.body.message], message).toEqual([status, message]);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    const platform = await upload('super', '/bot/create', botForm(BOT));
    expect([platform.status, platform.body.message]).toEqual([400, messages.selectCompany]);
    expect(await botCount()).toBe(0);
  });

  it('previews the parameters of a file without storing it', async () => {
    const res = await upload<Bot['parameters']>('userA', '/bot/getParameters', botForm({}));
    expect(res.status).toBe(200);
    // An In argument may be left empty and is then its type's default (a String: Nothing); an Out one takes no value.
    expect(res.body.payload).toEqual([
      {
        name: 'in_Customer',
        direction: 'In',
        type: 'String',
        optional: true,
        whenEmpty: { kind: 'typeDefault', value: 'Nothing' },
      },
      { name: 'out_Total', direction: 'Out', type: 'Int32', optional: false },
    ]);
    expect((await upload('userA', '/bot/getParameters', botForm({}, null))).body.message).toBe(
      resourceMessages.botFileRequired,
    );
    expect(await botCount()).toBe(0);
  });

  it('documents what a run may leave of each argument in OpenAPI (the preview, the details and the list)', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
      server,
      'GET',
      '/api/docs/json',
    );
    for (const [path, method] of [
      ['/api/bot/getParameters', 'post'],
      ['/api/bot/details/{id}', 'get'],
      ['/api/bot/all', 'get'],
    ]) {
      const answer = JSON.stringify(doc.body.paths[path]?.[method]?.responses['200']);
      for (const word of ['"optional"', '"whenEmpty"', '"notPassed"', '"typeDefault"'])
        expect(answer, `${method} ${path} ${word}`).toContain(word);
    }
  });

  it('creates a bot with its parameters, creator and company; names are unique per company', async () => {
    const res = await upload('userA', '/bot/create', botForm(BOT));
    expect([res.status, res.body.message]).toEqual([200, resourceMessages.botCreated]);
    expect(res.body.payload).toMatchObject({
      name: BOT.name,
      companyId: w.companyA,
      userId: w.people.userA.id,
      userName: 'Uma Acme',
      fileName: 'Main.xaml',
      type: 1,
      status: 'active',
      expired: false,
    });
    expect(res.body.payload.parameters).toHaveLength(2);
    // The list and the details describe the arguments as the preview does.
    const described = { optional: true, whenEmpty: { kind: 'typeDefault', value: 'Nothing' } };
    const details = await as('userA', 'GET', `/bot/details/${res.body.payload.id}`);
    expect(details.body.payload.parameters[0]).toMatchObject(described);
    const listed = await as<ListPayload<Bot>>('userA', 'GET', '/bot/all');
    expect(listed.body.payload.rows.find((b) => b.id === res.body.payload.id)?.parameters[0]).toMatchObject(described);
    const again = await upload('caA', '/bot/create', botForm({ ...BOT, name: 'invoice reader' }));
    expect([again.status, again.body.message]).toEqual([409, resourceMessages.botNameTaken]);
    // Another company may use the name.
    expect((await upload('caB', '/bot/create', botForm(BOT))).status).toBe(200);
  });

  it('refuses one bot more than the licence allows, and any bot once the licence has ended', async () => {
    expect((await upload('caA', '/bot/create', botForm({ ...BOT, name: 'Second Bot' }))).status).toBe(200);
    const third = await upload('caA', '/bot/create', botForm({ ...BOT, name: 'Third Bot' }));
    expect([third.status, third.body.message]).toEqual([409, resourceMessages.licenceLimitBots]);
    await as('super', 'PUT', `/companyLicense/update/${licenceA}`, {
      maxBots: 5,
      startDate: '2020-01-01',
      endDate: '2021-01-01',
    });
    const expired = await upload('caA', '/bot/create', botForm({ ...BOT, name: 'Third Bot' }));
    expect([expired.status, expired.body.message]).toEqual([403, messages.botExpired]);
    const listed = await as<ListPayload<Bot>>('caA', 'GET', '/bot/all');
    expect(listed.body.payload.rows.map((b) => [b.name, b.expired])).toEqual([
      ['Second Bot', true],
      [BOT.name, true],
    ]);
    await as('super', 'PUT', `/companyLicense/update/${licenceA}`, { endDate: '2099-12-31' });
  });

  it('lists with the User and Status filters; another company sees none of them', async () => {
    const mine = await as<ListPayload<Bot>>('caA', 'GET', `/bot/all?userId=${w.people.userA.id}`);
    expect(mine.body.payload.rows.map((b) => b.name)).toEqual([BOT.name]);
    expect((await as<ListPayload<Bot>>('caA', 'GET', '/bot/all?status=inactive')).body.payload.count).toBe(0);
    const theirs = await as<ListPayload<Bot>>('caB', 'GET', '/bot/all');
    expect(theirs.body.payload.rows.every((b) => b.companyId === w.companyB)).toBe(true);
    const byCompany = await as<ListPayload<Bot>>('sub', 'GET', `/company/${w.companyA}/bots?sort=name&order=ASC`);
    expect(byCompany.body.payload.rows.map((b) => b.name)).toEqual([BOT.name, 'Second Bot']);
    expect((await as('caB', 'GET', `/company/${w.companyA}/bots`)).status).toBe(404);
  });

  it('lets only admins and the creator change or delete a bot', async () => {
    const rows = (await as<ListPayload<Bot>>('caA', 'GET', '/bot/all?sort=name&order=ASC')).body.payload.rows;
    const [usersBot, caBot] = rows;
    expect(
      (await as('userA', 'PUT', `/bot/update/${usersBot.id}`, { description: 'Changed by its creator' })).body.message,
    ).toBe(resourceMessages.botUpdated);
    expect(
      (await as('userA', 'PUT', `/bot/update/${caBot.id}`, { description: 'Changed by someone else' })).status,
    ).toBe(403);
    expect((await as('userA', 'DELETE', `/bot/delete/${caBot.id}`)).status).toBe(403);
    expect((await as('caB', 'PUT', `/bot/update/${caBot.id}`, { status: 'inactive' })).status).toBe(404);
    expect((await as('sub', 'DELETE', `/bot/delete/${caBot.id}`)).status).toBe(403);
    expect((await as('caA', 'PUT', `/bot/update/${caBot.id}`, { status: 'inactive' })).body.payload.status).toBe(
      'inactive',
    );
    const deleted = await as('caA', 'DELETE', `/bot/delete/${caBot.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([200, resourceMessages.botDeleted]);
    expect((await as('caA', 'GET', `/bot/details/${caBot.id}`)).status).toBe(404);
  });

  it('downloads the workflow file as it was uploaded', async () => {
    const [bot] = (await as<ListPayload<Bot>>('userA', 'GET', '/bot/all')).body.payload.rows;
    const res = await call(server, 'GET', `/api/bot/downloadXAML/${bot.id}`, { token: w.people.userA.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Main.xaml"');
    expect(res.text).toBe(WORKFLOW);
    expect((await call(server, 'GET', `/api/bot/downloadXAML/${bot.id}`, { token: w.people.caB.token })).status).toBe(
      404,
    );
  });

  it('keeps a company while it has bots; without them it may go', async () => {
    const lone = await createCompany(server, 'Lone Bots');
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: lone });
    const bot = await upload('super', '/bot/create', botForm({ ...BOT, companyId: lone }));
    expect([bot.status, bot.body.payload.userId]).toEqual([200, w.people.super.id]);
    const refused = await as('super', 'DELETE', `/company/delete/${lone}`);
    expect([refused.status, refused.body.message]).toEqual([409, resourceMessages.companyHasBotsOrAgents]);
    expect((await as('super', 'DELETE', `/bot/delete/${bot.body.payload.id}`)).status).toBe(200);
    expect((await as('super', 'DELETE', `/company/delete/${lone}`)).status).toBe(200);
  });
});
