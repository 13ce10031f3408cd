import type { FastifyInstance } from 'fastify';
import {
  AGENT_EVENTS,
  AGENT_NAMESPACE,
  AGENT_SENT_EVENTS,
  type AgentAck,
  type AgentErrorPayload,
  type ReadyPayload,
} from '../../src/domain/agentProtocol';
import { checkAgent } from './agentAuth';
import { Dispatcher, agentRoom } from './dispatcher';
import { parameterKeyOf } from './keys';
import { publishAgent, publishProcess } from './notify';
import { applyLines, applyStatus, lineIntake, type LineIntake } from './reports';
import { badPayload, payloadChecks, type PayloadCheck } from './schemas';
import { abandonUnknown, setAgentStatus } from './sql';
import type { AgentNamespace, AgentSocket } from './types';

export const AGENT_REFUSALS = {
  AGENT_UNKNOWN:
    'This agent is not registered here (it may have been deleted): register it again with a new registration token.',
  AGENT_SECRET_INVALID: "The agent's credentials were refused: register it again with a new registration token.",
  COMPANY_INACTIVE: "The agent's company is inactive.",
  SERVICE_UNAVAILABLE: 'The server cannot check the agent right now; it will try again.',
} as const;

const refusal = (code: keyof typeof AGENT_REFUSALS): Error =>
  Object.assign(new Error(AGENT_REFUSALS[code]), { data: { code, message: AGENT_REFUSALS[code] } });

type Ack = (answer: AgentAck) => void;
const ackOf = (args: unknown[]): Ack | null => {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : null;
};

/**
 * The agents' namespace: a handshake with the agent's id and secret, one live socket per agent,
 * its connection state on the agent's row, and its reports checked against what it was given.
 */
export function attachAgentGateway(app: FastifyInstance, nsp: AgentNamespace, dispatcher: Dispatcher): void {
  nsp.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { agentId?: unknown; secret?: unknown };
    try {
      const check = await checkAgent(app, auth.agentId, auth.secret);
      if (!check.ok) return next(refusal(check.code));
      const { agent } = check;
      socket.data = {
        agentId: agent.id,
        companyId: agent.companyId,
        deviceId: agent.deviceId,
        name: agent.name,
        secretHash: agent.secretHash,
      };
      next();
    } catch (error) {
      app.log.error({ err: error }, 'agent handshake failed');
      next(refusal('SERVICE_UNAVAILABLE'));
    }
  });

  const intake = lineIntake(app);
  nsp.on('connection', (socket) => void connected(app, socket, dispatcher, intake));
}

