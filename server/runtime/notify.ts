import type { FastifyInstance } from 'fastify';
import type { LogLine } from '../../src/domain/agentProtocol';
import type { AgentRef, ProcessRow } from './sql';

/** Browsers that opened a process follow its log lines in a room of their own. */
export const processRoom = (processId: string): string => `process:${processId}`;

/** A process's change, to its company's browsers and the platform admins (pop-ups and lists). */
export function publishProcess(app: FastifyInstance, row: ProcessRow, operation: 'insert' | 'update' = 'update'): void {
  app.realtime.publish(row.companyId, {
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
export function publishLines(app: FastifyInstance, processId: string, lines: readonly LogLine[]): void {
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
