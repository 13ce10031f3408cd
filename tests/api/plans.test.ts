import { sql } from 'drizzle-orm';
import { alias, index, pgTable, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SQL } from '../../scripts/bench/list-bare.mjs';
import { pinnedColumns, planFitsAnyValue } from '../../server/crud/plans';
import { users } from '../../server/db/schema';
import { createCompany } from './fixtures';
import { startServer, type TestServer } from './helpers';

// Which list statements PostgreSQL may plan once for any values (server/crud/plans.ts).
describe('pinnedColumns', () => {
  it('reads a conjunction of column = parameter terms', () => {
    expect(pinnedColumns('users', 'true')).toEqual(new Set());
    expect(pinnedColumns('users', '"users"."company_id" = $1')).toEqual(new Set(['company_id']));
    expect(pinnedColumns('users', '(("users"."company_id" = $1 and "users"."status" = $2) and "users"."is_deleted" = $3)')).toEqual(new Set(['company_id', 'status', 'is_deleted']));
  });

  it('refuses any other condition', () => {
    for (const where of [
      '("users"."company_id" = $1 or "users"."status" = $2)',
      '("users"."company_id" = $1 and "users"."full_name"::text ilike $2)',
      '"users"."created_at" >= $1',
      '"users"."status" <> $1',
      '"users"."status" = \'active\'',
      'exists (select 1 from "user_groups" where "user_groups"."user_id" = "users"."id" and "user_groups"."group_id" = $1)',
      '"companies"."id" = $1',
      'false',
    ]) {
      expect(pinnedColumns('users', where), where).toBeNull();
    }
  });
});

describe('planFitsAnyValue', () => {
  const { id, createdAt, fullName } = users;
  const fits = (where: string, sort: PgColumn = createdAt, order: 'ASC' | 'DESC' = 'DESC') => planFitsAnyValue(users, where, sort, id, order);

  it('accepts shapes an index serves in order, scanned either way', () => {
    expect(fits('("users"."company_id" = $1 and "users"."status" = $2)')).toBe(true);
    expect(fits('("users"."status" = $1 and "users"."company_id" = $2)', createdAt, 'ASC')).toBe(true);
    expect(fits('"users"."company_id" = $1')).toBe(true);
    expect(fits('"users"."status" = $1')).toBe(true);
  });

  it('accepts any shape that pins the primary key', () => {
    expect(fits('"users"."id" = $1', fullName)).toBe(true);
  });

  it('refuses shapes whose best plan depends on the values', () => {
    // A rare role is best read through users_role_idx and sorted; a common one is not.
    expect(fits('"users"."role_id" = $1')).toBe(false);
    expect(fits('("users"."company_id" = $1 and "users"."is_deleted" = $2)')).toBe(false);
    expect(fits('"users"."company_id" = $1', fullName)).toBe(false);
    expect(fits('true')).toBe(false);
    expect(fits('"users"."full_name"::text ilike $1')).toBe(false);
    // A lookup's column of the same name as an indexed one of this table is still another table's.
    expect(fits('"users"."company_id" = $1', alias(users, 'other_users').createdAt)).toBe(false);
  });

  it('minds where an index puts its nulls, and partial or expression indexes', () => {
    const things = pgTable(
      'things',
      { id: uuid('id').primaryKey(), kind: text('kind'), shape: text('shape'), at: timestamp('at') },
      (t) => [
        index('things_kind_at_idx').on(t.kind, t.at.desc().nullsLast(), t.id.desc().nullsLast()),
        index('things_shape_at_idx').on(t.shape, t.at.desc(), t.id.desc()).where(sql`${t.shape} is not null`),
      ],
    );
    // desc nulls last serves `desc nulls last` only, not ORDER BY's default for desc (nulls first)…
    expect(planFitsAnyValue(things, '"things"."kind" = $1', things.at, things.id, 'DESC')).toBe(false);
    // …but read backwards it is asc nulls first, which is not asc's default (nulls last) either.
    expect(planFitsAnyValue(things, '"things"."kind" = $1', things.at, things.id, 'ASC')).toBe(false);
    expect(planFitsAnyValue(things, '"things"."shape" = $1', things.at, things.id, 'DESC')).toBe(false);
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
      const rows = (await tx.execute(sql.raw(`explain execute plans_page ('${companies[1]}', 'blocked', 25, 0)`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
      await tx.execute(sql`deallocate plans_page`);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using users_company_status_created_idx on users/);
    // The generic plan shows parameters, not the values it was run with.
    expect(plan).toMatch(/company_id = \$1/);
    expect(plan).not.toMatch(/Sort Key: users/);
  });
});