async function connected(
  app: FastifyInstance,
  socket: AgentSocket,
  dispatcher: Dispatcher,
  intake: LineIntake,
): Promise<void> {
  const { agentId } = socket.data;
  // The upgrade request (headers, parser state) would stay referenced for the connection's
  // whole life; the handshake already copied what is read of it.
  (socket.conn as { request: unknown }).request = null;
  const auth = socket.handshake.auth as { version?: unknown };
  // One live connection per agent: an older one, here or on another node, is closed. Attached
  // first, so that the older socket's disconnection finds itself replaced.
  dispatcher.attach(agentId, socket);
  socket.on('disconnect', () => void disconnected(app, socket, dispatcher));
  dispatcher.replaceElsewhere(agentId);
  await socket.join(agentRoom(agentId));

  // Every payload is validated before anything reads it; a refusal names its problems and
  // changes nothing. Sent with an acknowledgement, it is the answer; sent without, an
  // `agent:error` says it, so that no agent waits for an answer that will never come.
  const on = <T>(event: string, check: PayloadCheck<T>, work: (payload: T) => AgentAck | Promise<AgentAck>) =>
    socket.on(event, (...args: unknown[]) => {
      const raw = args.length > 0 && typeof args[0] !== 'function' ? args[0] : undefined;
      const ack = ackOf(args);
      void answer(app, ack, () => (check.Check(raw) ? work(raw) : badPayload(event, check, raw))).then((result) => {
        if (!ack && !result.ok && result.code === 'BAD_PAYLOAD')
          socket.emit(AGENT_EVENTS.error, errorOf(event, result));
      });
    });
  const { ready: readyEvent, processLog, processStatus } = AGENT_EVENTS;
  on(readyEvent, payloadChecks[readyEvent], (raw) => ready(app, socket, dispatcher, raw));
  on(processLog, payloadChecks[processLog], (raw) => applyLines(app, socket.data, raw, intake, dispatcher.stats));
  on(processStatus, payloadChecks[processStatus], (raw) => applyStatus(app, socket.data, raw, dispatcher));
  socket.onAny((event: unknown, ...args: unknown[]) => {
    if (typeof event === 'string' && AGENT_SENT_EVENTS.includes(event)) return;
    const refusal: AgentAck = {
      ok: false,
      code: 'UNKNOWN_EVENT',
      message: `${String(event)} is not an event of the agent protocol.`,
    };
    const ack = ackOf(args);
    if (ack) ack(refusal);
    else socket.emit(AGENT_EVENTS.error, errorOf(String(event), refusal));
  });

  try {
    const row = await setAgentStatus(app.database, agentId, 1, dispatcher.nodeId, {
      version: typeof auth.version === 'string' ? auth.version.slice(0, 30) : undefined,
    });
    if (!row) {
      socket.emit(AGENT_EVENTS.revoked, { message: AGENT_REFUSALS.AGENT_UNKNOWN });
      socket.disconnect(true);
      return;
    }
    publishAgent(app, row, 1);
    // No key: the company went away meanwhile, and the agent's row with it (the next check refuses it).
    const key = await parameterKeyOf(app, socket.data.companyId);
    if (key) socket.emit(AGENT_EVENTS.parameterKey, { key });
  } catch (error) {
    app.log.error({ err: error, agentId }, 'agent connection could not be recorded');
    socket.disconnect(true);
  }
}

/** The agent says what it still runs or reports: anything else it was running is lost. */
async function ready(
  app: FastifyInstance,
  socket: AgentSocket,
  dispatcher: Dispatcher,
  raw: ReadyPayload,
): Promise<AgentAck> {
  const known = [...(raw.runningProcessId ? [raw.runningProcessId] : []), ...raw.reportingProcessIds];
  let answer: AgentAck = { ok: true };
  try {
    for (const row of await abandonUnknown(app.database, socket.data.agentId, known)) publishProcess(app, row);
    if (raw.platform)
      await setAgentStatus(app.database, socket.data.agentId, 1, dispatcher.nodeId, {
        platform: raw.platform.slice(0, 60),
      });
  } catch (error) {
    app.log.error({ err: error }, 'agent ready failed');
    answer = { ok: false, code: 'SERVICE_UNAVAILABLE', message: AGENT_REFUSALS.SERVICE_UNAVAILABLE };
  }
  // Waiting work goes out either way: the ready's own effect is only on processes already running.
  dispatcher.kick(socket.data.agentId);
  return answer;
}

const errorOf = (event: string, refusal: AgentAck & { ok: false }): AgentErrorPayload => ({
  event,
  code: refusal.code,
  message: refusal.message,
  errors: refusal.errors ?? [],
});

async function disconnected(app: FastifyInstance, socket: AgentSocket, dispatcher: Dispatcher): Promise<void> {
  // A newer connection of the same agent took over: its state stays connected.
  if (!dispatcher.detach(socket.data.agentId, socket)) return;
  try {
    const row = await setAgentStatus(app.database, socket.data.agentId, 0, dispatcher.nodeId);
    if (row) publishAgent(app, row, 0);
  } catch (error) {
    app.log.error({ err: error }, 'agent disconnection could not be recorded');
  }
}

async function answer(
  app: FastifyInstance,
  ack: Ack | null,
  work: () => AgentAck | Promise<AgentAck>,
): Promise<AgentAck> {
  let result: AgentAck;
  try {
    result = await work();
  } catch (error) {
    app.log.error({ err: error }, 'agent report failed');
    result = { ok: false, code: 'SERVICE_UNAVAILABLE', message: AGENT_REFUSALS.SERVICE_UNAVAILABLE };
  }
  ack?.(result);
  return result;
}

export { AGENT_NAMESPACE };
