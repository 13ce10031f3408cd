// The dashboard's reports over big tables: GET /api/dashboard-report/{bot-performance,line-graph,
// sunburst-chart} for one company and for the whole platform, monthly (30 local days) and custom
// (90 days), over 1,000,000 processes on PostgreSQL and 100,000 on PGlite, made by generate_series
// in SQL (100 companies, 50 bots, statuses 0–5 in turn, spread evenly over the last 90 days; only
// the newest thousand runs can be running, as on a platform, where the sweeper ends the running
// runs of absent agents).
// The reports read the running totals (folded from the count changes the processes trigger logged
// as the rows were inserted, and the kept counts per quarter of an hour), once in UTC and once in
// Asia/Kolkata (+05:30): both zones' boundaries start a quarter of an hour.
// Standalone: `node scripts/bench/dashboard.mjs`; `npm run bench -- dashboard` writes its section.
// To look at a few cases: BENCH_DASHBOARD_ONLY=postgres|pglite, BENCH_DASHBOARD_MATCH=<text in
// "<report> <scope> <period>">, e.g. "sunburst-chart platform".
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { setInterval, clearInterval } from 'node:timers';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { benchSection } from './proc.mjs';
import { login, openDatabase, seedFixtures, startApp } from './runtime-kit.mjs';

const run = (command, args, env) =>
  promisify(execFile)(command, args, { env: { ...process.env, ...env }, maxBuffer: 1 << 24 });

const SETUPS = { postgres: { processes: 1_000_000 }, pglite: { processes: 100_000 } };
const COMPANIES = 100;
const DAYS = 90;
const DURATION_S = 5;
const CONNECTIONS = 8;
const TARGET_P99 = 50;
const WRITES_PER_S = 5;
const REPORTS = ['bot-performance', 'line-graph', 'sunburst-chart'];
const PERIODS = { monthly: 'period=monthly', 'custom 90 days': null };
const ZONES = ['UTC', 'Asia/Kolkata'];
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function seedStatements(fixtures, setup) {
  const step = (DAYS * 86_400) / setup.processes;
  return [
    `insert into companies (name, status) select 'Bench Dashboard Co ' || i, 'active' from generate_series(1, ${COMPANIES - 1}) i`,
    `with c as (select id, row_number() over (order by name) as rn from companies where name like 'Bench Dashboard Co %')
     insert into processes (company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id, status, timeout_seconds,
                            started_at, ended_at, created_at, updated_at)
     select case when i % ${COMPANIES} = 0 then '${fixtures.companyId}'::uuid else c.id end, null, null, '${fixtures.userId}',
            'Bench bot ' || (i % 50), 'bench-agent', 'BENCH-1',
            case when i % 6 = 1 and i > 1000 then 2 else i % 6 end, 3600,
            now() - make_interval(secs => i * ${step}), now() - make_interval(secs => i * ${step} - 30),
            now() - make_interval(secs => i * ${step}), now() - make_interval(secs => i * ${step})
     from generate_series(1, ${setup.processes}) as g(i)
     left join c on c.rn = 1 + (i % ${COMPANIES - 1})`,
    'vacuum analyze',
  ];
}

/** The 90 local (UTC) days ending today, as a custom period. */
function customPeriod() {
  const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  return `period=custom&from=${day(DAYS - 1)}&to=${day(0)}`;
}

async function cannon(url, headers, duration = DURATION_S) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 30 });
  // A server too slow to answer (503: no database connection within 5 s) is counted, not fatal.
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    // Bytes read per answer, headers included (as sent: gzipped where the server gzips).
    bytes: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors,
    done: r.requests.total,
  };
}

/**
 * Creates WRITES_PER_S runs a second through the API while the reports are measured, as a busy
 * platform does: every fold (each DASHBOARD_FOLD_SECONDS) then has changes to take in, so the
 * totals' generation moves and each node makes its copy of them again. Answers a stop function.
 */
