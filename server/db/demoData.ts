// Demo data for trying the control room: two companies, a person of every role with known
// passwords, groups, registration tokens, licences, bots, agents, schedules, non-working days and
// 90 days of runs with their logs (demoActivity.ts). Seeded by `npm run seed:demo` and by
// `npm start -- --demo`. Idempotent: a second run finds everything in place (and resets the demo
// passwords to the ones printed). All or nothing: one transaction.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ROLE, type RoleName } from '../../src/domain';
import { hashPassword } from '../auth/passwords';
import { readWorkflow } from '../bots/upload';
import type { Config } from '../config';
import { decryptText, encryptText, newSecret, sha256Hex, type DataKey } from '../crypto/dataKey';
import type { Database, DatabaseHandle } from './client';
import { seedDemoActivity } from './demoActivity';
import { demoMailbox } from './demoMailbox';
import { DEMO_BOTS } from './demoBots';
import { createRepositories } from './repositories';
import {
  bots,
  companies,
  companyLicences,
  groups,
  registrationTokens,
  studioSubscriptions,
  userGroups,
} from './schema';
import { seed } from './seed';

const COMPANIES = [
  {
    key: 'acme',
    name: 'Acme Robotics',
    address: '12 Industrial Estate, Pune 411001',
    email: 'contact@acme.example',
    phone: '+91 20 4000 1234',
  },
  {
    key: 'globex',
    name: 'Globex Automation',
    address: '400 Market Street, Springfield',
    email: 'hello@globex.example',
    phone: '+1 415 555 0134',
  },
] as const;
type CompanyKey = (typeof COMPANIES)[number]['key'];

interface DemoPerson {
  email: string;
  password: string;
  fullName: string;
  role: RoleName;
  company: CompanyKey | null;
  emailSchedule: boolean;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    email: 'subadmin@rpa.local',
    password: 'Subadmin@1',
    fullName: 'Sam Subadmin',
    role: ROLE.subAdmin,
    company: null,
    emailSchedule: true,
  },
  {
    email: 'ca.acme@rpa.local',
    password: 'Custadmin@1',
    fullName: 'Carla Acme',
    role: ROLE.customerAdmin,
    company: 'acme',
    emailSchedule: true,
  },
  {
    email: 'user.acme@rpa.local',
    password: 'Useracme@1',
    fullName: 'Uma Acme',
    role: ROLE.user,
    company: 'acme',
    emailSchedule: false,
  },
  {
    email: 'ca.globex@rpa.local',
    password: 'Custadmin@2',
    fullName: 'Carl Globex',
    role: ROLE.customerAdmin,
    company: 'globex',
    emailSchedule: true,
  },
  {
    email: 'user.globex@rpa.local',
    password: 'Userglobex@1',
    fullName: 'Ugo Globex',
    role: ROLE.user,
    company: 'globex',
    emailSchedule: false,
  },
];

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const LICENCES: Record<
  CompanyKey,
  { tenure: string; currency: string; amount: number; maxBots: number; maxAgents: number }
> = {
  acme: { tenure: 'Annually', currency: 'INR', amount: 120_000, maxBots: 10, maxAgents: 5 },
  globex: { tenure: 'Monthly', currency: 'USD', amount: 4165, maxBots: 8, maxAgents: 2 },
};

