import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain';
import { setAgentStatus } from '../../server/runtime/sql';
import { call, startServer, type TestServer } from './helpers';
import { connectAgent, eventually, type ProtocolAgent } from './protocolAgent';
import { botForm } from './workflows';
import {
  buildWorld,
  openLicence,
  registerAgent,
  type AgentCredentials,
  type Envelope,
  type ListPayload,
  type Who,
  type World,
} from './world';

type Credentials = AgentCredentials;
type Agent = { id: string; status: number; lastSeenAt: string | null };

/**
 * A node's heartbeat is one row (server_nodes) whatever the number of its agents; an agent is
 * alive while the node holding its socket beats. Heartbeats every second here, so a node is
 * taken for dead after three silent seconds.
 */
describe('node heartbeats: connected agents live as long as their node does', () => {
  let server: TestServer;
  let w: World;
  let botId: string;
  const creds: Credentials[] = [];
  const agents: ProtocolAgent[] = [];
  const as = <T = Record<string, unknown>>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api${url}`, { token: w.people[who].token, body });
  const rows = (text: string, params: unknown[] = []) => server.app.database.queryRows(text, params);
  const agentRow = async (id: string) =>
    (
      await rows('select status, node_id::text as "nodeId", last_seen_at as "lastSeenAt" from agents where id = $1', [
        id,
      ])
    )[0];
  const listed = async (id: string) =>
    (await as<ListPayload<Agent>>('caA', 'GET', '/agent/all?limit=100')).body.payload.rows.find((a) => a.id === id);
  const nodeBeat = async (nodeId: string) =>
    new Date(String((await rows('select last_seen_at from server_nodes where id = $1', [nodeId]))[0]?.last_seen_at));
  const ownNode = () => server.app.runtime.dispatcher.nodeId;
  /** Waits for `n` more heartbeats of this node. */
  const beats = async (n: number) => {
    const from = (await nodeBeat(ownNode())).getTime();
    await eventually(
      async () => ((await nodeBeat(ownNode())).getTime() > from + (n - 1) * 900 ? true : undefined),
      `${n} heartbeats`,
    );
  };

  beforeAll(async () => {
    server = await startServer({ env: { AGENT_HEARTBEAT_SECONDS: '1', AGENT_GRACE_SECONDS: '2' } });
    w = await buildWorld(server, 'beats');
    await as('super', 'POST', '/companyLicense/create', {
      ...openLicence({ maxBots: 5, maxAgents: 5 }),
      companyId: w.companyA,
    });
    botId = (
      await call<Envelope<{ id: string }>>(server, 'POST', '/api/bot/create', {
        token: w.people.userA.token,
        form: botForm({ name: 'Beats', description: 'Keeps its agents alive', type: 1 }),
      })
    ).body.payload.id;
    for (const deviceId of ['BEAT-1', 'BEAT-2', 'BEAT-3']) creds.push(await registerAgent(server, w, 'caA', deviceId));
  });
  afterAll(async () => {
    for (const a of agents) a.close();
    await server?.close();
  });

  it('beats once per heartbeat for all its agents, and lists a connected agent as seen at its last beat', async () => {
    const [c] = creds;
    agents.push(await connectAgent(server.baseUrl, c.agentId, c.secret));
    const connected = await eventually(async () => {
      const row = await agentRow(c.agentId);
      return row?.status === 1 ? row : undefined;
    }, 'the agent marked connected');
    expect(connected.nodeId).toBe(ownNode());
    expect(await rows('select 1 from server_nodes')).toHaveLength(1);
    await beats(2);
    // The row itself still holds the connection's time; the list reads the node's heartbeat.
    expect((await agentRow(c.agentId)).lastSeenAt).toEqual(connected.lastSeenAt);
    const shown = await listed(c.agentId);
    expect(shown?.status).toBe(1);
    expect(new Date(String(shown?.lastSeenAt)).getTime()).toBeGreaterThan(
      new Date(String(connected.lastSeenAt)).getTime(),
    );
  });

  it("disconnects a silent node's agents, last seen when it was, and ends their runs after the grace period", async () => {
    const [, dead, alive] = creds;
    const deadNode = randomUUID();
    const liveNode = randomUUID();
    await rows(
      `insert into server_nodes (id, last_seen_at) values ($1, now() - interval '1 hour'), ($2, now() + interval '1 hour')`,
      [deadNode, liveNode],
    );
    // As another node would have left them: connected there, one running a process.
    await rows('update agents set status = 1, node_id = $2 where id = $1', [dead.agentId, deadNode]);
    await rows('update agents set status = 1, node_id = $2 where id = $1', [alive.agentId, liveNode]);
    const processId = String(
      (
        await rows(
          `insert into processes (company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id, timeout_seconds, status, started_at)
           select a.company_id, $2, a.id, $3, 'Beats', a.name, a.device_id, 3600, 1, now() from agents a where a.id = $1
           returning id::text as id`,
          [dead.agentId, botId, w.people.userA.id],
        )
      )[0].id,
    );
    const dropped = await eventually(async () => {
      const row = await agentRow(dead.agentId);
      return row?.status === 0 ? row : undefined;
    }, 'the dead node’s agent disconnected');
    expect(dropped.nodeId).toBeNull();
    expect(new Date(String(dropped.lastSeenAt)).getTime()).toBe((await nodeBeat(deadNode)).getTime());
    await eventually(async () => {
      const [row] = await rows('select status, reason from processes where id = $1', [processId]);
      return row.status === PROCESS_STATUS.agentDisconnected ? row : undefined;
    }, 'its run ended as disconnected');
    // A node that beats keeps its agents, however many of this node's heartbeats go by.
    await beats(4);
    expect(await agentRow(alive.agentId)).toMatchObject({ status: 1, nodeId: liveNode });
  });

  it("puts this node's rows right: a held agent marked gone comes back, a row it holds no socket of goes", async () => {
    const [held, stray] = creds;
    const status = async (id: string) => (await agentRow(id)).status;
    await rows('update agents set status = 0, node_id = null where id = $1', [held.agentId]);
    await eventually(async () => ((await status(held.agentId)) === 1 ? true : undefined), 'held back');
    expect((await agentRow(held.agentId)).nodeId).toBe(ownNode());
    await rows('update agents set status = 1, node_id = $2 where id = $1', [stray.agentId, ownNode()]);
    await eventually(async () => ((await status(stray.agentId)) === 0 ? true : undefined), 'stray let go');
    // Both at once leave the count as it was: the check of every row, every sixth heartbeat, finds them.
    await rows('update agents set status = 0, node_id = null where id = $1', [held.agentId]);
    await rows('update agents set status = 1, node_id = $2 where id = $1', [stray.agentId, ownNode()]);
    await eventually(
      async () => ((await status(held.agentId)) === 1 && (await status(stray.agentId)) === 0 ? true : undefined),
      'both put right',
      20_000,
    );
  });

  it('a late disconnection by the node an agent left does not undo its newer connection elsewhere', async () => {
    const [, , c] = creds;
    const otherNode = randomUUID();
    await rows(`insert into server_nodes (id) values ($1)`, [otherNode]);
    await rows('update agents set status = 1, node_id = $2 where id = $1', [c.agentId, otherNode]);
    expect(await setAgentStatus(server.app.database, c.agentId, 0, ownNode())).toBeNull();
    expect(await agentRow(c.agentId)).toMatchObject({ status: 1, nodeId: otherNode });
    expect(await setAgentStatus(server.app.database, c.agentId, 0, otherNode)).toMatchObject({ id: c.agentId });
    expect(await agentRow(c.agentId)).toMatchObject({ status: 0, nodeId: null });
    // Already disconnected: nothing to tell anyone again.
    expect(await setAgentStatus(server.app.database, c.agentId, 0, otherNode)).toBeNull();
  });
});