function startWriter(app, headers, fixtures) {
  const body = JSON.stringify({ botId: fixtures.botId, agentId: fixtures.agents[0].id, parameters: [] });
  let failures = 0;
  let created = 0;
  const timer = setInterval(() => {
    fetch(`${app.url}/api/process/create`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    })
      .then((res) => (res.ok ? (created += 1) : (failures += 1)))
      .catch(() => (failures += 1));
  }, 1000 / WRITES_PER_S);
  return () => {
    clearInterval(timer);
    if (failures > 0) throw new Error(`the writer's runs failed ${failures} times (${created} made)`);
    return created;
  };
}

/**
 * Waits until the server's sweeper has ended the seed's running runs (their agent is absent): a
 * one-off pass over a thousand runs, with their notifications, that would otherwise land in
 * whichever case runs first.
 */
async function sweptSeed(app, headers) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${app.url}/api/process/all?status=1&limit=1`, { headers });
    const running = res.ok ? (await res.json()).payload.count : null;
    if (running === 0) return;
    if (Date.now() > deadline) throw new Error(`the seed's running runs were not ended (${running} running)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every report × scope × period once, against the running server. */
async function measureAll(app, fixtures, zone, log) {
  const companyId = fixtures.companyId;
  // As the web app's browser asks: Chromium takes these encodings on every request.
  const headers = { authorization: `Token ${await login(app.url)}`, 'accept-encoding': ACCEPT_ENCODING };
  await sweptSeed(app, headers);
  const results = [];
  const variant = `zone ${zone}`;
  for (const report of REPORTS)
    for (const [scope, filter] of [
      ['one company', `&companyId=${companyId}`],
      ['platform', ''],
    ])
      for (const [period, query] of Object.entries(PERIODS)) {
        if (!`${report} ${scope} ${period}`.includes(process.env.BENCH_DASHBOARD_MATCH ?? '')) continue;
        const url = `${app.url}/api/dashboard-report/${report}?${query ?? customPeriod()}${filter}&timezone=${zone}`;
        // The warm-up runs with the writer too: a route's first request compiles its schemas
        // (the server compiles them when first used), a one-off the case would otherwise count.
        const stopWriter = startWriter(app, headers, fixtures);
        await cannon(url, headers, 1);
        const m = await cannon(url, headers);
        stopWriter();
        log(`${variant} ${report} ${scope} ${period}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms`);
        results.push({ variant, report, scope, period, ...m });
      }
  return results;
}

async function measureKind(kind, log) {
  const setup = SETUPS[kind];
  const database = await openDatabase(kind);
  // The server starts once to migrate, and stops while the rows are made: a vacuum marks every
  // page all-visible (so counts are read from an index alone) only when no transaction is older.
  let app = await startApp(database);
  try {
    await app.stop();
    const fixtures = await seedFixtures(database, 1);
    const started = Date.now();
    log(`${kind}: seeding ${setup.processes.toLocaleString('en')} processes`);
    for (const statement of seedStatements(fixtures, setup)) await database.query(statement);
    const seedSeconds = (Date.now() - started) / 1000;
    const [kept] = await database.query('select count(*)::int as n from process_quarter_counts');
    setup.countRows = Number(kept?.n ?? 0);
    log(`${kind}: seeded in ${seedSeconds.toFixed(0)} s; ${setup.countRows} kept count rows`);
    await database.release();
    // The seed's count changes are folded into the running totals (what a running server does
    // every 2 s), then vacuumed with no server holding a transaction open.
    const folding = Date.now();
    await run(process.execPath, ['--import', 'tsx', 'scripts/bench/fold-totals.ts'], database.env);
    setup.foldSeconds = (Date.now() - folding) / 1000;
    await database.query('vacuum analyze');
    const [totals] = await database.query('select count(*)::int as n from process_series_totals');
    setup.totalRows = Number(totals?.n ?? 0);
    log(`${kind}: folded in ${setup.foldSeconds.toFixed(0)} s; ${setup.totalRows} series total rows`);
    await database.release();
    app = await startApp(database);
    const results = [];
    for (const zone of ZONES) results.push(...(await measureAll(app, fixtures, zone, log)));
    return { results, seedSeconds, setup };
  } finally {
    await app.stop();
    await database.drop();
  }
}

