// `npm run seed:demo`: demo data for trying the control room — two companies, a person of
// every role with known passwords, groups, registration tokens, licences, bots. Idempotent: a second
// run finds everything in place (and resets the demo passwords to the ones printed).
// Uses DATA_DIR / DATABASE_URL like the server. With the embedded PGlite, stop the server
// first: one process at a time owns the data folder.
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { ROLE, type RoleName } from '../src/domain';
import { hashPassword } from '../server/auth/passwords';
import { resolveJwtSecret } from '../server/auth/secret';
import { ConfigError, loadConfig } from '../server/config';
import { decryptText, deriveDataKey, encryptText, newSecret, sha256Hex } from '../server/crypto/dataKey';
import { openDatabase, type Database } from '../server/db/client';
import { createRepositories } from '../server/db/repositories';
import { readXaml } from '../server/bots/xaml';
import { bots, companies, companyLicences, groups, registrationTokens, studioSubscriptions, userGroups } from '../server/db/schema';
import { seed } from '../server/db/seed';

const COMPANIES = [
  { key: 'acme', name: 'Acme Robotics', address: '12 Industrial Estate, Pune 411001', email: 'contact@acme.example', phone: '+91 20 4000 1234' },
  { key: 'globex', name: 'Globex Automation', address: '400 Market Street, Springfield', email: 'hello@globex.example', phone: '+1 415 555 0134' },
] as const;
type CompanyKey = (typeof COMPANIES)[number]['key'];

const PEOPLE: { email: string; password: string; fullName: string; role: RoleName; company: CompanyKey | null; emailSchedule: boolean }[] = [
  { email: 'subadmin@rpa.local', password: 'Subadmin@1', fullName: 'Sam Subadmin', role: ROLE.subAdmin, company: null, emailSchedule: true },
  { email: 'ca.acme@rpa.local', password: 'Custadmin@1', fullName: 'Carla Acme', role: ROLE.customerAdmin, company: 'acme', emailSchedule: true },
  { email: 'user.acme@rpa.local', password: 'Useracme@1', fullName: 'Uma Acme', role: ROLE.user, company: 'acme', emailSchedule: false },
  { email: 'ca.globex@rpa.local', password: 'Custadmin@2', fullName: 'Carl Globex', role: ROLE.customerAdmin, company: 'globex', emailSchedule: true },
  { email: 'user.globex@rpa.local', password: 'Userglobex@1', fullName: 'Ugo Globex', role: ROLE.user, company: 'globex', emailSchedule: false },
];

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const LICENCES: Record<CompanyKey, { tenure: string; currency: string; amount: number; maxBots: number; maxAgents: number }> = {
  acme: { tenure: 'Annually', currency: 'INR', amount: 120_000, maxBots: 10, maxAgents: 5 },
  globex: { tenure: 'Monthly', currency: 'USD', amount: 4165, maxBots: 3, maxAgents: 2 },
};

async function company(db: Database, input: (typeof COMPANIES)[number]): Promise<string> {
  const [found] = await db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.name}) = lower(${input.name})`).limit(1);
  if (found) return found.id;
  const { key: _key, ...values } = input;
  const [row] = await db.insert(companies).values({ ...values, status: 'active' }).returning({ id: companies.id });
  return row.id;
}

async function person(db: Database, input: (typeof PEOPLE)[number], companyId: string | null): Promise<string> {
  const repos = createRepositories(db);
  const passwordHash = await hashPassword(input.password);
  const existing = await repos.users.findActiveByEmail(input.email);
  if (existing) {
    await repos.users.setPassword(existing.id, passwordHash, { unblock: true });
    return existing.id;
  }
  const user = await repos.users.create({ ...input, passwordHash, companyId, isFirstLogin: false, enabledEmailSchedule: input.emailSchedule });
  return user.id;
}

async function group(db: Database, companyId: string, name: string, description: string, memberIds: string[]): Promise<void> {
  const [found] = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.companyId, companyId), eq(groups.name, name))).limit(1);
  const id = found?.id ?? (await db.insert(groups).values({ name, description, companyId }).returning({ id: groups.id }))[0].id;
  await db.insert(userGroups).values(memberIds.map((userId) => ({ userId, groupId: id }))).onConflictDoNothing();
}

async function tokens(db: Database, key: Buffer, companyId: string, createdBy: string): Promise<string[]> {
  const existing = await db.select().from(registrationTokens).where(eq(registrationTokens.companyId, companyId));
  if (existing.length === 0) {
    for (const type of ['agent', 'studio'] as const) {
      const value = newSecret('rt_');
      await db.insert(registrationTokens).values({
        companyId, type, createdBy, reusable: type === 'agent',
        tokenEncrypted: encryptText(key, value), tokenHash: sha256Hex(value),
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
      });
    }
    return tokens(db, key, companyId, createdBy);
  }
  return existing.map((t) => `${t.type}${t.reusable ? ' (reusable)' : ''}: ${decryptText(key, t.tokenEncrypted) ?? '(unreadable: the encryption key changed)'}`);
}

/** A small workflow as the studio writes it: two arguments, one sequence. */
const workflow = (title: string): string => `<?xml version="1.0" encoding="utf-8"?>
<Activity x:Class="${title.replace(/\W/g, '')}" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <x:Members>
    <x:Property Name="in_Folder" Type="InArgument(x:String)" />
    <x:Property Name="out_Processed" Type="OutArgument(x:Int32)" />
  </x:Members>
  <Sequence DisplayName="${title}" />
