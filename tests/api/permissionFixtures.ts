import { ROLE } from '../../src/domain';
import { writableFields, type FieldDef, type ResourceDef } from '../../src/domain/resource';
import { agents, bots, processes } from '../../server/db/schema';
import { BOT_TYPE } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import { call, type TestServer } from './helpers';
import { botForm, WORKFLOW } from './workflows';
import { PASSWORD, type Envelope, type ListPayload, type World } from './world';

/** The actor's own company A, or the other company B. */
export type Which = 'A' | 'B';

/**
 * How the permission table's test gets records of a resource. A resource without a fixture
 * gets one from its declaration (sampleBody): a plain resource needs no line here.
 */
export interface Fixture {
  /** A record of the company, made once. */
  record?: (x: Which) => Promise<string>;
  /** A record made anew for each call that consumes it (deletes). */
  fresh?: (x: Which) => Promise<string>;
  /** A create body for the company. */
  create?: (x: Which) => Promise<Record<string, unknown>>;
  /** The create body as the route takes it, when that is multipart (a bot's workflow file). */
  form?: (body: Record<string, unknown>) => FormData;
  /** An update body. */
  update?: Record<string, unknown>;
  /** What an allowed delete answers when the record's state forbids it (a company that still has users). */
  allowedDelete?: number;
  /**
   * The company a create body makes a record of when the body names none and the actor's own
   * company does not decide it (a schedule belongs to its bot's company).
   */
  createdIn?: (x: Which) => string;
}

export const LICENCE = {
  tenure: 'Monthly',
  currency: 'INR',
  amount: 100,
  maxBots: 1000,
  maxAgents: 1000,
  startDate: '2026-01-01',
  endDate: '2099-01-01',
};
export const SUBSCRIPTION = { seats: 2, startDate: '2026-01-01', endDate: '2099-01-01' };

/** A value every declared rule of a plain field accepts, or undefined when the field cannot be guessed. */
function sample(field: FieldDef, n: number, refs: Record<string, string>): unknown {
  switch (field.type) {
    case 'enum':
      return field.choices?.[0];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(field.min ?? 1, 1);
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2099-01-01T00:00:00.000Z';
    case 'reference':
      return field.reference ? refs[field.reference] : undefined;
    case 'references':
      return field.reference && refs[field.reference] ? [refs[field.reference]] : undefined;
    case 'email':
      return `sample${n}@perm.test`;
    case 'phone':
      return '+91 98765 43210';
    case 'json':
      return undefined;
    default:
      return `Sample ${n}`;
  }
}

/** A create body of a plain resource: its required fields and its company. */
function sampleBody(def: ResourceDef, n: number, refs: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of writableFields(def, 'create')) {
    const field = def.fields[name];
    if (!field.required && name !== 'companyId') continue;
    const value = sample(field, n, refs);
    if (value === undefined)
      throw new Error(`${def.name}.${name}: no sample value; give the resource a fixture in permissionFixtures.ts`);
    body[name] = value;
  }
  return body;
}

/**
 * The fixture of a plain resource, from its declaration: records made through its create
 * route by the Super Admin, with sample values of its required fields (references to the
 * company and to a user of it); updates change its first plain updatable field.
 */
export function sampleFixture(
  def: ResourceDef,
  create: (body: Record<string, unknown>) => Promise<string>,
  refs: (x: Which) => Record<string, string>,
  next: () => number,
): Fixture {
  const body = async (x: Which) => sampleBody(def, next(), refs(x));
  const made = async (x: Which) => create(await body(x));
  const updatable = writableFields(def, 'update').find(
    (name) => !['reference', 'references', 'json'].includes(def.fields[name].type),
  );
  return {
    record: made,
    fresh: made,
    create: body,
    update: updatable ? { [updatable]: sample(def.fields[updatable], next(), {}) } : undefined,
  };
}

