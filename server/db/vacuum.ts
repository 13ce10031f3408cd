import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client';

/*
 * PostgreSQL's autovacuum gives back the space of deleted and updated rows and keeps the
 * planner's row counts current. PGlite has none (one process, no background workers), so on
 * PGlite the server does that work itself: every CHECK_EVERY_MS it reads the tables' activity
 * counters and vacuums or analyzes each table past autovacuum's own default thresholds. Without
 * it a table whose rows churn (runs' status updates, log-line retention, sessions, the
 * dashboard's log of count changes, emptied every fold) would keep every row it ever held in
 * its scans, and the planner would plan with the row counts of the table's first day.
 */

/** How often PGlite's tables are looked at. */
const CHECK_EVERY_MS = 30_000;

/**
 * Autovacuum's default rules (autovacuum_vacuum_threshold and _scale_factor, the insert and
 * analyze ones): a table is vacuumed past 50 dead rows plus a fifth of its live ones, or past
 * 1,000 rows inserted since its last vacuum plus a fifth (so its pages are marked all-visible
 * for index-only scans), and analyzed past 50 changed rows plus a tenth.
 */
const DUE = `select format('%I.%I', schemaname, relname) as "name",
    (n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup) as "vacuum",
    (n_mod_since_analyze > 50 + 0.1 * n_live_tup) as "analyze"
  from pg_stat_user_tables
  where n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
     or n_mod_since_analyze > 50 + 0.1 * n_live_tup
  order by relname`;

/** What a node's vacuuming offers the rest of the server. */
export interface Vacuum {
  /** Vacuums and analyzes `tables` at once (after a large change), whatever their counters say. */
  soon(tables: string[]): Promise<void>;
  /** One look at every table's counters; answers the tables it vacuumed or analyzed. */
  check(): Promise<string[]>;
  stop(): Promise<void>;
}

/** PostgreSQL's autovacuum does the work: nothing to do. */
const AUTOVACUUM: Vacuum = {
  soon: async () => undefined,
  check: async () => [],
  stop: async () => undefined,
};

/** Starts PGlite's vacuuming (nothing on PostgreSQL); one statement at a time, never two at once. */
export function startVacuum(database: DatabaseHandle, log: FastifyBaseLogger): Vacuum {
  if (database.kind !== 'pglite') return AUTOVACUUM;
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };
  const run = (statement: string) => (stopped ? Promise.resolve() : database.queryRows(statement, []));

  const check = () =>
    queued(async () => {
      if (stopped) return [];
      const due = (await database.queryRows(DUE, [])) as { name: string; vacuum: boolean; analyze: boolean }[];
      for (const t of due)
        await run(t.vacuum ? `vacuum${t.analyze ? ' (analyze)' : ''} ${t.name}` : `analyze ${t.name}`);
      return due.map((t) => t.name);
    });

  const timer = setInterval(() => {
    check().catch((error: unknown) => log.warn({ err: error }, 'vacuuming the embedded database failed'));
  }, CHECK_EVERY_MS);
  timer.unref();

  return {
    soon: (tables) =>
      tables.length === 0
        ? Promise.resolve()
        : queued(async () => void (await run(`vacuum (analyze) ${tables.join(', ')}`))),
    check,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}
