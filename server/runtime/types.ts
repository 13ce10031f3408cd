import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';

/** What the server knows of an agent's socket once its handshake checked out. */
export interface AgentSocketData {
  agentId: string;
  companyId: string;
  deviceId: string;
  name: string;
  /** Processes this socket's agent has started (a few, newest last): their reports skip the ownership read. */
  started?: Set<string>;
}

export type AgentNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
export type AgentSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