/** The fixtures of the product's resources, whose rules a sample body would not meet. */
export function productFixtures(server: TestServer, w: World, next: () => number) {
  const company = (x: Which) => (x === 'A' ? w.companyA : w.companyB);
  const asSuper = async <T = { id: string }>(method: string, url: string, body?: unknown) => {
    const res = await call<Envelope<T>>(server, method, `/api${url}`, { token: w.people.super.token, body });
    if (res.status !== 200) throw new Error(`${method} ${url} → ${res.status} ${res.text}`);
    return res.body.payload;
  };
  const freshUser = async (x: Which) =>
    (
      await createUser(server, {
        email: `fresh${next()}@perm.test`,
        password: PASSWORD,
        role: ROLE.user,
        companyId: company(x),
      })
    ).id;
  let members: Record<Which, string> | undefined;
  /** A plain User of company A who belongs to group A (and user B of company B). */
  const member = async (x: Which) => {
    members ??= { A: await freshUser('A'), B: w.people.userB.id };
    return members[x];
  };
  const group = async (userIds: string[]) =>
    (await asSuper('POST', '/groups/create', { name: `Fresh group ${next()}`, userIds })).id;
  const token = async (x: Which) =>
    (await asSuper('POST', '/registrationToken/generate', { companyId: company(x), type: 'agent' })).id;
  const freshCompany = () => createCompany(server, `Fresh company ${next()}`);
  const db = server.app.database.db;
  // Made by the company's Customer Admin: a plain User is not their creator.
  const bot = async (x: Which) => {
    const values = {
      companyId: company(x),
      userId: (x === 'A' ? w.people.caA : w.people.caB).id,
      name: `Fresh bot ${next()}`,
      description: 'Made by the table',
      fileName: 'Main.xaml',
      fileSize: WORKFLOW.length,
      fileContent: Buffer.from(WORKFLOW),
    };
    return (await db.insert(bots).values(values).returning({ id: bots.id }))[0].id;
  };
  const agent = async (x: Which) => {
    const values = {
      companyId: company(x),
      name: `Fresh agent ${next()}`,
      deviceId: `DEVICE-${next()}`,
      secretHash: 'not a secret',
    };
    return (await db.insert(agents).values(values).returning({ id: agents.id }))[0].id;
  };
  // Made by the company's Customer Admin on one of its agents: a plain User is not its owner.
  const process = async (x: Which, status = 0) => {
    const values = {
      companyId: company(x),
      botId: await bot(x),
      agentId: await agent(x),
      userId: (x === 'A' ? w.people.caA : w.people.caB).id,
      botName: 'Table bot',
      agentName: 'Table agent',
      deviceId: 'TABLE',
      status,
      timeoutSeconds: 60,
      startedAt: status === 0 ? null : new Date(),
    };
    return (await db.insert(processes).values(values).returning({ id: processes.id }))[0].id;
  };
  const licence = async (companyId: string) =>
    (await asSuper('POST', '/companyLicense/create', { ...LICENCE, companyId })).id;
  /**
   * The licence of the company, made when it has none: one per company, and a bot runs (and is
   * scheduled) only while its company holds one, so whichever fixture needs it first makes it.
   */
  const licenceOfCompany = async (x: Which) => {
    const [held] = await server.app.database.queryRows(
      'select id::text as id from company_licences where company_id = $1',
      [company(x)],
    );
    return held ? String(held.id) : licence(company(x));
  };
  /**
   * An Automated bot to schedule, made by a plain User of the company: in company A, the User of
   * the table's world, who then sees it and the plans made of it.
   */
  let scheduledBots: Partial<Record<Which, string>> = {};
  const scheduledBot = async (x: Which) => {
    if (!scheduledBots[x]) {
      await licenceOfCompany(x);
      const values = {
        companyId: company(x),
        userId: (x === 'A' ? w.people.userA : w.people.userB).id,
        name: `Scheduled bot ${next()}`,
        description: 'Made by the table',
        type: BOT_TYPE.automated,
        fileName: 'Main.xaml',
        fileSize: WORKFLOW.length,
        fileContent: Buffer.from(WORKFLOW),
      };
      scheduledBots = {
        ...scheduledBots,
        [x]: (await db.insert(bots).values(values).returning({ id: bots.id }))[0].id,
      };
    }
    return scheduledBots[x]!;
  };
  const scheduleBody = async (x: Which) => ({
    botId: await scheduledBot(x),
    agentId: await agent(x),
    duration: { frequency: 'daily', time: '09:00', timezone: 'UTC', startDate: '2030-01-01T00:00' },
  });
  // Made by the Super Admin: a plain User sees it (their bot) but did not make it.
  const schedule = async (x: Which) => (await asSuper('POST', '/process/schedule', await scheduleBody(x))).id;
  /** A row of a plan's history, as the scheduler writes it, of the Customer Admin's plan of their bot. */
  const historyRow = async (x: Which) => {
    const [row] = await server.app.database.queryRows(
      `insert into schedule_history (company_id, bot_id, bot_name, agent_name, user_id, due_at, outcome)
       values ($1, $2, 'Table bot', 'Table agent', $3, now() - ($4::int * interval '1 minute'), 'fired')
       returning id::text as id`,
      [company(x), await bot(x), (x === 'A' ? w.people.caA : w.people.caB).id, next()],
    );
    return String(row.id);
  };
  /**
   * An e-mail configuration made by the company's Customer Admin (a Sub Admin may change it), of
   * a custom host on a closed loopback port: a connection check fails at once.
   */
  const mailBody = async (x: Which) => ({
    companyId: company(x),
    host: 'custom',
    imapHost: '127.0.0.1',
    imapPort: 1,
    imapSecure: false,
    smtpHost: '127.0.0.1',
    smtpPort: 1,
    smtpSecure: false,
    email: `box${next()}@perm.test`,
    secret: 'perm-secret',
    botId: await scheduledBot(x),
    agentId: await agent(x),
    operation: 'contains',
    criteria: 'subject',
    criteriaValue: 'invoice',
    subjectLine: 'Done',
    text: 'The bot ran.',
  });
  const mailMakers = new Set<Which>();
  const mailConfiguration = async (x: Which) => {
    const maker = x === 'A' ? w.people.caA : w.people.caB;
    // Company people use e-mail configurations only with e-mail scheduling on their account.
    if (!mailMakers.has(x)) {
      await asSuper('PUT', `/user/update/${maker.id}`, { enabledEmailSchedule: true });
      mailMakers.add(x);
    }
    const res = await call<Envelope<{ id: string }>>(server, 'POST', '/api/emailSchedule/create', {
      token: maker.token,
      body: await mailBody(x),
    });
    if (res.status !== 200) throw new Error(`e-mail configuration → ${res.status} ${res.text}`);
    return res.body.payload.id;
  };
  const subscription = async (companyId: string) =>
    (await asSuper('POST', '/botStudio/createBotStudioSubscription', { ...SUBSCRIPTION, companyId })).id;

  const fixtures: Record<string, Fixture> = {
    // A company's record is the company; deleting one that has users answers 409.
    companies: {
      record: async (x) => company(x),
      fresh: async (x) => company(x),
      create: async () => ({
        name: `New company ${next()}`,
        address: '1 Long Street Pune',
        email: 'c@c.test',
        phone: '+91 98765 43210',
      }),
      update: { status: 'active' },
      allowedDelete: 409,
    },
    users: {
      record: member,
      fresh: freshUser,
      create: async (x) => ({
        fullName: 'New Person',
        email: `reg${next()}@perm.test`,
        roleId: w.roleIds[ROLE.user],
        companyId: company(x),
      }),
      update: { fullName: 'Renamed Person' },
    },
    groups: {
      record: async (x) => group(x === 'A' ? [await member('A'), w.people.userA.id] : [w.people.userB.id]),
      fresh: async (x) => group([await member(x)]),
      create: async (x) => ({ name: `Made group ${next()}`, companyId: company(x), userIds: [await member(x)] }),
      update: { description: 'Updated by the table' },
    },
    registrationTokens: {
      record: token,
      fresh: token,
      create: async (x) => ({ companyId: company(x), type: 'studio' }),
    },
    // One per company: creates and deletes use companies of their own.
    licences: {
      record: licenceOfCompany,
      fresh: async () => licence(await freshCompany()),
      create: async () => ({ ...LICENCE, companyId: await freshCompany() }),
      update: { maxBots: 999 },
    },
    studioSubscriptions: {
      record: async (x) => subscription(company(x)),
      fresh: async () => subscription(await freshCompany()),
      create: async () => ({ ...SUBSCRIPTION, companyId: await freshCompany() }),
      update: { seats: 3 },
    },
    bots: {
      record: bot,
      fresh: bot,
      create: async (x) => ({ name: `Table bot ${next()}`, description: 'Made by the table', companyId: company(x) }),
      form: (body) => botForm(body as Record<string, string>),
      update: { description: 'Updated by the table' },
    },
    agents: { record: agent, fresh: agent, update: { isBusy: false } },
    processes: { record: (x) => process(x, 1), fresh: (x) => process(x) },
    audit: { record: async () => (await asSuper<ListPayload>('GET', '/audit/all?limit=1')).rows[0].id },
    schedules: {
      record: schedule,
      fresh: schedule,
      create: scheduleBody,
      createdIn: company,
      update: { status: 'disabled' },
    },
    scheduleHistory: { record: historyRow, fresh: historyRow },
    emailConfigurations: {
      record: mailConfiguration,
      fresh: mailConfiguration,
      create: mailBody,
      update: { status: 'inactive' },
    },
  };
  return { fixtures, company, member, asSuper, token, bot, agent, process, mailConfiguration };
}