const ms = (v) => `${Number(v).toFixed(1)} ms`;
const num = (v) => Math.round(v).toLocaleString('en');

function render({ byKind, load }) {
  const rows = [];
  let missed = 0;
  let met = 0;
  for (const [kind, { results, setup, seedSeconds }] of Object.entries(byKind)) {
    for (const r of results) {
      // No request answered within the run is a miss, not a p99 of 0.
      const ok = r.done > 0 && r.p99 <= TARGET_P99 && r.failed === 0;
      if (ok) met += 1;
      else missed += 1;
      const failures = (r.failed > 0 ? ` (${r.failed} failed)` : '') + (r.done === 0 ? ' (none answered)' : '');
      const verdict = (ok ? '✅ pass' : '❌ miss') + failures;
      rows.push(
        `| ${kind} (${num(setup.processes)} runs, ${num(setup.countRows)} count rows, ${num(setup.totalRows)} series totals; seeded in ${seedSeconds.toFixed(0)} s, folded in ${setup.foldSeconds.toFixed(0)} s) | ${r.variant} | ${r.report} | ${r.scope} | ${r.period} | ${(r.bytes / 1000).toFixed(1)} kB | ${num(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${verdict} |`,
      );
    }
  }
  const markdown = `Requests as the Super Admin, with the Accept-Encoding a browser sends (\`${ACCEPT_ENCODING}\`: the server gzips the platform's sunburst, once per change of its answer, and sends the other reports as they are; "answer" is the bytes read per answer, headers included), at ${CONNECTIONS} connections for ${DURATION_S} s each (after a warm-up run of 1 s, the writer below already writing): \`GET /api/dashboard-report/<report>?period=monthly\` (the 30 local days ending today) and \`period=custom\` over the 90 days ending today, for one company (\`companyId\`, 1 % of the runs) and for the whole platform. Data by generate_series: ${COMPANIES} companies, 50 bot names, statuses 0–5 in turn (running only among the newest thousand, which the server's sweeper ends, their agent being absent, before the first case), created evenly over the last ${DAYS} days; so a platform-wide 90-day report covers every run in the table. The reports of a company and of the whole platform read the running totals (folded from the seed's changes before the server starts, then every 2 s; the kept counts per quarter of an hour, made by the processes trigger while the rows were inserted, fill in between a boundary and its nearest midnight), in UTC and in Asia/Kolkata (+05:30): in both, every boundary of a period and of its local days starts a quarter, so no run is counted one by one. While each case is measured a writer creates ${WRITES_PER_S} runs a second through the API (\`POST /api/process/create\`), so every fold (each 2 s) moves the running totals and each node then moves its copy of what the folds settled forward by what they took in. Autocannon, server and database share the machine (1-minute load average at the start: ${load.toFixed(2)}, on 2 cores). Target: p99 ≤ ${TARGET_P99} ms; ${met} of ${met + missed} measured cases meet it.

| database | zone | report | scope | period | answer | req/s | p50 | p99 | p99 ≤ ${TARGET_P99} ms |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  return { markdown, missed };
}

export const dashboardSection = benchSection(
  {
    id: 'dashboard',
    title: 'Dashboard reports (GET /api/dashboard-report/…)',
    async measure(log) {
      const load = loadavg()[0];
      const only = process.env.BENCH_DASHBOARD_ONLY;
      const byKind = {};
      for (const kind of ['postgres', 'pglite'])
        if (!only || only === kind) byKind[kind] = await measureKind(kind, log);
      return { byKind, load };
    },
    render,
  },
  import.meta.url,
);
