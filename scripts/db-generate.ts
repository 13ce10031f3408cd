// `npm run db:generate -- --name <name>`: writes server/db/migrations/NNNN_<name>.sql, its snapshot
// and its journal entry for every change of the schema since the last migration: the tables
// exported by name from server/db/schema and those derived from the registry's declarations.
// No database connection is needed; the server applies the migrations at start.
import { parseArgs } from 'node:util';
import { MIGRATIONS_DIR } from '../server/db/client';
import { writeMigration } from '../server/db/migrationFiles';
import { allTables } from '../server/db/schema/declared';

const USAGE = 'Usage: npm run db:generate -- --name <name>   (e.g. npm run db:generate -- --name gadgets)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { name: { type: 'string' } } });
  if (!values.name) throw new Error(`A migration needs a name.\n${USAGE}`);
  const file = await writeMigration(MIGRATIONS_DIR, allTables(), values.name);
  console.log(file ? `Wrote ${file}` : 'No schema changes: the migrations already make every table.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