</Activity>
`;

const BOTS = [
  { name: 'Invoice Reader', description: 'Reads supplier invoices from the shared folder', type: 1 },
  { name: 'Payroll Export', description: 'Exports the monthly payroll to the bank portal', type: 2 },
];

/** The company's demo bots, made by its plain User (who may then change or delete them). */
async function demoBots(db: Database, companyId: string, userId: string): Promise<void> {
  for (const bot of BOTS) {
    const fileContent = workflow(bot.name);
    const reading = readXaml(fileContent);
    const parameters = reading.ok ? reading.parameters : [];
    await db.insert(bots).values({ ...bot, companyId, userId, fileName: `${bot.name.replace(/\s/g, '')}.xaml`, fileSize: Buffer.byteLength(fileContent), fileContent, parameters }).onConflictDoNothing();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    const lines = await database.prepare(async (db) => {
      await seed(db, { email: config.adminEmail, password: config.adminPassword });
      const repos = createRepositories(db);
      const secret = await resolveJwtSecret(config.jwtSecret, database, repos, config.dataDir);
      const key = config.dataEncryptionKey ? Buffer.from(config.dataEncryptionKey, 'hex') : deriveDataKey(secret);
      const ids = {} as Record<CompanyKey, string>;
      for (const c of COMPANIES) ids[c.key] = await company(db, c);
      const people: Record<string, string> = {};
      for (const p of PEOPLE) people[p.email] = await person(db, p, p.company ? ids[p.company] : null);
      const out: string[] = [];
      for (const c of COMPANIES) {
        const staff = PEOPLE.filter((p) => p.company === c.key).map((p) => people[p.email]);
        await group(db, ids[c.key], 'Operations', 'Runs the daily bots', staff);
        await group(db, ids[c.key], 'Finance', 'Invoices and payments', staff.slice(-1));
        await db.insert(companyLicences).values({ companyId: ids[c.key], ...LICENCES[c.key], startDate: day(-30), endDate: day(335) }).onConflictDoNothing();
        await db.insert(studioSubscriptions).values({ companyId: ids[c.key], seats: c.key === 'acme' ? 5 : 2, startDate: day(-30), endDate: day(335) }).onConflictDoNothing();
        const admin = PEOPLE.find((p) => p.company === c.key && p.role === ROLE.customerAdmin)!;
        const user = PEOPLE.find((p) => p.company === c.key && p.role === ROLE.user)!;
        await demoBots(db, ids[c.key], people[user.email]);
        out.push(`  ${c.name} registration tokens:`, ...(await tokens(db, key, ids[c.key], people[admin.email])).map((t) => `    ${t}`));
      }
      return out;
    });
    const width = Math.max(...PEOPLE.map((p) => p.email.length));
    process.stdout.write(
      [
        '',
        `Demo data is in place (${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}).`,
        '',
        `  ${'Super Admin'.padEnd(15)} ${config.adminEmail.padEnd(width)}  (password as configured: RPA_ADMIN_PASSWORD, default Admin@123)`,
        ...PEOPLE.map((p) => `  ${p.role.padEnd(15)} ${p.email.padEnd(width)}  ${p.password}${p.company ? `  (${COMPANIES.find((c) => c.key === p.company)!.name})` : ''}`),
        '',
        ...lines,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`Invalid configuration:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  else process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
