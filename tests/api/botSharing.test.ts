import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, messages, processMessages, ROLE } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { createUser } from './fixtures';
import { call, login, startServer, type TestServer } from './helpers';
import { botForm, WORKFLOW } from './workflows';
import { buildWorld, PASSWORD, type Envelope, type ListPayload, type Who, type World, openLicence } from './world';

type Bot = {
  id: string;
  name: string;
  fileName: string;
  previousFileName: string | null;
  fileReplacedAt: string | null;
  groupIds: string[];
  parameters: { name: string; direction: string; type: string; startsWith1?: boolean }[];
};
const LICENCE = openLicence({ maxBots: 5, maxAgents: 5 });
/** A UiPath-style workflow whose in_Code argument is annotated: its value must start with 1. */
const CODED = `<?xml version="1.0" encoding="utf-8"?>
<Activity x:Class="Main" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:sap2010="http://schemas.microsoft.com/netfx/2010/xaml/activities/presentation" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property sap2010:Annotation.AnnotationText="Account code; startsWith1" Name="in_Code" Type="InArgument(x:String)" />
    <x:Property Name="in_Count" Type="InArgument(x:Int32)" />
  </x:Members>
  <Sequence DisplayName="Main" />
</Activity>`;
const SCRIPT = `// @rpa-param in_Code String In startsWith1\n// @rpa-param in_Note\nconsole.log('hi');\n`;

