import { createContext, useContext, useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { isAgentConnected, PROCESS_STATUS } from '../../domain';
import { usePublicConfig } from '../../custom/config/usePublicConfig';

type RunRecord = { status?: number; agentId?: string | null };
type AgentState = { id: string; status: number; lastSeenAt?: string | null };

/** A running process's agent is gone: how many seconds the server still waits for it (0: the wait is over). */
export type AgentGone = { remaining: number } | null;

/** The current time, ticking every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    // At once (the time kept since the page opened is stale), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

/**
 * Whether a running process's agent has disconnected, and how long the server still waits for
 * it: the run fails one grace period (the server's AGENT_GRACE_SECONDS) after the agent was last
 * seen. The agent's record refreshes on every agent notification, so this follows it live.
 */
export function useAgentGone(record: RunRecord | undefined): AgentGone {
  const agentId = record?.status === PROCESS_STATUS.running ? record.agentId : null;
  const { data: agent } = useGetOne<AgentState>('agents', { id: agentId ?? '' }, { enabled: !!agentId });
  const { agentGraceSeconds } = usePublicConfig();
  const gone = !!agentId && !!agent && agent.id === agentId && !isAgentConnected(agent.status);
  const now = useNow(gone);
  if (!gone) return null;
  const lastSeen = agent.lastSeenAt ? Date.parse(agent.lastSeenAt) : NaN;
  if (Number.isNaN(lastSeen)) return { remaining: 0 };
  return { remaining: Math.max(0, Math.ceil((lastSeen + agentGraceSeconds * 1000 - now) / 1000)) };
}

/** 'Agent disconnected — waiting up to N s for it to come back', counting down; then that it is about to fail. */
export const AgentGoneNotice = ({ gone }: { gone: AgentGone }) => {
  const translate = useTranslate();
  if (!gone) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {gone.remaining > 0
        ? translate('resources.processes.agentGone.waiting', { smart_count: gone.remaining })
        : translate('resources.processes.agentGone.over')}
    </Alert>
  );
};

/** The number of log lines the details page shows, while its log is read; undefined elsewhere. */
export const ShownLogLines = createContext<number | undefined>(undefined);

/**
 * Log lines: on the details page, the lines shown (counted live as they arrive, so the count
 * never lags the log under it); elsewhere, the record's count.
 */
export const LogCountValue = () => {
  const record = useRecordContext<{ logCount?: number | null }>();
  const shown = useContext(ShownLogLines);
  const stored = record?.logCount ?? 0;
  return <>{shown === undefined ? stored : Math.max(shown, stored)}</>;
};
