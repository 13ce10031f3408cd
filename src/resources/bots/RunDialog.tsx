import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { isHttpError } from '../../dataProvider/httpError';
import { processes } from '../../domain/declarations';
import { ActionButton, useCanDo, useServerError } from '../schema';
import { AgentPicker, BusyOffer, byState, type AgentRow, type BusyRefusal } from './AgentPicker';
import { argumentsOf } from './BotParameters';
import { hasErrors, ParameterEditor, rowsOf, type ParameterRow } from './ParameterEditor';
import { createProcess, fetchParameterKey } from './runCalls';
import { useRunStarted } from './useRunStarted';

type BotRecord = { id: string; name?: string; companyId?: string | null; parameters?: unknown; fileName?: unknown };
/** The server's busy refusals: running (the run may be queued behind it) or reserved by an admin. */
const REFUSALS: Record<string, BusyRefusal> = { AGENT_BUSY: 'running', AGENT_RESERVED: 'reserved' };
const refusalOf = (error: unknown): BusyRefusal | undefined =>
  isHttpError(error) && error.status === 409 ? REFUSALS[String(error.body?.code)] : undefined;

/**
 * Values to send: those marked encrypted are encrypted here, with the company's key. The cipher
 * library (crypto-js, about 130 kB) loads with the first run that has such a value, not with
 * the control room.
 */
export async function toSend(all: readonly ParameterRow[], companyId: string | null | undefined) {
  // An argument left empty is not sent: the workflow's default or its type's applies; a script does not get it.
  const rows = all.filter((r) => !(r.optional && r.value.trim() === ''));
  const plain = (r: ParameterRow) => ({ name: r.name.trim(), value: r.value });
  if (!rows.some((r) => r.encrypted)) return rows.map(plain);
  const [key, { encryptParameter }] = await Promise.all([
    fetchParameterKey(companyId),
    import('../../domain/parameterCrypto'),
  ]);
  return rows.map((r) =>
    r.encrypted ? { name: r.name.trim(), value: encryptParameter(r.value, key), encrypted: true } : plain(r),
  );
}

const RunForm = ({ bot, onClose }: { bot: BotRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const started = useRunStarted();
  const onError = useServerError();
  const [agentId, setAgentId] = useState('');
  const [refusal, setRefusal] = useState<BusyRefusal>();
  const [rows, setRows] = useState<ParameterRow[]>(() => rowsOf(argumentsOf(bot)));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const {
    data = [],
    isPending,
    refetch,
  } = useGetList<AgentRow>('agents', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: bot.companyId ? { companyId: bot.companyId } : {},
  });
  const agents = [...data].sort(byState);
  // Queue: the person chose to wait behind the agent's running process (only offered after it refused).
  const run = async (queue = false) => {
    setTried(true);
    if (!agentId || hasErrors(rows)) return;
    setBusy(true);
    try {
      started(await createProcess(bot.id, agentId, await toSend(rows, bot.companyId), queue));
      onClose();
    } catch (error) {
      onError(error);
      setRefusal(refusalOf(error));
      // What the agent runs now, for the offer (the list may predate the run it is busy with).
      if (refusalOf(error)) void refetch();
    } finally {
      setBusy(false);
    }
  };
  const chooseAgent = (id: string) => {
    setAgentId(id);
    setRefusal(undefined);
  };
  const agentError = tried && !agentId ? translate('rpa.messages.fieldRequired') : undefined;
  return (
    <>
      <DialogContent>
        <AgentPicker
          agents={agents}
          value={agentId}
          onChange={chooseAgent}
          error={agentError}
          empty={!isPending && agents.length === 0}
        />
        {refusal && (
          <BusyOffer
            refusal={refusal}
            agent={agents.find((a) => a.id === agentId)}
            onQueue={() => void run(true)}
            busy={busy}
          />
        )}
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
