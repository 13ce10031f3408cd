import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned migration after a change to the schema.
// No database connection is needed; the server applies the migrations at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
