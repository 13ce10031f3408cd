// The comparison point of scripts/bench/list.mjs: Fastify + the database driver running only
// the list's page query — no authentication, no validation, no count, no serializer schema.
// Env: PORT, and BARE_DATABASE_URL (node-postgres, pool of 10 like the server) or BARE_PGLITE_DIR.
// BARE_PREPARED=1 runs the query as a named prepared statement planned once for all values
// (plan_cache_mode = force_generic_plan), as the server does for this list (on PGlite through
// server/db/pgliteStatements.ts, so start it with `node --import tsx`); unset, it runs it the
// plain way, `query(text, params)`, which parses and plans it on every call.
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

/**
 * The SQL the CRUD engine sends for GET /api/user/all?companyId&status&sort=createdAt&order=DESC
 * (as server/crud/store.ts renders it — tests/api/bench-sql.test.ts keeps the two equal; $1
 * company, $2 status, $3 limit, $4 offset).
 */
export const PAGE_SQL = `select json_build_object('id', "users"."id", 'fullName', "users"."full_name", 'email', "users"."email", 'roleId', "users"."role_id", 'role', "role_lookup"."name", 'companyId', "users"."company_id", 'companyName', "companyName_lookup"."name", 'groupIds', coalesce((select array_agg("user_groups"."group_id"::text order by "user_groups"."group_id") from "user_groups" where "user_groups"."user_id" = "users"."id"), '{}'::text[]), 'enabledEmailSchedule', "users"."enabled_email_schedule", 'status', "users"."status", 'isFirstLogin', "users"."is_first_login", 'isBlocked', "users"."is_blocked", 'isDeleted', "users"."is_deleted", 'createdAt', to_char("users"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char("users"."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'associatedToGroups', null) as "row" from "users" left join "roles" as "role_lookup" on "role_lookup"."id" = "users"."role_id" left join "companies" as "companyName_lookup" on "companyName_lookup"."id" = "users"."company_id" where ("users"."company_id" = $1 and "users"."status" = $2) order by "users"."created_at" desc, "users"."id" desc limit $3 offset $4`;

const prepared = process.env.BARE_PREPARED === '1';

async function open() {
  if (process.env.BARE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: process.env.BARE_DATABASE_URL,
      max: 10,
      ...(prepared ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
    });
    const query = prepared
      ? (text, values) => pool.query({ name: 'bare_page', text, values })
      : (text, values) => pool.query(text, values);
    return { query: async (text, params) => (await query(text, params)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.env.BARE_PGLITE_DIR);
  if (prepared) {
    const { pgliteStatements } = await import('../../server/db/pgliteStatements.ts');
    const queryNamed = pgliteStatements(db);
    return { query: (text, params) => queryNamed('bare_page', text, params, true), close: () => db.close() };
  }
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

async function main() {
  const db = await open();
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  app.get('/bare/users', async (request) => {
    const { companyId, status = 'active', limit = '25' } = request.query;
    // One JSON object per row, as the server reads a page.
    const rows = await db.query(PAGE_SQL, [companyId, status, Number(limit), 0]);
    return { message: 'OK', payload: { rows: rows.map((r) => r.row) } };
  });
  app.addHook('onClose', () => db.close());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
