// A worker process of simulated agents for the runtime's benchmarks (runtime-kit.mjs forks it):
// real socket.io clients on the `/agent` namespace, authenticated with an agent's id and secret,
// that answer `process:start`, report statuses and send log lines as the reference agent does,
// without running anything. The bench drives it over IPC: each command gets one reply.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const EXECUTED = 2;
const RUNNING = 1;

/** agentId → { socket, running: processId | null, seq } */
const agents = new Map();
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });
let url = '';
/** 'finish': report every start executed at once (the dispatch loop); 'hold': keep it running. */
let mode = 'finish';
let startsSeen = 0;

const send = (message) => process.send?.(message);
const ack = (socket, event, payload) => socket.timeout(30_000).emitWithAck(event, payload);

function onStart(agent, job, answer) {
  const at = now();
  startsSeen += 1;
  answer({ ok: true });
  agent.running = job.processId;
  agent.seq = 0;
  send({ event: 'start', processId: job.processId, agentId: agent.id, at });
  if (mode === 'finish') void finish(agent);
}

async function finish(agent) {
  const processId = agent.running;
  if (!processId) return null;
  agent.running = null;
  const at = new Date().toISOString();
  const sentAt = now();
  await ack(agent.socket, 'process:status', { processId, status: EXECUTED, at, lastSeq: agent.seq });
  return sentAt;
}

async function connectOne(entry) {
  const socket = io(`${url}/agent`, {
    transports: ['websocket'],
    auth: { agentId: entry.id, secret: entry.secret, version: 'bench' },
    reconnection: false,
    forceNew: true,
  });
  const agent = { id: entry.id, secret: entry.secret, socket, running: null, seq: 0 };
  agents.set(entry.id, agent);
  socket.on('process:start', (job, answer) => onStart(agent, job, answer));
  await new Promise((done, fail) => {
    socket.once('connect', done);
    socket.once('connect_error', fail);
  });
  socket.emit('agent:ready', { runningProcessId: null, reportingProcessIds: [], version: 'bench', platform: 'bench' });
}

