import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { isAgentConnected } from '../../domain';
import { processes } from '../../domain/declarations';
import { encryptParameter } from '../../domain/parameterCrypto';
import { ActionButton, useCanDo, useServerError } from '../schema';
import { parametersOf } from './BotParameters';
import { hasErrors, ParameterEditor, rowsOf, type ParameterRow } from './ParameterEditor';
import { createProcess, fetchParameterKey } from './runCalls';
import { useRunStarted } from './useRunStarted';

type BotRecord = { id: string; name?: string; companyId?: string | null; parameters?: unknown };
type AgentRow = { id: string; name: string; status: number; isBusy?: boolean; isError?: boolean };

/** Connected agents first, then by name. */
const byState = (a: AgentRow, b: AgentRow) =>
  Number(isAgentConnected(b.status)) - Number(isAgentConnected(a.status)) || a.name.localeCompare(b.name);

function useAgentLabel(): (agent: AgentRow) => string {
  const translate = useTranslate();
  return (agent) => {
    const state = [translate(`resources.agents.choices.status.${isAgentConnected(agent.status) ? 1 : 0}`)];
    if (agent.isBusy) state.push(translate('resources.agents.busy'));
    if (agent.isError) state.push(translate('resources.agents.inError'));
    return `${agent.name} (${state.join(', ')})`;
  };
}

/** Values to send: those marked encrypted are encrypted here, with the company's key. */
async function toSend(rows: readonly ParameterRow[], companyId: string | null | undefined) {
  const key = rows.some((r) => r.encrypted) ? await fetchParameterKey(companyId) : '';
  return rows.map((r) =>
    r.encrypted
      ? { name: r.name.trim(), value: encryptParameter(r.value, key), encrypted: true }
      : { name: r.name.trim(), value: r.value },
  );
}

const RunForm = ({ bot, onClose }: { bot: BotRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const started = useRunStarted();
  const onError = useServerError();
  const agentLabel = useAgentLabel();
  const [agentId, setAgentId] = useState('');
  const [rows, setRows] = useState<ParameterRow[]>(() => rowsOf(parametersOf(bot.parameters)));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data = [], isPending } = useGetList<AgentRow>('agents', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: bot.companyId ? { companyId: bot.companyId } : {},
  });
  const agents = [...data].sort(byState);
  const run = async () => {
    setTried(true);
    if (!agentId || hasErrors(rows)) return;
    setBusy(true);
    try {
      started(await createProcess(bot.id, agentId, await toSend(rows, bot.companyId)));
      onClose();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const agentError = tried && !agentId ? translate('rpa.messages.fieldRequired') : undefined;
  return (
    <>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          label={translate('resources.bots.run.agent')}
          value={agentId}
          onChange={(e) => setAgentId(e.target.value)}
          error={!!agentError}
          helperText={agentError ?? (!isPending && agents.length === 0 ? translate('resources.bots.run.noAgent') : ' ')}
          sx={{ my: 1 }}
        >
          {agents.map((agent) => (
            <MenuItem key={agent.id} value={agent.id}>
              {agentLabel(agent)}
            </MenuItem>
          ))}
        </TextField>
        <ParameterEditor rows={rows} onChange={setRows} showErrors={tried} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" startIcon={<PlayArrow />} onClick={() => void run()} disabled={busy}>
          {translate('resources.bots.run.run')}
        </Button>
      </DialogActions>
    </>
  );
};

/** Run (a bot's list row and details page): choose an agent, fill the parameters, start a run. */
export const RunButton = () => {
  const bot = useRecordContext<BotRecord>();
  const translate = useTranslate();
  const canRun = useCanDo(processes);
  const [open, setOpen] = useState(false);
  if (!bot || !canRun('create', { companyId: bot.companyId ?? null })) return null;
  return (
    <>
      <ActionButton label="resources.bots.run.run" icon={<PlayArrow />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="run-bot-title">
        <DialogTitle id="run-bot-title">{translate('resources.bots.run.title', { name: bot.name ?? '' })}</DialogTitle>
        {open && <RunForm bot={bot} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
};