async function company(db: Database, input: (typeof COMPANIES)[number]): Promise<string> {
  const [found] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${input.name})`)
    .limit(1);
  if (found) return found.id;
  const { key: _key, ...values } = input;
  const [row] = await db
    .insert(companies)
    .values({ ...values, status: 'active' })
    .returning({ id: companies.id });
  return row.id;
}

async function person(db: Database, input: DemoPerson, companyId: string | null): Promise<string> {
  const repos = createRepositories(db);
  const passwordHash = await hashPassword(input.password);
  const existing = await repos.users.findActiveByEmail(input.email);
  if (existing) {
    await repos.users.setPassword(existing.id, passwordHash, { unblock: true });
    return existing.id;
  }
  const user = await repos.users.create({
    ...input,
    passwordHash,
    companyId,
    isFirstLogin: false,
    enabledEmailSchedule: input.emailSchedule,
  });
  return user.id;
}

async function group(
  db: Database,
  companyId: string,
  name: string,
  description: string,
  memberIds: string[],
): Promise<void> {
  // Names are unique per company whatever their case, as the index says.
  const sameName = and(eq(groups.companyId, companyId), sql`lower(${groups.name}) = lower(${name})`);
  const [found] = await db.select({ id: groups.id }).from(groups).where(sameName).limit(1);
  const id =
    found?.id ?? (await db.insert(groups).values({ name, description, companyId }).returning({ id: groups.id }))[0].id;
  await db
    .insert(userGroups)
    .values(memberIds.map((userId) => ({ userId, groupId: id })))
    .onConflictDoNothing();
}

async function tokens(db: Database, key: DataKey, companyId: string, createdBy: string): Promise<string[]> {
  const existing = await db.select().from(registrationTokens).where(eq(registrationTokens.companyId, companyId));
  if (existing.length === 0) {
    for (const type of ['agent', 'studio'] as const) {
      const value = newSecret('rt_');
      await db.insert(registrationTokens).values({
        companyId,
        type,
        createdBy,
        reusable: type === 'agent',
        tokenEncrypted: encryptText(key, value),
        tokenHash: sha256Hex(value),
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
      });
    }
    return tokens(db, key, companyId, createdBy);
  }
  return existing.map(
    (t) =>
      `${t.type}${t.reusable ? ' (reusable)' : ''}: ${decryptText(key, t.tokenEncrypted) ?? '(unreadable: the encryption key changed)'}`,
  );
}

/** The company's demo bots, made by its plain User (who may then change or delete them). */
async function demoBots(db: Database, companyId: string, userId: string): Promise<void> {
  for (const { text, ...bot } of DEMO_BOTS) {
    const fileContent = Buffer.from(text);
    // The parameters as an upload reads them (server/bots/upload.ts).
    const reading = readWorkflow({ filename: bot.fileName, content: fileContent });
    if ('field' in reading) throw new Error(`the demo bot ${bot.name} is refused: ${reading.message}`);
    await db
      .insert(bots)
      .values({
        ...bot,
        companyId,
        userId,
        fileSize: fileContent.length,
        fileContent,
        fileChecksum: createHash('sha256').update(fileContent).digest('hex'),
        parameters: reading.parameters,
      })
      .onConflictDoNothing();
  }
}

const personOf = (company: CompanyKey, role: RoleName): DemoPerson => {
  const found = DEMO_PEOPLE.find((p) => p.company === company && p.role === role);
  if (!found) throw new Error(`the demo data has no ${role} in ${company}`);
  return found;
};

async function seedAll(db: Database, key: DataKey, admin: { email: string; password: string }): Promise<string[]> {
  await seed(db, admin);
  const now = new Date();
  const ids = {} as Record<CompanyKey, string>;
  for (const c of COMPANIES) ids[c.key] = await company(db, c);
  const people = new Map<string, string>();
  for (const p of DEMO_PEOPLE) people.set(p.email, await person(db, p, p.company ? ids[p.company] : null));
  const idOf = (p: DemoPerson): string => people.get(p.email) ?? '';
  const out: string[] = [];
  for (const c of COMPANIES) {
    const staff = DEMO_PEOPLE.filter((p) => p.company === c.key).map(idOf);
    await group(db, ids[c.key], 'Operations', 'Runs the daily bots', staff);
    await group(db, ids[c.key], 'Finance', 'Invoices and payments', staff.slice(-1));
    await db
      .insert(companyLicences)
      .values({ companyId: ids[c.key], ...LICENCES[c.key], startDate: day(-30), endDate: day(335) })
      .onConflictDoNothing();
    await db
      .insert(studioSubscriptions)
      .values({ companyId: ids[c.key], seats: c.key === 'acme' ? 5 : 2, startDate: day(-30), endDate: day(335) })
      .onConflictDoNothing();
    await demoBots(db, ids[c.key], idOf(personOf(c.key, ROLE.user)));
    const [user, admin] = [ROLE.user, ROLE.customerAdmin].map((role) => {
      const p = personOf(c.key, role);
      return { id: idOf(p), fullName: p.fullName };
    });
    await seedDemoActivity(db, c.key, ids[c.key], { user, admin }, now);
    if (c.key === 'acme') await demoMailbox(db, key, ids[c.key], admin.id);
    out.push(
      `  ${c.name} registration tokens:`,
      ...(await tokens(db, key, ids[c.key], idOf(personOf(c.key, ROLE.customerAdmin)))).map((t) => `    ${t}`),
    );
  }
  return out;
}

/**
 * Seeds the demo data in one transaction (under the startup lock on PostgreSQL, so nodes do not
 * seed at once) and answers the lines that tell the user how to log in. `keyOf` gives the key
 * that encrypts registration tokens, read inside the transaction.
 */
export async function seedDemoData(
  database: DatabaseHandle,
  config: Config,
  keyOf: (db: Database) => Promise<DataKey>,
): Promise<string[]> {
  const tokenLines = await database.prepare((outer) =>
    outer.transaction(async (db) =>
      seedAll(db, await keyOf(db), { email: config.adminEmail, password: config.adminPassword }),
    ),
  );
  const width = Math.max(...DEMO_PEOPLE.map((p) => p.email.length));
  const companyName = (key: CompanyKey | null) => COMPANIES.find((c) => c.key === key)?.name;
  return [
    `  ${'Super Admin'.padEnd(15)} ${config.adminEmail.padEnd(width)}  (password as configured: RPA_ADMIN_PASSWORD, default Admin@123)`,
    ...DEMO_PEOPLE.map(
      (p) =>
        `  ${p.role.padEnd(15)} ${p.email.padEnd(width)}  ${p.password}${p.company ? `  (${companyName(p.company)})` : ''}`,
    ),
    '',
    ...tokenLines,
  ];
}

/**
 * The database's own words for a failed seed: Drizzle's message is the whole statement with its
 * values, the reason (constraint, detail) is on the driver's error it wraps.
 */
export function describeDatabaseFailure(error: unknown): string {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 6; depth += 1) {
    const { code, constraint, detail } = current as Error & { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const parts = [current.message];
      if (typeof constraint === 'string' && !current.message.includes(constraint))
        parts.push(`(constraint ${constraint})`);
      if (typeof detail === 'string') parts.push(`— ${detail}`);
      return parts.join(' ');
    }
    current = current.cause;
  }
  return error instanceof Error ? error.message : String(error);
}
