// What `npm run demo` asks the control room, as the demo's Customer Admin would: wait until it
// answers, log in, read the agent registration token and the demo agents, start a first run.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Acme's Customer Admin of the demo data (server/db/demoData.ts). */
export const DEMO_ADMIN = { email: 'ca.acme@rpa.local', password: 'Custadmin@1' };
/** The device ids of the agents `npm run demo` runs (server/db/demoFleet.ts, the `live` ones). */
export const LIVE_DEVICE_IDS = ['demo-robot-1', 'demo-robot-2'];

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Polls /api/health until it answers, or fails once `deadline` passes or `gone()` says the server exited. */
export async function waitForServer(url, gone, deadline) {
  while (Date.now() < deadline) {
    if (gone()) throw new Error('the server stopped before it answered');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await pause(300);
  }
  throw new Error(`the server did not answer at ${url} in time`);
}

/** A small client of the API logged in as `who`. */
export async function logIn(url, who) {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = await login.json().catch(() => ({}));
  if (!login.ok) throw new Error(`logging in as ${who.email} failed: ${body.message ?? login.status}`);
  const token = body.payload.token;
  return async (method, route, payload) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: { authorization: `Token ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${answer.message ?? ''}`);
    // Most answers wrap their data in `payload`; a download answers the file itself.
    return 'payload' in answer ? answer.payload : answer;
  };
}

/** The company's reusable agent registration token, as its registration file gives it. */
export async function agentToken(api) {
  const { rows } = await api('GET', '/registrationToken/all?limit=100');
  const usable = rows.find((t) => t.type === 'agent');
  if (!usable) throw new Error('the demo company has no agent registration token');
  return (await api('GET', `/registrationToken/download/${usable.id}`)).token;
}

/** The demo agents `npm run demo` runs, as the Agents list shows them. */
export async function liveAgents(api) {
  const { rows } = await api('GET', '/agent/all?limit=100');
  const found = LIVE_DEVICE_IDS.map((deviceId) => rows.find((a) => a.deviceId === deviceId));
  if (found.some((a) => !a)) throw new Error(`the demo agents (${LIVE_DEVICE_IDS.join(', ')}) are missing`);
  return found;
}

/**
 * An agent's folders under the data folder. Its state folder gets the demo device id before
 * the first start: registering a known device keeps its agent, with the demo's schedules and
 * history.
 */
export async function agentFolders(dataDir, deviceId) {
  const base = path.join(dataDir, 'demo-agents', deviceId);
  const stateDir = path.join(base, 'state');
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  await chmod(stateDir, 0o700);
  const deviceFile = path.join(stateDir, 'device-id');
  const kept = await readFile(deviceFile, 'utf8').catch(() => '');
  if (kept.trim() !== deviceId) await writeFile(deviceFile, `${deviceId}\n`, { mode: 0o600 });
  const registered = await readFile(path.join(stateDir, 'credentials.json'), 'utf8').then(
    () => true,
    () => false,
  );
  return { stateDir, workDir: path.join(base, 'work'), registered };
}

/** Waits until every agent of `ids` is connected. */
export async function waitConnected(api, ids, deadline) {
  while (Date.now() < deadline) {
    const { rows } = await api('GET', '/agent/all?limit=100');
    if (ids.every((id) => rows.some((a) => a.id === id && a.status === 1))) return;
    await pause(500);
  }
  throw new Error('the demo agents did not connect in time');
}

/** A first run at once, so the newcomer sees one start, stream its log and end. */
export async function firstRun(api, agentId) {
  const { rows } = await api('GET', '/bot/all?limit=100');
  const hello = rows.find((b) => b.name === 'Hello World');
  if (!hello) return null;
  await api('POST', '/process/create', {
    botId: hello.id,
    agentId,
    // A scheduled run may have started on it already: this one waits behind it.
    queue: true,
    parameters: [
      { name: 'in_Name', value: 'newcomer' },
      { name: 'in_Times', value: '10' },
    ],
  });
  return hello.name;
}
