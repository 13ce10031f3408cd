// The comparison point of scripts/bench/process-list.mjs: Fastify + node-postgres (a pool of 10,
// like the server) running only the page query the server sent for the benchmarked list, as a
// named prepared statement planned once for all values (plan_cache_mode = force_generic_plan).
// No authentication, validation, count or serializer schema. The bench reads the server's own
// statement and values from PostgreSQL's log and passes them in: BARE_SQL, BARE_PARAMS (JSON).
// Env: PORT, BARE_DATABASE_URL.
import Fastify from 'fastify';
import pg from 'pg';

const text = process.env.BARE_SQL;
const values = JSON.parse(process.env.BARE_PARAMS ?? '[]');
const pool = new pg.Pool({
  connectionString: process.env.BARE_DATABASE_URL,
  max: 10,
  options: '-c plan_cache_mode=force_generic_plan',
});

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/bare/processes', async () => {
  const { rows } = await pool.query({ name: 'bare_process_page', text, values });
  return { message: 'OK', payload: { rows } };
});
app.addHook('onClose', () => pool.end());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
