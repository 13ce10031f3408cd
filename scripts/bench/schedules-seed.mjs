// Seeding and reading of the scheduler bench (scripts/bench/schedules.mjs), all in SQL on its
// throwaway PostgreSQL database: the schedules (one generate_series statement), their due
// instants set per phase while no server runs, the fires each phase expects (the table
// bench_expected, which only this database has), and what the scheduler wrote.

const MINUTE = 60_000;

/** A whole minute at or before an instant (ms), as the model's `YYYY-MM-DDTHH:mm` in UTC. */
const localMinute = (ms) => new Date(Math.floor(ms / MINUTE) * MINUTE).toISOString().slice(0, 16);

/** The first whole minute at or after an instant (ms). */
export const ceilMinute = (ms) => Math.ceil(ms / MINUTE) * MINUTE;

/**
 * A minutely schedule's duration as the API stores it (the model's key order), in UTC: its fires
 * are startDate + k × every minutes.
 */
export const minutely = (every, startMs) =>
  JSON.stringify({ frequency: 'minutely', every, timezone: 'UTC', startDate: localMinute(startMs) });

/** An instant (ms) as a PostgreSQL literal. */
const at = (ms) => `'${new Date(ms).toISOString()}'::timestamptz`;

/**
 * `total` active schedules of the fixtures' bot, on its agents in turn, each running the bot every
 * minute from a start a day ahead: none is due until then.
 */
export async function seedSchedules(database, fixtures, total, idleFromMs) {
  await database.query(
    `insert into schedules (company_id, bot_id, bot_name, agent_id, agent_name, user_id, duration, frequency, timezone,
                            overlap, status, next_fire_at)
     select '${fixtures.companyId}', '${fixtures.botId}', 'Bench bot', a.id, a.name, '${fixtures.userId}',
            '${minutely(1, idleFromMs)}', 'minutely', 'UTC', 'queue', 'active', ${at(ceilMinute(idleFromMs))}
     from generate_series(0, ${total - 1}) i
     join (select id, name, row_number() over (order by id) - 1 as n from agents) a on a.n = i % ${fixtures.agents.length}`,
  );
  await database.query('create table bench_expected (schedule_id uuid not null, due_at timestamptz not null)');
}

/**
 * Sets every schedule's next fire for a phase (no server running): the first `count` schedules
 * (by id) are due from `firstMs`, spread evenly over `spreadMs` (0: all at that instant) in whole
 * milliseconds (the scheduler writes a fire's due instant to the millisecond), each with
 * `duration`; every other one waits a day, as seeded. Their past fires are forgotten, and
 * bench_expected holds the due fires, one row each.
 */
export async function retime(database, { count, firstMs, spreadMs, duration, idleFromMs }) {
  await database.query(
    `update schedules s
     set status = 'active', last_fire_at = null, last_outcome = null, last_process_id = null, updated_at = now(),
         duration = case when r.n < ${count} then '${duration}' else '${minutely(1, idleFromMs)}' end,
         next_fire_at = case when r.n < ${count}
                             then ${at(firstMs)} + make_interval(secs => floor(r.n * ${spreadMs / count}) / 1000)
                             else ${at(ceilMinute(idleFromMs))} end
     from (select id, row_number() over (order by id) - 1 as n from schedules) r
     where r.id = s.id
       and (r.n < ${count} or s.last_fire_at is not null or s.status <> 'active'
            or s.next_fire_at is distinct from ${at(ceilMinute(idleFromMs))})`,
  );
  await database.query('truncate bench_expected');
  await database.query(
    `insert into bench_expected select id, next_fire_at from schedules where next_fire_at < ${at(firstMs + spreadMs + 1)}`,
  );
  await database.query('vacuum analyze schedules');
}

/** The database's clock now, in ms (the bench's reference for "written since"). */
export async function databaseNow(database) {
  const [{ ms }] = await database.query(`select extract(epoch from clock_timestamp())::float8 * 1000 as ms`);
  return ms;
}

/**
 * Whether every active schedule due at or before `dueMs` has been taken: the scheduler moves a
 * schedule's next_fire_at on in the transaction that writes its fire, so the earliest one left
 * is later. One probe of the due index, cheap to poll.
 */
