import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabaseFailure, seedDemoData } from '../../server/db/demoData';
import {
  agents,
  bots,
  companies,
  companyLicences,
  groups,
  registrationTokens,
  studioSubscriptions,
  schedules,
  userGroups,
  users,
} from '../../server/db/schema';
import { call, login, startServer, type TestServer } from './helpers';
import type { ListPayload } from './world';

interface Bot {
  name: string;
  type: number;
  fileName: string;
  status: string;
  description: string;
  parameters: { name: string }[];
}

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
describe('the demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const seedDemo = () => seedDemoData(server.app.database, server.config, async () => server.app.dataKey);
  const tables: Record<string, PgTable> = {
    companies,
    users,
    groups,
    userGroups,
    registrationTokens,
    companyLicences,
    studioSubscriptions,
    bots,
    agents,
    schedules,
  };
  // The demo's own rows: finished runs (the scheduler may queue a pending one meanwhile on the
  // offline demo agents), their log lines, the non-working days.
  const rawCount = async (query: string) =>
    Number(
      ((await server.app.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number | string }[] }).rows[0]
        .n,
    );
  const counts = async () => {
    const entries = await Promise.all(
      Object.entries(tables).map(
        async ([name, table]) =>
          [name, (await server.app.database.db.select({ n: count() }).from(table))[0].n] as const,
      ),
    );
    return {
      ...Object.fromEntries(entries),
      finishedRuns: await rawCount('select count(*) as n from processes where status <> 0'),
      logLines: await rawCount('select count(*) as n from process_logs'),
      nonWorkingDays: await rawCount('select count(*) as n from non_working_days'),
      emailConfigurations: await rawCount('select count(*) as n from email_configurations'),
    };
  };

  it('is all or nothing: a failure names the database’s reason and leaves no demo row behind', async () => {
    const before = await counts();
    const db = server.app.database.db;
    // The last table the seed writes (the history's log lines) refuses every row, so everything
    // before it must roll back.
    await db.execute(sql`ALTER TABLE process_logs ADD CONSTRAINT demo_test_no_logs CHECK (seq < 0) NOT VALID`);
    try {
      const failure = await seedDemo().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      const reason = describeDatabaseFailure(failure);
      expect(reason).toContain('violates check constraint "demo_test_no_logs"');
      expect(reason).not.toContain('insert into');
    } finally {
      await db.execute(sql`ALTER TABLE process_logs DROP CONSTRAINT demo_test_no_logs`);
    }
    expect(await counts()).toEqual(before);
    expect(
      (await call(server, 'POST', '/api/user/login', { body: { email: 'ca.acme@rpa.local', password: 'Custadmin@1' } }))
        .status,
    ).toBe(401);
  });

  it('is seeded whole, and seeding again changes nothing but resets the demo passwords', async () => {
    const lines = await seedDemo();
    expect(lines.join('\n')).toContain('ca.acme@rpa.local      Custadmin@1  (Acme Robotics)');
    expect(lines.join('\n')).toMatch(/Acme Robotics registration tokens:\n {4}agent \(reusable\): rt_\S+/);
    const seeded = await counts();
    const { finishedRuns, logLines, ...rows } = seeded;
    expect(rows).toEqual({
      companies: 2,
      users: 6,
      groups: 4,
      userGroups: 6,
      registrationTokens: 4,
      companyLicences: 2,
      studioSubscriptions: 2,
      bots: 14,
      agents: 3,
      schedules: 7,
      nonWorkingDays: 7,
      emailConfigurations: 1,
    });
    // 90 days of about a dozen runs a working day (fewer at weekends) in two companies.
    expect(finishedRuns).toBeGreaterThan(1000);
    expect(finishedRuns).toBeLessThan(3000);
    expect(logLines).toBeGreaterThan(3 * finishedRuns);

    const acme = await login(server, 'ca.acme@rpa.local', 'Custadmin@1');
    expect(
      (
        await call(server, 'POST', '/api/account/reset-password', {
          token: acme.token,
          body: { oldPassword: 'Custadmin@1', newPassword: 'Changed@123', confirmNewPassword: 'Changed@123' },
        })
      ).status,
    ).toBe(200);
    const again = await seedDemo();
    expect(await counts()).toEqual(seeded);
    // The tokens printed the second time are the ones stored the first time.
    expect(again.filter((line) => line.includes('rt_'))).toEqual(lines.filter((line) => line.includes('rt_')));
    await login(server, 'ca.acme@rpa.local', 'Custadmin@1');
  });

  it('gives each demo company script bots a plain User can run, and says the XAML ones need a workflow agent', async () => {
    await seedDemo();
    const declared = (names: string[]) => names.map((name) => expect.objectContaining({ name }));
    for (const [email, password] of [
      ['user.acme@rpa.local', 'Useracme@1'],
      ['user.globex@rpa.local', 'Userglobex@1'],
    ]) {
      const { token } = await login(server, email, password);
      const listed = await call<{ payload: ListPayload<Bot> }>(server, 'GET', '/api/bot/all?limit=100', { token });
      expect(listed.status).toBe(200);
      const byName = new Map(listed.body.payload.rows.map((bot) => [bot.name, bot]));
      expect([...byName.keys()].sort(), email).toEqual(
        [
          'Daily Report',
          'Hello World',
          'Invoice Reader',
          'Invoice Totals',
          'Payroll Export',
          'Stock Check',
          'Supplier Sync',
        ].sort(),
      );
      // Script bots: a file the reference agent runs, with the parameters its comments declare.
      expect(byName.get('Hello World')).toMatchObject({ fileName: 'hello.js', status: 'active' });
      expect(byName.get('Hello World')?.parameters).toEqual(declared(['in_Name', 'in_Times']));
      expect(byName.get('Invoice Totals')).toMatchObject({ fileName: 'invoiceTotals.js' });
      expect(byName.get('Invoice Totals')?.parameters).toEqual(declared(['in_Currency']));
      expect(byName.get('Supplier Sync')).toMatchObject({ fileName: 'supplierSync.js' });
      expect(byName.get('Supplier Sync')?.description).toContain('always fails');
      // Automated script bots, which schedules run.
      expect(byName.get('Daily Report')).toMatchObject({ fileName: 'dailyReport.js', type: 2 });
      expect(byName.get('Daily Report')?.parameters).toEqual(declared(['in_Region']));
      expect(byName.get('Stock Check')).toMatchObject({ fileName: 'stockCheck.js', type: 2 });
      expect(byName.get('Stock Check')?.parameters).toEqual(declared(['in_Warehouse']));
      for (const name of ['Invoice Reader', 'Payroll Export']) {
        expect(byName.get(name)?.fileName).toMatch(/\.xaml$/);
        expect(byName.get(name)?.description).toContain('the reference agent runs it with its XAML runner');
      }
    }
  });
});
