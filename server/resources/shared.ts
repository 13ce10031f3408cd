import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies, users } from '../db/schema';

/** The name of the company a row points at, as a correlated sub-select (sortable, searchable). */
export const companyNameOf = (companyId: PgColumn): SQL => sql`(select ${companies.name} from ${companies} where ${companies.id} = ${companyId})`;

/** The full name of the user a row points at, as a correlated sub-select (sortable, searchable). */
export const userNameOf = (userId: PgColumn): SQL => sql`(select ${users.fullName} from ${users} where ${users.id} = ${userId})`;

/** upcoming / active / expired of a dated period, by the database's current date. */
export const periodStatus = (start: PgColumn, end: PgColumn): SQL =>
  sql`(case when ${end} < current_date then 'expired' when ${start} > current_date then 'upcoming' else 'active' end)`;
