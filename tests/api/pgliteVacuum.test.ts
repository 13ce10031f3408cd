import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { eventually } from './protocolAgent';

/*
 * PGlite has no autovacuum: the running server vacuums its tables past autovacuum's thresholds,
 * and the tables a long fold churns at once, so the log of count changes, emptied every fold,
 * does not keep every row it ever held (a report scans it), nor does any other table whose rows
 * are deleted. PostgreSQL's autovacuum does that work there.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite vacuum', () => {
  let server: TestServer;
  const q = (sql: string) => server.app.database.queryRows(sql, []);
  const bytesOf = async (table: string) => Number((await q(`select pg_relation_size('${table}')::float8 as n`))[0].n);
  const logBytes = () => bytesOf('process_count_changes');

  beforeAll(async () => {
    server = await startServer({ env: { DASHBOARD_FOLD_SECONDS: '1' } });
  });
  afterAll(async () => server?.close());

  it('gives back the space of a long log once the folds have taken it in', { timeout: 90_000 }, async () => {
    const [company] = await q(`insert into companies (name, status) values ('Vacuum Co', 'active') returning id`);
    const [user] = await q(`select id from users limit 1`);
    // 30,000 runs over 300 days and 50 bots: a log longer than one fold takes (several batches).
    await server.app.database.queryRows(
      `insert into processes (company_id, user_id, bot_name, agent_name, device_id, status, timeout_seconds, created_at)
       select $1::uuid, $2::uuid, 'Vacuum bot ' || (i % 50), 'PC', 'DEV-1', 2, 60, now() - make_interval(mins => i * 14)
       from generate_series(1, 30000) g(i)`,
      [company.id, user.id],
    );
    const before = await logBytes();
    expect(before).toBeGreaterThan(1_000_000);
    await eventually(
      async () => {
        const [log] = await q(`select count(*)::int as n from process_count_changes`);
        return Number(log.n) === 0 && (await logBytes()) <= 16_384 ? true : undefined;
      },
      'the log folded and its space given back',
      60_000,
    );
    const [total] = await q(`select sum(runs)::int as n from process_series_totals where day = 'infinity'`);
    expect(Number(total.n)).toBe(30_000);
  });

  it('gives back the space of deleted log lines, and leaves a table with nothing to do alone', async () => {
    const [company] = await q(`insert into companies (name, status) values ('Lines Co', 'active') returning id`);
    const [user] = await q(`select id from users limit 1`);
    const [run] = await server.app.database.queryRows(
      `insert into processes (company_id, user_id, bot_name, agent_name, device_id, status, timeout_seconds)
       values ($1::uuid, $2::uuid, 'Lines bot', 'PC', 'DEV-1', 2, 60) returning id`,
      [company.id, user.id],
    );
    await server.app.database.queryRows(
      `insert into process_logs (process_id, seq, at, stream, text)
       select $1::uuid, i, now(), 'stdout', 'a line of some length to fill pages ' || i from generate_series(1, 20000) g(i)`,
      [run.id],
    );
    const full = await bytesOf('process_logs');
    expect(full).toBeGreaterThan(1_000_000);
    await q(`delete from process_logs`);
    // The counters reach the statistics a second or so after the statement (as on PostgreSQL).
    const done = await eventually(
      async () => {
        const tables = await server.app.vacuum.check();
        return tables.includes('public.process_logs') ? tables : undefined;
      },
      'process_logs vacuumed',
      20_000,
    );
    expect(done).not.toContain('public.non_working_days');
    expect(await bytesOf('process_logs')).toBeLessThan(full / 10);
  });
});
