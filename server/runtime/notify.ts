import type { FastifyInstance } from 'fastify';
import type { LogLine } from '../../src/domain/agentProtocol';
import { isFinalProcessStatus } from '../../src/domain/status';
import { companyRunsRoom, PLATFORM_ROOM, userRoom } from '../realtime/rooms';
import type { AgentRef, ProcessRow } from './sql';

/** Browsers that opened a process follow its log lines in a room of their own. */
export const processRoom = (processId: string): string => `process:${processId}`;

/**
 * A process's change (pop-ups and lists), to those who see it: its company's admins, the
 * platform admins, and the users who see its bot, by name. The viewers come with the row from
 * the statement that changed it, so that telling them costs no query; rooms work the same with
 * several nodes (Redis carries the room names).
 */
export function publishProcess(app: FastifyInstance, row: ProcessRow, operation: 'insert' | 'update' = 'update'): void {
  // Every change of a run passes here, its end too: those who wait for a run's end hear of it.
  if (isFinalProcessStatus(row.status)) for (const listener of app.runtime.ended) listener(row);
  const rooms = [companyRunsRoom(row.companyId), PLATFORM_ROOM, ...row.viewerIds.map(userRoom)];
  app.realtime.emitTo(rooms, {
    type: 'process',
    operation,
    data: {
      id: row.id,
      status: row.status,
      deviceId: row.deviceId,
      agentId: row.agentId,
      botId: row.botId,
      botName: row.botName,
    },
  });
}

/** New log lines go only to the browsers that have that process open. */
/** A line as browsers get it: a script's line has a null level, a line without log fields null fields. */
type PublishedLine = Omit<LogLine, 'level' | 'fields'> & {
  level: LogLine['level'] | null;
  fields: Record<string, string> | null;
};

export function publishLines(app: FastifyInstance, processId: string, lines: readonly PublishedLine[]): void {
  app.realtime.emitTo(processRoom(processId), {
    type: 'processExecutionLog',
    operation: 'insert',
    data: { id: processId, lines },
  });
}

export function publishAgent(app: FastifyInstance, agent: AgentRef, status: 0 | 1): void {
  app.realtime.publish(agent.companyId, {
    type: 'agent',
    operation: 'update',
    data: { id: agent.id, deviceId: agent.deviceId, status },
  });
}
