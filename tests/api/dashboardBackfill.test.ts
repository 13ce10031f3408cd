import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/client';

/*
 * The migration that moves the dashboard's kept counts to quarters of an hour fills them from the
 * runs already there: a database migrated to the step before, with runs of two companies, bots
 * and statuses, then migrated to the end, holds for every quarter of an hour (from a whole UTC
 * hour), company, bot and status the number of its runs.
 */
const COUNTS_MIGRATION = '0015_dashboard_quarters';

interface Journal {
  entries: { idx: number; tag: string }[];
}

describe('Dashboard counts migrations back-fill the existing runs', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'rpa-backfill-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('counts every run already there by its quarter of an hour, company, bot and status', async () => {
    // The migrations up to the one before the counts: the same files, the journal cut there.
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
    const cut = journal.entries.findIndex((e) => e.tag === COUNTS_MIGRATION);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    // Runs only: the people and bots they point at do not matter to the counts.
    await client.exec(`SET session_replication_role = replica`);
    const companies = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const bots = [null, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'];
    const users = ['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'];
    for (let i = 0; i < 120; i++)
      await client.query(
        `insert into processes (company_id, bot_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds, created_at)
         values ($1, $2, $3, 'PC', 'DEV', $4, $5, 60, $6)`,
        [
          companies[i % 2],
          bots[i % 3 === 0 ? 0 : 1],
          i % 3 === 0 ? 'Gone bot' : 'Invoice',
          users[i % 5 === 0 ? 1 : 0],
          i % 6,
          new Date(Date.UTC(2026, 0, 5, 0, i * 17)).toISOString(),
        ],
      );
    await client.exec(`SET session_replication_role = origin`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const kept = await client.query(
      `select company_id::text as c, quarter::text as h, coalesce(bot_id::text, '-') as b, bot_name as n,
              coalesce(user_id::text, '-') as u, status as s, runs from process_quarter_counts order by 1, 2, 3, 4, 5, 6`,
    );
    const counted = await client.query(
      `select company_id::text as c, (date_trunc('hour', created_at, 'UTC') + floor(extract(minute from created_at at time zone 'UTC') / 15) * interval '15 minutes')::text as h, coalesce(bot_id::text, '-') as b,
              bot_name as n, coalesce(case when bot_id is null then user_id::text end, '-') as u, status as s,
              count(*)::int as runs
       from processes group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
    );
    expect(counted.rows.length).toBeGreaterThan(30);
    expect(kept.rows).toEqual(counted.rows);
    // A bot-less run is kept under its requester, so a plain User's rule reads the counts too.
    expect(kept.rows.some((r) => (r as { b: string; u: string }).b === '-' && (r as { u: string }).u !== '-')).toBe(
      true,
    );
    // The running totals' log holds the same runs as changes to fold, per series (a bot-less run
    // under its requester) and quarter, by outcome: successful 2, failed 3, terminated 4 and 5.
    const none = '00000000-0000-0000-0000-000000000000';
    const changes = await client.query(
      `select company_id::text as c, bot_id::text as b, bot_name as n, user_id::text as u, quarter::text as h,
              runs, successful, failed, terminated
       from process_count_changes order by 1, 2, 3, 4, 5`,
    );
    const fromRuns = await client.query(
      `select company_id::text as c, coalesce(bot_id::text, '${none}') as b, bot_name as n,
              case when bot_id is null then user_id::text else '${none}' end as u,
              (date_trunc('hour', created_at, 'UTC') + floor(extract(minute from created_at at time zone 'UTC') / 15) * interval '15 minutes')::text as h,
              count(*)::int as runs, (count(*) filter (where status = 2))::int as successful,
              (count(*) filter (where status = 3))::int as failed, (count(*) filter (where status in (4, 5)))::int as terminated
       from processes group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    );
    expect(changes.rows).toEqual(fromRuns.rows);
    await client.close();
  }, 120_000);
});
