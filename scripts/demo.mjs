// `npm run demo`: the whole product with the demo data and two reference agents, for a first
// look. Starts the server as `npm start -- --demo` does (or, with --no-build, the TypeScript
// server as it is, serving the dist/ already built), waits until it answers, registers two
// reference agents with the demo company's token (their folders under the data folder) and
// starts a first run. The demo's minutely schedules then start runs on the agents every minute.
// Ctrl-C (SIGINT) or SIGTERM stops the agents and the server, and this script exits when they
// have; a child that stops on its own stops the rest. The children run in process groups of
// their own, so a Ctrl-C reaches this script only, which stops them in order: the agents first
// (they report their runs canceled), then the server (it closes the database).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_ADMIN,
  agentFolders,
  agentToken,
  firstRun,
  liveAgents,
  logIn,
  waitConnected,
  waitForServer,
} from './lib/demoApi.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const noBuild = process.argv.includes('--no-build');
const port = process.env.PORT ?? '8080';
const url = `http://127.0.0.1:${port}`;
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
// The server logs warnings only (not every request), so the demo's own lines stay readable.
// MALLOC_MMAP_THRESHOLD_ as `npm start` sets it (package.json; scripts/start.mjs says why).
const env = {
  LOG_LEVEL: 'warn',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  DEMO_DATA: 'true',
};

/** Every child, by name, until it exits. */
const children = new Map();
let stopping = false;

const say = (text) => process.stdout.write(`[demo] ${text}\n`);

function start(name, args, prefix) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const relay = (stream, to) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`${prefix}${line}\n`);
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (children.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    process.stderr.write(`[demo] ${name} stopped (${signal ?? `exit code ${code}`}): stopping the demo\n`);
    process.exitCode = 1;
    stop('SIGTERM');
  });
  return child;
}

let stoppedAt = 0;

/** Stops the agents first (they report their runs), then the server; exits once all have. */
function stop(signal) {
  if (stopping) {
    // npm passes on the terminal's Ctrl-C as well: the same signal twice at once is one stop.
    // A later one means do not wait any longer.
    if (Date.now() - stoppedAt < 3_000) return;
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(1);
  }
  stopping = true;
  stoppedAt = Date.now();
  if (children.size === 0) process.exit(process.exitCode ?? 0);
  say(`${signal}: stopping the agents and the server`);
  const server = children.get('server');
  const agents = [...children.entries()].filter(([name]) => name !== 'server').map(([, child]) => child);
  for (const agent of agents) agent.kill('SIGTERM');
  const agentsGone = Promise.all(agents.map((a) => new Promise((done) => a.once('exit', done))));
  void Promise.race([agentsGone, new Promise((done) => setTimeout(done, 10_000))]).then(() => server?.kill('SIGTERM'));
  // Whatever still runs after 30 s is killed: no child outlives the demo.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 30_000).unref();
}

// Should this script end otherwise (an uncaught error), its children end with it.
process.on('exit', () => {
  for (const child of children.values()) child.kill('SIGKILL');
});
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

async function main() {
  say(`starting the server with the demo data (data folder ${dataDir})`);
  const serverArgs = noBuild
    ? ['--import', 'tsx', 'server/main.ts', '--demo']
    : ['--max-semi-space-size=64', 'scripts/start.mjs', '--demo'];
  const server = start('server', serverArgs, '');
  // The first start builds the web app and the server: minutes on a slow machine.
  await waitForServer(url, () => server.exitCode !== null || server.signalCode !== null, Date.now() + 15 * 60_000);
  const api = await logIn(url, DEMO_ADMIN);
  const token = await agentToken(api);
  const agents = await liveAgents(api);
  for (const agent of agents) {
    const { stateDir, workDir, registered } = await agentFolders(dataDir, agent.deviceId);
    const args = ['--import', 'tsx', 'agent/main.ts', '--state-dir', stateDir, '--work-dir', workDir, '--server', url];
    if (!registered) args.push('--token', token, '--name', agent.name);
    if (stopping) return;
    start(agent.name, args, `[${agent.name}] `);
  }
  await waitConnected(
    api,
    agents.map((a) => a.id),
    Date.now() + 60_000,
  );
  // Nice to have: the schedules start runs within a minute anyway.
  const first = await firstRun(api, agents[0].id).catch((error) => {
    say(`the first run was refused: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  process.stdout.write(
    [
      '',
      `The demo is running at ${publicUrl}`,
      `  Log in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (Acme Robotics' Customer Admin); the other accounts are listed above.`,
      `  Agents: ${agents.map((a) => a.name).join(' and ')}, connected (folders in ${path.join(dataDir, 'demo-agents')}).`,
      first ? `  Running now: ${first} on ${agents[0].name}.` : '',
      '  Every minute: Daily Report on Demo Robot 1; every two minutes: Stock Check on Demo Robot 2 (it fails one run in three).',
      '  Press Ctrl-C to stop the agents and the server.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  if (stopping) return;
  process.stderr.write(`[demo] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
  stop('SIGTERM');
});
