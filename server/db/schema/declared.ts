import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DECLARATIONS } from '../../../src/domain/declarations/registry';
import type { ResourceDef } from '../../../src/domain/resource';
import { agents, bots } from './automation';
import { assertValidDeclarations } from '../schemaCheck';
import { tableOf } from './derive';
import { emailConfigurations } from './emailConfigurations';
import * as written from './index';
import { processes } from './runtime';
import { scheduleHistory, schedules } from './scheduling';
import { auditLog } from './system';
import { companies, companyLicences, groups, registrationTokens, studioSubscriptions, users } from './tenants';

/*
 * The table of every declared resource. A resource whose table is written in this folder (bespoke
 * columns, constraints or a name of its own) is listed in WRITTEN by its resource name; every
 * other declaration of the registry gets the table `tableOf` derives from it, here at run time,
 * with nothing to write. `npm run db:generate` (scripts/db-generate.ts) sees both kinds.
 */

type ResourceTable = PgTable & { id: AnyPgColumn };

/** The declared resources whose tables are written by hand in this folder, by resource name. */
export const WRITTEN_TABLES: Readonly<Record<string, ResourceTable>> = {
  companies,
  users,
  groups,
  registrationTokens,
  licences: companyLicences,
  studioSubscriptions,
  bots,
  agents,
  processes,
  schedules,
  scheduleHistory,
  audit: auditLog,
  emailConfigurations,
};

/** Every table exported by name from server/db/schema (the written ones). */
export function writtenTables(): Record<string, PgTable> {
  return Object.fromEntries(Object.entries(written).filter(([, value]) => is(value, PgTable))) as Record<
    string,
    PgTable
  >;
}

/**
 * The tables derived from the declarations that have no written table, by resource name. A
 * reference field points at the table of the resource it names (written, or derived from an
 * earlier declaration of the list). A derived table may not take the name of another table.
 */
export function deriveTables(
  declarations: readonly ResourceDef[],
  writtenByResource: Readonly<Record<string, ResourceTable>>,
  others: Readonly<Record<string, PgTable>>,
): Record<string, ResourceTable> {
  const targets: Record<string, ResourceTable> = { ...writtenByResource };
  const taken = new Set(Object.values(others).map((table) => getTableConfig(table).name));
  const derived: Record<string, ResourceTable> = {};
  for (const def of declarations) {
    if (def.name in writtenByResource) continue;
    if (!def.fields.id) throw new Error(`${def.name}: a derived table needs an id field (its uuid key)`);
    // Its id is the derived uuid key, as the field is declared.
    const table = tableOf(def, { targets }) as unknown as ResourceTable;
    const name = getTableConfig(table).name;
    if (taken.has(name)) throw new Error(`${def.name}: its table ${name} is the name of another table`);
    taken.add(name);
    targets[def.name] = table;
    derived[def.name] = table;
  }
  return derived;
}

/**
 * The derived tables of the registry's plain declarations, by resource name. An invalid
 * declaration stops here, before a table is derived from it: whatever imports the schema (the
 * server, npm run db:generate) refuses it with the list of its problems.
 */
export const DERIVED_TABLES: Readonly<Record<string, ResourceTable>> = (() => {
  assertValidDeclarations(DECLARATIONS);
  return deriveTables(DECLARATIONS, WRITTEN_TABLES, writtenTables());
})();

/** The table of a declared resource, written or derived. */
export function tableOfResource(name: string): ResourceTable {
  const table = WRITTEN_TABLES[name] ?? DERIVED_TABLES[name];
  if (!table) throw new Error(`${name}: no declared resource of that name has a table`);
  return table;
}

/**
 * Every table of the schema, keyed by a unique name: what migrations are generated from, and what
 * the server expects of the database at start. `derived`: the tables derived from the registry.
 */
export function allTables(derived: Readonly<Record<string, PgTable>> = DERIVED_TABLES): Record<string, PgTable> {
  const all: Record<string, PgTable> = writtenTables();
  for (const table of Object.values(derived)) all[`derived:${getTableConfig(table).name}`] = table;
  return all;
}

/** The tables of the schema when the registry is `declarations`: refused when one of them is invalid. */
export function tablesOfDeclarations(declarations: readonly ResourceDef[]): Record<string, PgTable> {
  assertValidDeclarations(declarations);
  return allTables(deriveTables(declarations, WRITTEN_TABLES, writtenTables()));
}