async function connectAll(list, concurrency) {
  let index = 0;
  const lane = async () => {
    while (index < list.length) await connectOne(list[(index += 1) - 1]);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/** Every agent sends batches of `batch` lines to its running process, one batch at a time, for `ms`. */
async function sendLogs(ms, batch) {
  const end = now() + ms;
  let lines = 0;
  const one = async (agent) => {
    while (now() < end && agent.running) {
      const from = agent.seq;
      const at = new Date().toISOString();
      const payload = Array.from({ length: batch }, (_, i) => ({
        seq: from + i + 1,
        at,
        stream: 'stdout',
        text: `bench line ${from + i + 1}: the bot did one more step of its work`,
      }));
      agent.seq += batch;
      const answer = await ack(agent.socket, 'process:log', { processId: agent.running, lines: payload });
      if (!answer.ok) throw new Error(`log refused: ${answer.message}`);
      lines += batch;
    }
  };
  await Promise.all([...agents.values()].map(one));
  return lines;
}

/**
 * The fleet's load: per agent per minute 40 log lines, 12 status reports of its running process,
 * 6 reads of its bot's file over HTTP (socket.io's own pings are the heartbeats), spread evenly
 * with a random phase. The first `warmMs` are a warm-up; answers the round trip in ms of every
 * message sent in the `ms` after it.
 */
async function fleetLoad(ms, warmMs = 0) {
  const kinds = [...Array(40).fill('log'), ...Array(12).fill('status'), ...Array(6).fill('read')];
  const period = 60_000 / kinds.length;
  const latencies = [];
  const byKind = { log: [], status: [], read: [] };
  let failures = 0;
  /** Why messages failed: the ack's code, the HTTP status or the error. */
  const why = {};
  const failed = (reason) => {
    failures += 1;
    why[reason] = (why[reason] ?? 0) + 1;
  };
  const timers = [];
  // Plain acknowledgement callbacks and node:http with kept-alive connections: the lightest
  // client each message can have, so that the machine's cores go to the server under test.
  // A message still unanswered when the load ends counts as failed.
  let unanswered = 0;
  const measureFrom = now() + warmMs;
  const done = (kind, t0, problem) => {
    unanswered -= 1;
    // A warm-up message counts for nothing, but an unanswered one would still fail the load.
    if (t0 < measureFrom && !problem) return;
    if (problem) return failed(problem);
    const took = Math.round((now() - t0) * 100) / 100;
    latencies.push(took);
    byKind[kind].push(took);
  };
  const fire = (agent, kind) => {
    const t0 = now();
    unanswered += 1;
    if (kind === 'log') {
      agent.seq += 1;
      const line = { seq: agent.seq, at: new Date().toISOString(), stream: 'stdout', text: `fleet line ${agent.seq}` };
      agent.socket.emit('process:log', { processId: agent.running, lines: [line] }, (a) =>
        done(kind, t0, a.ok ? null : `log ${a.code}`),
      );
    } else if (kind === 'status') {
      const at = new Date().toISOString();
      agent.socket.emit('process:status', { processId: agent.running, status: RUNNING, at }, (a) =>
        done(kind, t0, a.ok ? null : `status ${a.code}`),
      );
    } else {
      const request = http.get(
        `${url}/api/agent/process/${agent.running}/file`,
        { agent: keepAlive, headers: { authorization: `Agent ${agent.id}:${agent.secret}` } },
        (res) => {
          res.resume();
          res.on('end', () => done(kind, t0, res.statusCode === 200 ? null : `read ${res.statusCode}`));
        },
      );
      request.on('error', (error) => done(kind, t0, `read ${error.message}`.slice(0, 80)));
    }
  };
  // This worker's own event-loop delay: the part of a round trip spent waiting on the client.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  timers.push(setTimeout(() => delay.reset(), warmMs));
  const stopAt = measureFrom + ms;
  for (const agent of agents.values()) {
    const order = [...kinds].sort(() => Math.random() - 0.5);
    let n = 0;
    const start = setTimeout(() => {
      const tick = () => {
        if (now() >= stopAt) return;
        fire(agent, order[n % order.length]);
        n += 1;
      };
      tick();
      timers.push(setInterval(tick, period));
    }, Math.random() * period);
    timers.push(start);
  }
  await new Promise((r) => setTimeout(r, warmMs + ms + 2_000));
  for (const t of timers) clearInterval(t);
  delay.disable();
  for (let i = 0; i < unanswered; i += 1) failed('no answer');
  const lag = { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  return { latencies, byKind, failures, why, lag };
}

process.on('message', async (command) => {
  const reply = (body = {}) => send({ reply: command.id, ...body });
  try {
    switch (command.type) {
      case 'connect':
        url = command.url;
        mode = command.mode ?? mode;
        await connectAll(command.agents, command.concurrency ?? 20);
        return reply({ connected: agents.size });
      case 'mode':
        mode = command.mode;
        return reply();
      case 'running':
        return reply({ running: [...agents.values()].filter((a) => a.running).length, starts: startsSeen });
      case 'finish': {
        if (command.agentId === undefined) {
          await Promise.all([...agents.values()].map(finish));
          return reply();
        }
        const agent = agents.get(command.agentId);
        const sentAt = agent ? await finish(agent) : null;
        return reply({ sentAt });
      }
      case 'logs':
        return reply({ lines: await sendLogs(command.ms, command.batch) });
      case 'fleet':
        return reply(await fleetLoad(command.ms, command.warmMs));
      case 'close':
        for (const agent of agents.values()) agent.socket.disconnect();
        agents.clear();
        return reply();
      default:
        return reply({ error: `unknown command ${command.type}` });
    }
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
});
