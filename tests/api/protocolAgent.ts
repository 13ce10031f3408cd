import { io, type Socket } from 'socket.io-client';
import {
  AGENT_EVENTS,
  AGENT_NAMESPACE,
  type AgentAck,
  type AgentErrorPayload,
  type LogLine,
  type ProcessStartPayload,
} from '../../src/domain/agentProtocol';

/**
 * A client speaking the agent protocol by hand (no child processes), for tests that check the
 * server's side: what it hands out, what it accepts, what it refuses.
 */
export interface ProtocolAgent {
  socket: Socket;
  starts: ProcessStartPayload[];
  cancels: { processId: string; reason: string }[];
  key: () => string | null;
  /** What the server said on `agent:error`: payloads sent without an acknowledgement that it refused. */
  errors: AgentErrorPayload[];
  /** Answer of the next process:start (default ok). */
  answerStart: (job: ProcessStartPayload) => AgentAck;
  log(processId: string, lines: Partial<LogLine>[]): Promise<AgentAck>;
  status(processId: string, status: number, extra?: Record<string, unknown>): Promise<AgentAck>;
  ready(runningProcessId?: string | null, reportingProcessIds?: string[]): void;
  /** Any payload on any event, as a third-party agent might send it: with an acknowledgement… */
  send(event: string, payload: unknown): Promise<AgentAck>;
  /** …or without one (a refusal then comes as `agent:error`). */
  emit(event: string, payload: unknown): void;
  close(): void;
}

export async function connectAgent(baseUrl: string, agentId: string, secret: string): Promise<ProtocolAgent> {
  const socket = io(`${baseUrl}${AGENT_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { agentId, secret },
    reconnection: false,
    forceNew: true,
  });
  let key: string | null = null;
  const agent: ProtocolAgent = {
    socket,
    starts: [],
    cancels: [],
    errors: [],
    key: () => key,
    answerStart: () => ({ ok: true }),
    log: (processId, lines) =>
      socket.timeout(5000).emitWithAck(AGENT_EVENTS.processLog, {
        processId,
        lines: lines.map((l, i) => ({
          seq: l.seq ?? i + 1,
          at: l.at ?? new Date().toISOString(),
          stream: l.stream ?? 'stdout',
          text: l.text ?? `line ${l.seq ?? i + 1}`,
        })),
      }) as Promise<AgentAck>,
    status: (processId, status, extra = {}) =>
      socket.timeout(5000).emitWithAck(AGENT_EVENTS.processStatus, {
        processId,
        status,
        at: new Date().toISOString(),
        ...extra,
      }) as Promise<AgentAck>,
    ready: (runningProcessId = null, reportingProcessIds = []) =>
      socket.emit(AGENT_EVENTS.ready, { runningProcessId, reportingProcessIds, version: 'test', platform: 'test' }),
    send: (event, payload) => socket.timeout(5000).emitWithAck(event, payload) as Promise<AgentAck>,
    emit: (event, payload) => void socket.emit(event, payload),
    close: () => socket.disconnect(),
  };
  socket.on(AGENT_EVENTS.error, (payload: AgentErrorPayload) => agent.errors.push(payload));
  socket.on(AGENT_EVENTS.parameterKey, (payload: { key: string }) => {
    key = payload.key;
  });
  socket.on(AGENT_EVENTS.processStart, (job: ProcessStartPayload, ack: (a: AgentAck) => void) => {
    agent.starts.push(job);
    ack(agent.answerStart(job));
  });
  socket.on(AGENT_EVENTS.processCancel, (payload: { processId: string; reason: string }) =>
    agent.cancels.push(payload),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      reject(Object.assign(new Error(error.message), { code: error.data?.code })),
    );
  });
  return agent;
}

/** Polls until `check` returns a value that is not undefined, or fails after the deadline. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
