import { sql } from 'drizzle-orm';
import { alias, index, pgTable, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SQL } from '../../scripts/bench/list-bare.mjs';
import { ROLE, type Actor, type RoleName, type Scope } from '../../src/domain';
import { groups as groupsDef, users as usersDef } from '../../src/domain/declarations';
import { planFitsAnyValue } from '../../server/crud/plans';
import { allOf, filterWhere, pin, scopeWhere, selectionOf, type Condition } from '../../server/crud/source';
import { groupsSource } from '../../server/crudResources/groups';
import { usersCrud } from '../../server/crudResources/users';
import { users } from '../../server/db/schema';
import { createCompany } from './fixtures';
import { startServer, type TestServer } from './helpers';

// Which list statements PostgreSQL may plan once for all values (server/crud/plans.ts), from
// the columns the code that builds a list's condition pins (server/crud/source.ts).
const { id, createdAt, fullName, companyId, status, roleId, isDeleted } = users;
const actorOf = (role: RoleName): Actor => ({
  id: '00000000-0000-4000-8000-000000000001',
  role,
  companyId: '00000000-0000-4000-8000-000000000002',
});
const selection = selectionOf(usersDef, usersCrud.source);
const filters = (query: Record<string, unknown>) => filterWhere(usersDef, usersCrud.source, selection, query);
const names = (condition: Condition) => condition.pins?.map((column) => column.name) ?? null;

describe('the columns a list condition pins', () => {
  it('are those of the equality filters on the table’s own columns', () => {
    expect(names(filters({ companyId: 'c', status: 'active' }))).toEqual(['company_id', 'status']);
    expect(names(filters({ status: 'blocked', roleId: 'r' }))).toEqual(['role_id', 'status']);
  });

  it('are none when the condition does anything else as well', () => {
    // No status asked: deleted users are hidden by a condition of the users' own.
    expect(names(filters({ companyId: 'c' }))).toBeNull();
    expect(names(filters({ status: 'active', q: 'ann' }))).toBeNull();
    expect(names(filters({ status: 'active', groupId: 'g' }))).toBeNull();
  });

  it('follow the scope: the company, the owner, or none for members', () => {
    const scoped = (role: RoleName, scope: Scope) =>
      names(scopeWhere(usersDef, usersCrud.source, scope, actorOf(role)));
    expect(scoped(ROLE.superAdmin, 'all')).toEqual([]);
    expect(scoped(ROLE.customerAdmin, 'company')).toEqual(['company_id']);
    expect(scoped(ROLE.user, 'own')).toEqual(['company_id', 'id']);
    expect(names(scopeWhere(groupsDef, groupsSource, 'member', actorOf(ROLE.user)))).toBeNull();
    expect(names(allOf(pin(companyId, 'c'), filters({ status: 'active' })))).toEqual(['company_id', 'status']);
  });
});

describe('planFitsAnyValue', () => {
  const fits = (pins: PgColumn[] | null, sort: PgColumn = createdAt, order: 'ASC' | 'DESC' = 'DESC') =>
    planFitsAnyValue(users, pins, sort, id, order);

  it('accepts shapes an index serves in order, scanned either way', () => {
    expect(fits([companyId, status])).toBe(true);
    expect(fits([status, companyId], createdAt, 'ASC')).toBe(true);
    expect(fits([companyId])).toBe(true);
    expect(fits([status])).toBe(true);
  });

  it('accepts any shape that pins the primary key', () => {
    expect(fits([id], fullName)).toBe(true);
  });

  it('refuses shapes whose best plan depends on the values', () => {
    // A rare role is best read through users_role_idx and sorted; a common one is not.
    expect(fits([roleId])).toBe(false);
    expect(fits([companyId, isDeleted])).toBe(false);
    expect(fits([companyId], fullName)).toBe(false);
    expect(fits([])).toBe(false);
    expect(fits(null)).toBe(false);
    // A lookup's column of the same name as an indexed one of this table is still another table's.
    expect(fits([companyId], alias(users, 'other_users').createdAt)).toBe(false);
    expect(fits([alias(users, 'other_users').companyId])).toBe(false);
  });

  it('minds where an index puts its nulls, and partial or expression indexes', () => {
    const things = pgTable(
      'things',
      { id: uuid('id').primaryKey(), kind: text('kind'), shape: text('shape'), at: timestamp('at') },
      (t) => [
        index('things_kind_at_idx').on(t.kind, t.at.desc().nullsLast(), t.id.desc().nullsLast()),
        index('things_shape_at_idx')
          .on(t.shape, t.at.desc(), t.id.desc())
          .where(sql`${t.shape} is not null`),
      ],
    );
    // desc nulls last serves `desc nulls last` only, not ORDER BY's default for desc (nulls first)…
    expect(planFitsAnyValue(things, [things.kind], things.at, things.id, 'DESC')).toBe(false);
    // …but read backwards it is asc nulls first, which is not asc's default (nulls last) either.
    expect(planFitsAnyValue(things, [things.kind], things.at, things.id, 'ASC')).toBe(false);
    expect(planFitsAnyValue(things, [things.shape], things.at, things.id, 'DESC')).toBe(false);
  });
});

describe('the plan PostgreSQL makes once for the benchmarked users list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('reads the company’s page in order from its index, with no sort, whatever the values', async () => {
    const companies = [await createCompany(server, 'Plans Big Co'), await createCompany(server, 'Plans Small Co')];
    const db = server.app.database.db;
    await db.execute(sql`insert into users (email, full_name, password_hash, role_id, company_id, is_blocked)
      select 'plans' || i || '@plans.test', 'Plans User ' || i, 'x', (select id from roles where name = 'User'), (${sql.param(companies)}::uuid[])[1 + (i % 50 = 0)::int], i % 10 = 1
      from generate_series(1, 5000) i`);
    await db.execute(sql`analyze users`);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare plans_page (uuid, text, int, int) as ${PAGE_SQL}`));
      const rows = (await tx.execute(
        sql.raw(`explain execute plans_page ('${companies[1]}', 'blocked', 25, 0)`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      await tx.execute(sql`deallocate plans_page`);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using users_company_status_created_idx on users/);
    // The generic plan shows parameters, not the values it was run with.
    expect(plan).toMatch(/company_id = \$1/);
    expect(plan).not.toMatch(/Sort Key: users/);
  });
});
