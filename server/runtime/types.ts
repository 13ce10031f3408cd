import type { DefaultEventsMap, Namespace, Socket } from 'socket.io';

/** The bot file a process was started with, as its start named it to the agent. */
export interface StartedFile {
  botId: string;
  checksum: string;
}

/** What the server knows of an agent's socket once its handshake checked out. */
export interface AgentSocketData {
  agentId: string;
  companyId: string;
  deviceId: string;
  name: string;
  /** The sha256 of the secret the handshake presented: the agent's downloads present the same. */
  secretHash: string;
  /**
   * Processes this socket's agent has started (a few, newest last): their reports skip the
   * ownership read. The file is kept while the process runs, so its downloads skip it too.
   */
  started?: Map<string, StartedFile | null>;
}

export type AgentNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
export type AgentSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;