export async function takenUpTo(database, dueMs) {
  const [{ taken }] = await database.query(
    `select coalesce(min(next_fire_at) > ${at(dueMs)}, true) as taken from schedules where status = 'active'`,
  );
  return taken;
}

/**
 * The fires due in [fromMs, toMs): their outcomes, how many distinct due seconds they have, and
 * their lag in ms: when the fire's rows were written (the later of the process's and the history
 * row's created_at) − due_at; and history fired_at − due_at.
 */
export async function fireStats(database, fromMs, toMs) {
  const [row] = await database.query(
    `with f as (
       select h.outcome, h.due_at,
              extract(epoch from greatest(p.created_at, h.created_at) - h.due_at)::float8 * 1000 as lag,
              extract(epoch from h.fired_at - h.due_at)::float8 * 1000 as fired_lag
       from schedule_history h left join processes p on p.id = h.process_id
       where h.due_at >= ${at(fromMs)} and h.due_at < ${at(toMs)})
     select count(*)::int as fires,
            count(*) filter (where outcome = 'fired')::int as fired,
            count(*) filter (where outcome = 'skipped')::int as skipped,
            count(*) filter (where outcome = 'missed')::int as missed,
            count(distinct date_trunc('second', due_at))::int as "dueSeconds",
            percentile_disc(0.5) within group (order by lag) as p50,
            percentile_disc(0.99) within group (order by lag) as p99,
            max(lag) as max,
            percentile_disc(0.99) within group (order by fired_lag) as "firedP99",
            max(fired_lag) as "firedMax"
     from f`,
  );
  return row;
}

/**
 * What two nodes wrote for the expected fires: missing ones (no history row for the schedule
 * and due instant), history rows beyond one per fire, fired rows without a process or sharing
 * one, and processes of schedules created since `sinceMs` that no history row names (a fire
 * whose run was made twice).
 */
export async function duplicatesAndMissing(database, sinceMs) {
  const [row] = await database.query(
    `with h as (select h.* from schedule_history h join bench_expected e
                on e.schedule_id = h.schedule_id and e.due_at = h.due_at)
     select (select count(*) from bench_expected)::int as expected,
            (select count(*) from h)::int as history,
            (select count(*) from h where outcome = 'fired')::int as fired,
            (select count(*) from bench_expected e where not exists
               (select 1 from h where h.schedule_id = e.schedule_id and h.due_at = e.due_at))::int as missing,
            (select count(*) - count(distinct (schedule_id, due_at)) from h)::int as "duplicateHistory",
            (select count(*) from h where outcome = 'fired' and process_id is null)::int as "firedWithoutProcess",
            (select count(*) - count(distinct process_id) from h where process_id is not null)::int as "sharedProcess",
            (select count(*) from processes p where p.source = 'schedule' and p.created_at >= ${at(sinceMs)})::int
              as processes,
            (select count(*) from processes p where p.source = 'schedule' and p.created_at >= ${at(sinceMs)}
               and not exists (select 1 from schedule_history x where x.process_id = p.id))::int as "orphanProcesses"`,
  );
  return row;
}

/**
 * Polls, every `everyMs`, the oldest active schedule whose next fire has passed (the scheduler
 * moves next_fire_at on in the transaction that writes the fire): its age is how long a fire has
 * waited so far, as the database shows it to any node, commit included. One probe of the due
 * index, so that polling costs the database next to nothing. snapshot() gives the worst age seen
 * since the last snapshot; stop() the same, and ends it.
 */
export function overdueMonitor(database, everyMs = 200) {
  let worst = { worstMs: 0, polls: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await database.query(
        `select coalesce(extract(epoch from now() - min(next_fire_at))::float8 * 1000, 0) as oldest
         from schedules where status = 'active'`,
      );
      worst = { worstMs: Math.max(worst.worstMs, row.oldest), polls: worst.polls + 1 };
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const snapshot = () => {
    const seen = worst;
    worst = { worstMs: 0, polls: 0 };
    return seen;
  };
  return {
    snapshot,
    async stop() {
      running = false;
      await loop;
      return snapshot();
    },
  };
}
