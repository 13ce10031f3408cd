import type { FastifyInstance } from 'fastify';
import {
  RESULT_NAME_MAX,
  type AgentAck,
  type ProcessLogPayload,
  type ProcessStatusPayload,
} from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { publishLines, publishProcess } from './notify';
import type { RuntimeStats } from './stats';
import type { Dispatcher } from './dispatcher';
import { Batcher } from './batcher';
import { insertLines, ownProcess, type LineBatch } from './sql';
import type { AgentSocketData, StartedFile } from './types';

const unknownProcess: AgentAck = {
  ok: false,
  code: 'PROCESS_UNKNOWN',
  message: 'This process is not one this agent runs.',
};

/** The longest Reason an agent's report stores. */
const REASON_MAX = 1000;

/** How many started processes a socket remembers: an agent runs one at a time, a few cover replays. */
const STARTED_KEPT = 8;

/**
 * The agent took this process: it is its own and no longer pending, whatever it reports next.
 * `file` is what its start named, while the process runs.
 */
export function rememberStarted(agent: AgentSocketData, processId: string, file: StartedFile | null = null): void {
  const started = (agent.started ??= new Map());
  if (!started.has(processId) && started.size >= STARTED_KEPT) started.delete(started.keys().next().value as string);
  started.set(processId, file ?? started.get(processId) ?? null);
}

/**
 * Whether the process is this agent's and has started. A process never changes agent and, once
 * started, never goes back to pending, so an answer of yes is kept on the socket: a busy agent's
 * many log batches cost one read, not one each.
 */
async function isOwnStarted(app: FastifyInstance, agent: AgentSocketData, processId: string): Promise<boolean> {
  if (agent.started?.has(processId)) return true;
  const process = await ownProcess(app.database, processId, agent.agentId);
  if (!process || process.status === PROCESS_STATUS.pending) return false;
  rememberStarted(agent, processId);
  return true;
}

/** PostgreSQL text cannot hold NUL: a bot printing one gets the replacement character instead. */
const clean = (text: string): string => (text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text);

/** A line's log fields as stored: no NUL in names or values; none (null) rather than an empty object. */
const cleanFields = (fields: Record<string, string> | undefined): Record<string, string> | null => {
  if (!fields) return null;
  const entries = Object.entries(fields);
  return entries.length === 0 ? null : Object.fromEntries(entries.map(([k, v]) => [clean(k), clean(v)]));
};

/** A result as stored: names cut as the agent would, no NUL in names or values. */
const cleanResult = (result: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(result).map(([k, v]) => [clean(k).slice(0, RESULT_NAME_MAX), clean(v)]));

/** A time the agent gives, or now when it is unreadable (the line is kept either way); parsed once. */
const timeOf = (text: string): string => {
  const ms = Date.parse(text);
  return new Date(Number.isNaN(ms) ? Date.now() : ms).toISOString();
};

/** Stores log lines: the messages of many agents go to the database together. */
export type LineIntake = Batcher<LineBatch, number>;

/**
 * Four log batches under way at most: the lines of all the agents that spoke meanwhile go in the
 * next. More than two, so that one batch a busy database holds up does not hold every line.
 */
export const lineIntake = (app: FastifyInstance): LineIntake =>
  new Batcher((batches) => insertLines(app.database, batches), 4, 1000);

/** Log lines of the agent's own process, stored once each and sent to the browsers following it. */
export async function applyLines(
  app: FastifyInstance,
  agent: AgentSocketData,
  payload: ProcessLogPayload,
  intake: LineIntake,
  stats: RuntimeStats,
): Promise<AgentAck> {
  // Known from memory (the usual case): no read and no wait for one.
  if (!agent.started?.has(payload.processId) && !(await isOwnStarted(app, agent, payload.processId)))
    return unknownProcess;
  const lines = payload.lines.map((l) => ({
    seq: l.seq,
    at: timeOf(l.at),
    stream: l.stream,
    text: clean(l.text),
    level: l.level ?? null,
    fields: cleanFields(l.fields),
  }));
  const inserted = await intake.add({ processId: payload.processId, lines });
  stats.linesTaken(inserted);
  // A replay adds nothing new: browsers already have those lines.
  if (inserted > 0) publishLines(app, payload.processId, lines);
  return { ok: true };
}

/**
 * The agent's status of its own process; a final status is final (but for a presumed 5). A final
 * report also claims the agent's next process, in the same statement.
 */
export async function applyStatus(
  app: FastifyInstance,
  agent: AgentSocketData,
  payload: ProcessStatusPayload,
  dispatcher: Dispatcher,
): Promise<AgentAck> {
  if (!agent.started?.has(payload.processId) && !(await isOwnStarted(app, agent, payload.processId)))
    return unknownProcess;
  if (payload.status === PROCESS_STATUS.running) return { ok: true };
  // Ended, whatever the database makes of this report: the file is no longer the agent's to read.
  agent.started?.set(payload.processId, null);
  const finished = await dispatcher.finish(agent.agentId, {
    processId: payload.processId,
    agentId: agent.agentId,
    status: payload.status,
    at: timeOf(payload.at),
    exitCode: payload.exitCode ?? null,
    // A final status but failed has no reason to keep; a long one is cut, as a log line is.
    reason:
      payload.status === PROCESS_STATUS.failed && payload.reason ? clean(payload.reason).slice(0, REASON_MAX) : null,
    result: payload.result ? cleanResult(payload.result) : null,
  });
  if (finished) publishProcess(app, finished);
  return { ok: true };
}
