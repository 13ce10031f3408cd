import { Alert, Button, MenuItem, TextField } from '@mui/material';
import QueueIcon from '@mui/icons-material/Queue';
import { useTranslate } from 'react-admin';
import { isAgentConnected } from '../../domain';

/** An agent as the Run dialog shows it: its connection, the admin's reservation and its work. */
export type AgentRow = {
  id: string;
  name: string;
  status: number;
  isBusy?: boolean;
  isError?: boolean;
  currentProcessId?: string | null;
  currentBotName?: string | null;
  queueLength?: number | null;
};

/** Connected agents first, then by name. */
export const byState = (a: AgentRow, b: AgentRow) =>
  Number(isAgentConnected(b.status)) - Number(isAgentConnected(a.status)) || a.name.localeCompare(b.name);

/**
 * "Finance PC (Connected, running Invoice Bot, 2 waiting)": the connection, then what the agent
 * does — reserved by an admin (it takes no run), running a bot, or idle — and its queue. The
 * admin's reservation and the agent's own work are said apart: they are different reasons.
 */
export function useAgentLabel(): (agent: AgentRow) => string {
  const translate = useTranslate();
  return (agent) => {
    const connected = isAgentConnected(agent.status);
    const state = [translate(`resources.agents.choices.status.${connected ? 1 : 0}`)];
    if (agent.isBusy) state.push(translate('resources.bots.run.state.reserved'));
    if (agent.currentProcessId)
      state.push(translate('resources.bots.run.state.running', { bot: agent.currentBotName ?? '…' }));
    else if (connected && !agent.isBusy) state.push(translate('resources.bots.run.state.idle'));
    if (agent.queueLength)
      state.push(translate('resources.bots.run.state.waiting', { smart_count: agent.queueLength }));
    if (agent.isError) state.push(translate('resources.agents.inError'));
    return `${agent.name} (${state.join(', ')})`;
  };
}

/** The agent select: every agent of the bot's company with its state. */
export const AgentPicker = ({
  agents,
  value,
  onChange,
  error,
  empty,
}: {
  agents: readonly AgentRow[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
  empty: boolean;
}) => {
  const translate = useTranslate();
  const agentLabel = useAgentLabel();
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={translate('resources.bots.run.agent')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? (empty ? translate('resources.bots.run.noAgent') : ' ')}
      sx={{ my: 1 }}
    >
      {agents.map((agent) => (
        <MenuItem key={agent.id} value={agent.id}>
          {agentLabel(agent)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Why the server refused the run as busy: the agent runs a process (it may be queued) or an admin reserved it. */
export type BusyRefusal = 'running' | 'reserved';

/**
 * Said after 'Agent is busy!': what the agent is doing and, when it runs a process, the explicit
 * choice to queue this run behind it (a reserved agent takes none, so nothing is offered).
 */
export const BusyOffer = ({
  refusal,
  agent,
  onQueue,
  busy,
}: {
  refusal: BusyRefusal;
  agent: AgentRow | undefined;
  onQueue: () => void;
  busy: boolean;
}) => {
  const translate = useTranslate();
  const name = agent?.name ?? '';
  if (refusal === 'reserved')
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        {translate('resources.bots.run.reservedHint', { agent: name })}
      </Alert>
    );
  const waiting = agent?.queueLength ?? 0;
  return (
    <Alert
      severity="info"
      sx={{ mt: 1 }}
      action={
        <Button color="inherit" size="small" startIcon={<QueueIcon />} onClick={onQueue} disabled={busy}>
          {translate('resources.bots.run.queue')}
        </Button>
      }
    >
      {agent?.currentBotName
        ? translate('resources.bots.run.busyTitle', { agent: name, bot: agent.currentBotName })
        : translate('resources.bots.run.busyTitleAny', { agent: name })}{' '}
      {waiting > 0
        ? translate('resources.bots.run.queueHintWaiting', { smart_count: waiting })
        : translate('resources.bots.run.queueHint')}
    </Alert>
  );
};
