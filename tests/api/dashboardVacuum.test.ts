import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { eventually } from './protocolAgent';

/*
 * PGlite has no autovacuum: the running server vacuums the tables its folds churn, so the log of
 * count changes, emptied every fold, does not keep every row it ever held (a report scans it).
 * PostgreSQL's autovacuum does that work there.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('Dashboard totals on PGlite (vacuum)', () => {
  let server: TestServer;
  const q = (sql: string) => server.app.database.queryRows(sql, []);
  const logBytes = async () => Number((await q(`select pg_relation_size('process_count_changes')::float8 as n`))[0].n);

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
});
