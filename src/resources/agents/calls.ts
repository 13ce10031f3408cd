import type { Envelope } from '../../domain';
import { apiDownload, apiFetch, type Download } from '../../dataProvider/apiFetch';

export interface QueuedProcess {
  id: string;
  botName: string;
  /** 1 for the process the agent runs next. */
  position: number;
  priority: number;
  createdAt: string;
}

interface AgentQueueRow {
  agentId: string;
  processes: QueuedProcess[];
}

/** GET /queue/queue?agentId=: one agent's waiting processes in the order they will run. */
export async function fetchAgentQueue(agentId: string): Promise<QueuedProcess[]> {
  const res = await apiFetch<Envelope<AgentQueueRow[]>>(`/queue/queue?agentId=${encodeURIComponent(agentId)}`);
  return res.payload.find((row) => row.agentId === agentId)?.processes ?? [];
}

/** The installers: GET /agent/download and GET /studio/download (public). */
export type InstallerKind = 'agent' | 'studio';

export function downloadInstaller(kind: InstallerKind): Promise<Download> {
  return apiDownload(kind === 'agent' ? '/agent/download' : '/studio/download');
}

/** The name the reference agent's one-file build is served under (without AGENT_INSTALLER_PATH). */
export const REFERENCE_AGENT_FILE = 'rpa-agent.mjs';
