// `npm run db:generate -- --name <name>`: writes server/db/migrations/NNNN_<name>.sql, its snapshot
// and its journal entry for every change of the schema since the last migration: the tables
// exported by name from server/db/schema and those derived from the registry's declarations.
// No database connection is needed; the server applies the migrations at start. An invalid
// declaration (a field type that does not exist, an enum without choices…) writes nothing.
import { parseArgs } from 'node:util';
import { InvalidDeclarationError } from '../server/db/schemaCheck';

const USAGE = 'Usage: npm run db:generate -- --name <name>   (e.g. npm run db:generate -- --name gadgets)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { name: { type: 'string' } } });
  if (!values.name) throw new Error(`A migration needs a name.\n${USAGE}`);
  // Imported here: deriving the registry's tables refuses an invalid declaration as the modules
  // load, and that refusal is printed as a message like any other.
  const { MIGRATIONS_DIR } = await import('../server/db/client');
  const { writeDeclaredMigration } = await import('../server/db/migrationFiles');
  const { DECLARATIONS } = await import('../src/domain/declarations/registry');
  const file = await writeDeclaredMigration(MIGRATIONS_DIR, DECLARATIONS, values.name);
  console.log(file ? `Wrote ${file}` : 'No schema changes: the migrations already make every table.');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof InvalidDeclarationError ? `No migration was written. ${message}` : message);
  process.exit(1);
});
