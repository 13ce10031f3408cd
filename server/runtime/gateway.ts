import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';
import { AGENT_EVENTS, AGENT_NAMESPACE, type AgentAck } from '../../src/domain/agentProtocol';
import { checkAgent } from './agentAuth';
import { Dispatcher, agentRoom } from './dispatcher';
import { parameterKeyOf } from './keys';
import { publishAgent, publishProcess } from './notify';
import { applyLines, applyStatus, lineIntake, type LineIntake } from './reports';
import { LogPayload, ReadyPayload, StatusPayload } from './schemas';
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

const checkLog = Compile(LogPayload);
const checkStatus = Compile(StatusPayload);
const checkReady = Compile(ReadyPayload);

const badPayload: AgentAck = { ok: false, code: 'BAD_PAYLOAD', message: 'The report is not in the agent protocol.' };

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

  socket.on(AGENT_EVENTS.ready, (raw: unknown) => void ready(app, socket, dispatcher, raw));
  socket.on(
    AGENT_EVENTS.processLog,
    (raw: unknown, ack: unknown) =>
      void answer(app, ack, () =>
        checkLog.Check(raw) ? applyLines(app, socket.data, raw, intake, dispatcher.stats) : badPayload,
      ),
  );
  socket.on(
    AGENT_EVENTS.processStatus,
    (raw: unknown, ack: unknown) =>
      void answer(app, ack, () =>
        checkStatus.Check(raw) ? applyStatus(app, socket.data, raw, dispatcher) : badPayload,
      ),
  );

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
async function ready(app: FastifyInstance, socket: AgentSocket, dispatcher: Dispatcher, raw: unknown): Promise<void> {
  if (!checkReady.Check(raw)) return;
  const known = [...(raw.runningProcessId ? [raw.runningProcessId] : []), ...raw.reportingProcessIds];
  try {
    for (const row of await abandonUnknown(app.database, socket.data.agentId, known)) publishProcess(app, row);
    if (raw.platform)
      await setAgentStatus(app.database, socket.data.agentId, 1, dispatcher.nodeId, {
        platform: raw.platform.slice(0, 60),
      });
  } catch (error) {
    app.log.error({ err: error }, 'agent ready failed');
  }
  dispatcher.kick(socket.data.agentId);
}

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

async function answer(app: FastifyInstance, ack: unknown, work: () => AgentAck | Promise<AgentAck>): Promise<void> {
  let result: AgentAck;
  try {
    result = await work();
  } catch (error) {
    app.log.error({ err: error }, 'agent report failed');
    result = { ok: false, code: 'SERVICE_UNAVAILABLE', message: AGENT_REFUSALS.SERVICE_UNAVAILABLE };
  }
  if (typeof ack === 'function') (ack as (a: AgentAck) => void)(result);
}

export { AGENT_NAMESPACE };
