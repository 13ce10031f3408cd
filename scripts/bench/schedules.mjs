// The scheduler with 100,000 active schedules on a throwaway PostgreSQL database: how late a
// burst of 10,000 fires due in the same second, a steady stream of ≈ 1,700 fires a second, and
// then 100,000 minutely schedules due at one whole minute are written; whether two nodes on one
// database and one Redis fire each due fire exactly once; what an idle node costs and how fast
// it starts with them. Fixtures and schedules are written in SQL while no server runs (the
// scheduler reads its queue when it starts); every fire is the server's own. The agents never
// connect: each fire queues a run on an offline agent, so the bench measures firing, not running.
// Standalone: `node scripts/bench/schedules.mjs`; `npm run bench -- schedules` writes its section.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchSection, launch, serverPid } from './proc.mjs';
import { cpuMs, now, openDatabase, postgresCpu, seedFixtures, startApp } from './runtime-kit.mjs';
import { render, SETUP } from './schedules-report.mjs';
import {
  ceilMinute,
  databaseNow,
  duplicatesAndMissing,
  fireStats,
  minutely,
  overdueMonitor,
  retime,
  seedSchedules,
  takenUpTo,
} from './schedules-seed.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** BOT_TYPE.automated: the bot scheduled plans run. */
const AUTOMATED = 2;

/** Polls check() every `everyMs` until it is truthy or `deadlineMs` (wall clock) passes; true if it held. */
async function waitFor(check, deadlineMs, everyMs = 100) {
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadlineMs) return false;
    await sleep(everyMs);
  }
}

/**
 * Polls until every fire due at or before `dueMs` is taken (committed), or `deadlineMs` passes:
 * how long after `dueMs` that was seen (ms), or null.
 */
async function takenAfter(database, dueMs, deadlineMs, everyMs = 100) {
  const taken = await waitFor(() => takenUpTo(database, dueMs), deadlineMs, everyMs);
  return taken ? Date.now() - dueMs : null;
}

/** Waits until a wall-clock instant (ms). */
const sleepUntil = (ms) => sleep(Math.max(0, ms - Date.now()));

/**
 * The CPU share (1 = one core) of the given server processes and of the bench database's
 * PostgreSQL sessions (the bench's own left out; other databases on the machine are other
 * people's work) from the call to the returned function's, and the seconds elapsed.
 */
