import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { declarationsShapeProblems } from '../../src/domain/declarationShape';
import type { ResourceDef } from '../../src/domain/resource';
import type { Database } from './client';

/*
 * The server refuses to start on a declaration it cannot honour: an invalid one (a field type
 * that does not exist, an enum without choices…), or one whose table or column the migrated
 * database lacks (its migration was never generated). Served anyway, every route of such a
 * resource would answer 500 while /api/health answered 200.
 */

const list = (problems: readonly string[]): string => problems.map((problem) => `  - ${problem}`).join('\n');

/** Declarations that cannot be honoured as written; its message lists every problem. */
export class InvalidDeclarationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid resource declarations (src/domain/declarations):\n${list(problems)}`);
    this.name = 'InvalidDeclarationError';
  }
}

/** Throws InvalidDeclarationError listing what is wrong with `declarations`, if anything. */
export function assertValidDeclarations(declarations: readonly ResourceDef[]): void {
  const problems = declarationsShapeProblems(declarations);
  if (problems.length > 0) throw new InvalidDeclarationError(problems);
}

/** Tables and columns of the schema that the database lacks, and what to do about them. */
export class SchemaMismatchError extends Error {
  constructor(readonly missing: readonly string[]) {
    // A name for the example: the missing table's, or <table>_<column> for a missing column.
    const example = /^(?:table|column) ([a-z][a-z0-9_.]*)$/.exec(missing[0])?.[1].replace('.', '_') ?? 'holidays';
    super(
      [
        'The database lacks tables or columns the server needs (its schema: server/db/schema and the declarations of src/domain/declarations):',
        list(missing),
        `Their migration is missing. Generate it with npm run db:generate -- --name <name> (a name saying what it adds, e.g. ${example}), commit the files it writes in server/db/migrations, then start the server again.`,
        'If db:generate finds no schema changes, the database was changed by hand after its migrations ran: restore it from a backup.',
      ].join('\n'),
    );
    this.name = 'SchemaMismatchError';
  }
}

export interface CatalogueColumn {
  schema: string;
  table: string;
  column: string;
}

const keyOf = (schema: string, table: string): string => `${schema}.${table}`;
const shown = (schema: string, name: string): string => (schema === 'public' ? name : `${schema}.${name}`);

/**
 * What `tables` have that the catalogue's columns lack, in the tables' order: `table <name>` for a
 * table that is not there, `column <table>.<column>` for a column of a table that is.
 */
export function missingFromCatalogue(
  tables: Readonly<Record<string, PgTable>>,
  catalogue: readonly CatalogueColumn[],
): string[] {
  const present = new Map<string, Set<string>>();
  for (const { schema, table, column } of catalogue) {
    const key = keyOf(schema, table);
    present.set(key, (present.get(key) ?? new Set()).add(column));
  }
  const missing: string[] = [];
  for (const table of Object.values(tables)) {
    const { name, schema = 'public' } = getTableConfig(table);
    const columns = present.get(keyOf(schema, name));
    if (!columns) {
      missing.push(`table ${shown(schema, name)}`);
      continue;
    }
    for (const column of Object.values(getTableColumns(table))) {
      if (!columns.has(column.name)) missing.push(`column ${shown(schema, name)}.${column.name}`);
    }
  }
  return missing;
}

// One catalogue query for every table (PostgreSQL 13+ and PGlite): the columns of the ordinary
// and partitioned tables of every schema but the system's. pg_catalog rather than
// information_schema.columns, whose privilege checks per column make it several times slower.
const CATALOGUE = sql.raw(`select n.nspname as "schema", c.relname as "table", a.attname as "column"
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`);

/** Throws SchemaMismatchError when the migrated database lacks a table or column of `tables`. */
export async function checkDatabaseSchema(db: Database, tables: Readonly<Record<string, PgTable>>): Promise<void> {
  const { rows } = (await db.execute(CATALOGUE)) as unknown as { rows: CatalogueColumn[] };
  const missing = missingFromCatalogue(tables, rows);
  if (missing.length > 0) throw new SchemaMismatchError(missing);
}
