import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies as companiesDef } from '../../src/domain/declarations';
import type { CompanyList } from '../crud/options';
import type { Lookup } from '../crud/source';
import { companies, users } from '../db/schema';

/** The name of the company a row points at (sortable, searchable). */
export const companyNameOf = (companyId: PgColumn): Lookup => ({ table: companies, column: 'name', via: companyId });

/** The full name of the user a row points at (sortable, searchable). */
export const userNameOf = (userId: PgColumn): Lookup => ({ table: users, column: 'fullName', via: userId });

/** upcoming / active / expired of a dated period, by the database's current date. */
export const periodStatus = (start: PgColumn, end: PgColumn): SQL =>
  sql`(case when ${end} < current_date then 'expired' when ${start} > current_date then 'upcoming' else 'active' end)`;

/** The records of one company at /company/:id/<name> (bots, agents). */
export const companyList = (name: string): CompanyList => ({
  name,
  companies: companiesDef,
  exists: async (db, id) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1)).length > 0,
});