function cpuMeter(database, pids) {
  const t0 = now();
  const server0 = pids.map(cpuMs);
  const pg0 = postgresCpu();
  return async () => {
    const seconds = (now() - t0) / 1000;
    const servers = pids.map((pid, i) => (cpuMs(pid) - server0[i]) / 1000 / seconds);
    const pg1 = postgresCpu();
    const sessions = await database.query(
      'select pid::text as pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const postgresMs = sessions.reduce((sum, { pid }) => sum + (pg1.get(pid) ?? 0) - (pg0.get(pid) ?? 0), 0);
    return { seconds, servers, postgres: postgresMs / 1000 / seconds };
  };
}

/**
 * One node started with 100,000 schedules of which 10,000 are due at the next whole minute at
 * least SETUP.burstLeadMs away: its start time, its CPU while none is due, then the burst.
 */
async function idleAndBurst(database, idleFromMs, log) {
  // A whole minute: the burst's due instant is a fire of the schedules' own durations.
  const burstMs = ceilMinute(Date.now() + SETUP.burstLeadMs);
  await retime(database, {
    count: SETUP.burst,
    firstMs: burstMs,
    spreadMs: 0,
    duration: minutely(59, burstMs),
    idleFromMs,
  });
  // Launched as users do, `npm start` (the builds are current: the first start checked them).
  const app = await launch(npm, ['start'], database.env);
  try {
    const startSeconds = (app.answeredAt - app.startedAt) / 1000;
    log(`npm start with ${SETUP.total} schedules answered /api/health ${startSeconds.toFixed(2)} s after launch`);
    const pid = serverPid(app.pid);
    const settling = cpuMeter(database, [pid]);
    await sleep(SETUP.settleMs);
    const settle = await settling();
    const idleMeter = cpuMeter(database, [pid]);
    await sleep(SETUP.idleMs);
    const idleCpu = await idleMeter();
    const [{ fires }] = await database.query(`select count(*)::int as fires from schedule_history`);
    const idle = { ...idleCpu, settle, fires, before: (burstMs - Date.now()) / 1000 };
    log(`idle: ${JSON.stringify(idle)}`);

    const monitor = overdueMonitor(database);
    await sleepUntil(burstMs);
    const meter = cpuMeter(database, [pid]);
    const allWrittenMs = await takenAfter(database, burstMs, burstMs + SETUP.drainMs);
    const cpu = await meter();
    const overdue = await monitor.stop();
    const stats = await fireStats(database, burstMs, burstMs + 1000);
    const burst = { ...stats, allWrittenMs, overdue, cpu };
    log(`burst: ${JSON.stringify(burst)}`);
    return { startSeconds, idle, burst };
  } finally {
    await app.stop();
  }
}

/**
 * One node, every schedule due every minute. Their next fires are set spread evenly over one
 * minute from a whole minute: the steady stream. A minutely schedule fires at its start plus
 * whole minutes, so each one's next fire is then the next whole minute, all of them at once:
 * measured too, as what these schedules do in use.
 */
async function steady(database, idleFromMs, retimeMs, log) {
  const firstMs = ceilMinute(Date.now() + retimeMs + SETUP.leadMs);
  const wholeMs = firstMs + 60_000;
  await retime(database, { count: SETUP.total, firstMs, spreadMs: 60_000, duration: minutely(1, firstMs), idleFromMs });
  const app = await startApp(database);
  try {
    // Positive when the node answered only after the first fires were due.
    const lateStartMs = Date.now() - firstMs;
    await sleepUntil(firstMs);
    const monitor = overdueMonitor(database);
    const meter = cpuMeter(database, [app.pid]);
    await sleepUntil(wholeMs);
    const cpu = await meter();
    const overdue = monitor.snapshot();

    const wholeMeter = cpuMeter(database, [app.pid]);
    const wholeTakenMs = await takenAfter(database, wholeMs, wholeMs + SETUP.wholeMinuteDrainMs, 200);
    const wholeCpu = await wholeMeter();
    const whole = { ...(await fireStats(database, wholeMs, wholeMs + 1)), takenMs: wholeTakenMs, cpu: wholeCpu };
    whole.overdue = await monitor.stop();
    // Read once the last spread fires, due just before the whole minute, are written too.
    const spread = await fireStats(database, firstMs, wholeMs);
    log(`steady, spread minute: ${JSON.stringify({ lateStartMs, spread, overdue, cpu })}`);
    log(`steady, whole minute: ${JSON.stringify(whole)}`);
    return { lateStartMs, spread, overdue, cpu, whole };
  } finally {
    await app.stop();
  }
}

/**
 * Two nodes on the same database and Redis; SETUP.twoNodes schedules due once each, spread over
 * SETUP.twoNodesSpreadMs (the steady stream's rate): every fire written once, none missing.
 */
async function twoNodes(database, idleFromMs, retimeMs, log) {
  const firstMs = Math.ceil((Date.now() + retimeMs + SETUP.twoNodesLeadMs) / 1000) * 1000;
  await retime(database, {
    count: SETUP.twoNodes,
    firstMs,
    spreadMs: SETUP.twoNodesSpreadMs,
    // Every 59 minutes: each fires once in the run.
    duration: minutely(59, firstMs),
    idleFromMs,
  });
  const since = await databaseNow(database);
  const env = { REDIS_URL };
  const nodes = [];
  try {
    nodes.push(await startApp(database, env));
    nodes.push(await startApp(database, env));
    if (Date.now() > firstMs)
      log(`two nodes: the second node answered ${Date.now() - firstMs} ms after the first fire`);
    await sleepUntil(firstMs);
    const monitor = overdueMonitor(database);
    const meter = cpuMeter(
      database,
      nodes.map((n) => n.pid),
    );
    const lastDueMs = firstMs + SETUP.twoNodesSpreadMs - 1;
    const takenMs = await takenAfter(database, lastDueMs, lastDueMs + SETUP.drainMs, 200);
    const cpu = await meter();
    const overdue = await monitor.stop();
    // A moment more: a fire written twice would show up now rather than after the stop.
    await sleep(1000);
    const check = await duplicatesAndMissing(database, since);
    const stats = await fireStats(database, firstMs, firstMs + SETUP.twoNodesSpreadMs);
    const result = { ...check, stats, takenMs, overdue, cpu };
    log(`two nodes: ${JSON.stringify(result)}`);
    return result;
  } finally {
    for (const node of nodes) await node.stop();
  }
}

async function measure(log) {
  const load = loadavg()[0];
  const database = await openDatabase('postgres');
  try {
    // The first start migrates the database and creates the Super Admin the fixtures name.
    await (await startApp(database)).stop();
    const fixtures = await seedFixtures(database, SETUP.agents);
    await database.query(`update bots set type = ${AUTOMATED} where id = '${fixtures.botId}'`);
    // The same start without the schedules, on this machine as it is now: what they add.
    const bare = await launch(npm, ['start'], database.env);
    await bare.stop();
    const bareStartSeconds = (bare.answeredAt - bare.startedAt) / 1000;
    log(`npm start without schedules answered /api/health ${bareStartSeconds.toFixed(2)} s after launch`);
    // Idle schedules wait a day: none of them is due during the bench.
    const idleFromMs = ceilMinute(Date.now() + 24 * 3600_000);
    const seeded = now();
    await seedSchedules(database, fixtures, SETUP.total, idleFromMs);
    const seedMs = now() - seeded;
    log(`${SETUP.total} schedules seeded in ${(seedMs / 1000).toFixed(1)} s`);
    // Rewriting them all for a phase takes about as long as writing them: their first fire
    // comes that long, with a margin, after the phase starts, plus the servers' start.
    const retimeMs = 1.5 * seedMs;
    const began = now();
    const timed = (line) => log(`${line} (${((now() - began) / 1000).toFixed(0)} s into the phases)`);
    const first = await idleAndBurst(database, idleFromMs, timed);
    const steadyResult = await steady(database, idleFromMs, retimeMs, timed);
    const two = await twoNodes(database, idleFromMs, retimeMs, timed);
    return { load, bareStartSeconds, ...first, steady: steadyResult, two };
  } finally {
    await database.drop();
  }
}

export const schedulesSection = benchSection(
  { id: 'schedules', title: 'Scheduler: 100,000 schedules', measure, render },
  import.meta.url,
);