describe('bots: shared with groups, parameters that must start with 1, a new file replaces the workflow', () => {
  let server: TestServer;
  let w: World;
  /** Two more plain Users of company A: one in the group the bot is shared with, one not. */
  const extra: Record<'member' | 'outsider', { id: string; token: string }> = {
    member: { id: '', token: '' },
    outsider: { id: '', token: '' },
  };
  let groupA = '';
  let groupB = '';
  let agentA = '';
  let botId = '';
  const as = <T = Bot>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const by = <T = Bot>(token: string, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token, body });
  const send = <T = Bot>(who: Who, method: string, url: string, form: FormData) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, form });
  const run = (token: string, parameters: { name: string; value: string }[]) =>
    by<{ id: string }>(token, 'POST', '/process/create', { botId, agentId: agentA, parameters });
  const newUser = async (name: string) => {
    const email = `${name}.share@rpa.test`;
    const user = await createUser(server, {
      email,
      password: PASSWORD,
      role: ROLE.user,
      companyId: w.companyA,
      fullName: name,
    });
    return { id: user.id, token: (await login(server, email, PASSWORD)).token };
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'share');
    await as('super', 'POST', '/companyLicense/create', { ...LICENCE, companyId: w.companyA });
    extra.member = await newUser('Mia Member');
    extra.outsider = await newUser('Otto Outsider');
    groupA = (await as('caA', 'POST', '/groups/create', { name: 'Finance', userIds: [extra.member.id] })).body.payload
      .id;
    groupB = (await as('caB', 'POST', '/groups/create', { name: 'Elsewhere', userIds: [w.people.userB.id] })).body
      .payload.id;
    const token = (await as<{ token: string }>('caA', 'POST', '/registrationToken/generate', { type: 'agent' })).body
      .payload.token;
    agentA = (
      await call<Envelope<{ agentId: string }>>(server, 'POST', '/api/agent/register', {
        body: { registrationToken: token, deviceId: 'SHARE-1' },
      })
    ).body.payload.agentId;
  });
  afterAll(() => server?.close());

  it('reads "must start with 1" from a XAML annotation and from a @rpa-param option', async () => {
    const xaml = await send<Bot['parameters']>(
      'userA',
      'POST',
      '/bot/getParameters',
      botForm({}, { name: 'Main.xaml', text: CODED }),
    );
    // A workflow's argument left empty is its type's .NET default: Nothing for a String, 0 for an Int32.
    expect(xaml.body.payload).toEqual([
      {
        name: 'in_Code',
        direction: 'In',
        type: 'String',
        startsWith1: true,
        optional: true,
        whenEmpty: { kind: 'typeDefault', value: 'Nothing' },
      },
      {
        name: 'in_Count',
        direction: 'In',
        type: 'Int32',
        optional: true,
        whenEmpty: { kind: 'typeDefault', value: '0' },
      },
    ]);
    const script = await send<Bot['parameters']>(
      'userA',
      'POST',
      '/bot/getParameters',
      botForm({}, { name: 'main.js', text: SCRIPT }),
    );
    // A script's parameter left empty is not passed to it at all (no Nothing: that is .NET's).
    expect(script.body.payload).toEqual([
      {
        name: 'in_Code',
        direction: 'In',
        type: 'String',
        startsWith1: true,
        optional: true,
        whenEmpty: { kind: 'notPassed' },
      },
      { name: 'in_Note', direction: 'In', type: 'String', optional: true, whenEmpty: { kind: 'notPassed' } },
    ]);
  });

  it('a plain User shares their bot with a group of their company, never with another company', async () => {
    const withForeign = botForm(
      { name: 'Coded Bot', description: 'Checks account codes', groupIds: JSON.stringify([groupB]) },
      { name: 'Main.xaml', text: CODED },
    );
    const refused = await send('userA', 'POST', '/bot/create', withForeign);
    expect([refused.status, refused.body.message]).toEqual([400, messages.botGroupsOfOtherCompany]);
    const form = botForm(
      { name: 'Coded Bot', description: 'Checks account codes', groupIds: JSON.stringify([groupA]) },
      { name: 'Main.xaml', text: CODED },
    );
    const created = await send('userA', 'POST', '/bot/create', form);
    expect([created.status, created.body.message]).toEqual([200, resourceMessages.botCreated]);
    expect(created.body.payload.groupIds).toEqual([groupA]);
    botId = created.body.payload.id;
  });

  it("a member of the bot's group sees it and runs it; a User outside the group gets 404", async () => {
    const listed = await by<ListPayload<Bot>>(extra.member.token, 'GET', '/bot/all');
    expect(listed.body.payload.rows.map((b) => b.name)).toEqual(['Coded Bot']);
    expect((await by(extra.member.token, 'GET', `/bot/details/${botId}`)).status).toBe(200);
    const file = await call(server, 'GET', `/api/bot/downloadXAML/${botId}`, { token: extra.member.token });
    expect([file.status, file.text]).toEqual([200, CODED]);
    const ran = await run(extra.member.token, [
      { name: 'in_Code', value: '1042' },
      { name: 'in_Count', value: '3' },
    ]);
    expect(ran.status).toBe(200);
    // Seeing is not owning: a member may not change or delete it.
    expect(
      (await by(extra.member.token, 'PUT', `/bot/update/${botId}`, { description: 'Changed by a member' })).status,
    ).toBe(403);

    const hidden = await by<ListPayload<Bot>>(extra.outsider.token, 'GET', '/bot/all');
    expect(hidden.body.payload.rows).toEqual([]);
    expect((await by(extra.outsider.token, 'GET', `/bot/details/${botId}`)).status).toBe(404);
    expect((await call(server, 'GET', `/api/bot/downloadXAML/${botId}`, { token: extra.outsider.token })).status).toBe(
      404,
    );
    const refused = await run(extra.outsider.token, [
      { name: 'in_Code', value: '1042' },
      { name: 'in_Count', value: '3' },
    ]);
    expect([refused.status, refused.body.message]).toEqual([404, messages.noActiveBot]);

    // Unshared, the member no longer sees it; its creator and the company's admin still do.
    expect((await as('userA', 'PUT', `/bot/update/${botId}`, { groupIds: [] })).status).toBe(200);
    expect((await by(extra.member.token, 'GET', `/bot/details/${botId}`)).status).toBe(404);
    expect((await as('userA', 'GET', `/bot/details/${botId}`)).status).toBe(200);
    expect((await as('caA', 'GET', `/bot/details/${botId}`)).status).toBe(200);
    expect((await as('userA', 'PUT', `/bot/update/${botId}`, { groupIds: [groupA] })).status).toBe(200);
  });

  it("refuses a run whose value does not start with 1 where the workflow says so ('Value must start with 1!')", async () => {
    const cases: [{ name: string; value: string }[], string][] = [
      [
        [
          { name: 'in_Code', value: '2042' },
          { name: 'in_Count', value: '3' },
        ],
        messages.startWithOne,
      ],
      [
        [
          { name: 'in_Code', value: '1042' },
          { name: 'in_Count', value: 'three' },
        ],
        fillTemplate(processMessages.parameterInteger, { name: 'in_Count' }),
      ],
    ];
    for (const [parameters, message] of cases) {
      const res = await run(w.people.userA.token, parameters);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('a new file replaces the workflow, re-reads its parameters and keeps the replaced file as the previous version', async () => {
    const none = await call(server, 'GET', `/api/bot/downloadXAML/${botId}?version=previous`, {
      token: w.people.userA.token,
    });
    expect([none.status, (none.body as { message?: string }).message]).toEqual([
      404,
      resourceMessages.botNoPreviousVersion,
    ]);
    const bad = await send('userA', 'PUT', `/bot/update/${botId}`, botForm({}, { name: 'notes.txt', text: 'x' }));
    expect([bad.status, bad.body.message]).toEqual([400, resourceMessages.botFileInvalid]);
    const unchanged = await as('userA', 'GET', `/bot/details/${botId}`);
    expect([unchanged.body.payload.fileName, unchanged.body.payload.previousFileName]).toEqual(['Main.xaml', null]);

    const replaced = await send(
      'userA',
      'PUT',
      `/bot/update/${botId}`,
      botForm({ description: 'Reads the new workflow' }, { name: 'Next.xaml', text: WORKFLOW }),
    );
    expect([replaced.status, replaced.body.message]).toEqual([200, resourceMessages.botUpdated]);
    expect(replaced.body.payload).toMatchObject({
      fileName: 'Next.xaml',
      previousFileName: 'Main.xaml',
      groupIds: [groupA],
    });
    expect(replaced.body.payload.fileReplacedAt).toBeTruthy();
    expect(replaced.body.payload.parameters.map((p) => p.name)).toEqual(['in_Customer', 'out_Total']);
    const current = await call(server, 'GET', `/api/bot/downloadXAML/${botId}`, { token: w.people.userA.token });
    expect(current.text).toBe(WORKFLOW);
    const previous = await call(server, 'GET', `/api/bot/downloadXAML/${botId}?version=previous`, {
      token: extra.member.token,
    });
    expect([previous.status, previous.text]).toEqual([200, CODED]);
    expect(previous.headers.get('content-disposition')).toBe('attachment; filename="Main.xaml"');
    // Its runs: the processes of this bot, newest first.
    const runs = await as<ListPayload<{ botId: string }>>('userA', 'GET', `/process/all?botId=${botId}`);
    expect(runs.body.payload.rows.map((r) => r.botId)).toEqual([botId]);
  });
});
