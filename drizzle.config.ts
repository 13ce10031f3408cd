import { defineConfig } from 'drizzle-kit';

// For drizzle-kit's own commands (studio, check). Migrations are written by `npm run db:generate --
// --name <name>` (scripts/db-generate.ts), not by `drizzle-kit generate`: the tables derived from
// the declarations at run time are no named export of the schema module, so drizzle-kit alone
// would not see them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
