import { useState } from 'react';
import Cancel from '@mui/icons-material/Cancel';
import Article from '@mui/icons-material/Article';
import StopCircle from '@mui/icons-material/StopCircle';
import Visibility from '@mui/icons-material/Visibility';
import { Button, Confirm, useListContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { PROCESS_STATUS } from '../../domain';
import { ActionButton, showPathOf, useCanDo, useSchemaResource, useBusyAction } from '../schema';
import { bulkCancelProcesses, cancelProcess, stopProcess } from './calls';
import { shortId } from './ProcessFields';

type ProcessRecord = { id: string; status?: number; companyId?: string | null; userId?: string | null };

/** Cancel of one pending process, for who may update it (the server decides the rest). */
const CancelAction = () => {
  const { def } = useSchemaResource();
  const record = useRecordContext<ProcessRecord>();
  // The permission table's update (nobody edits a run's fields: the resource's own rule says so).
  const canDo = useCanDo(def);
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  if (!record || record.status !== PROCESS_STATUS.pending || !canDo('update', record)) return null;
  const cancel = () =>
    run(async () => {
      notify(await cancelProcess(record.id), { type: 'success' });
      refresh();
    });
  return (
    <ActionButton
      label="resources.processes.cancel"
      icon={<Cancel />}
      color="error"
      onClick={() => void cancel()}
      busy={busy}
    />
  );
};

/** Processes: Cancel (pending only), Details, Logs (the details page opened at its log). */
export const ProcessRowActions = () => {
  const { def } = useSchemaResource();
  const record = useRecordContext<ProcessRecord>();
  if (!record) return null;
  const details = showPathOf(def, record.id);
  return (
    <>
      <CancelAction />
      <ActionButton label="resources.processes.details" icon={<Visibility />} to={details} />
      <ActionButton label="resources.processes.logs" icon={<Article />} to={`${details}#logs`} />
    </>
  );
};

/**
 * Cancel of the selected processes, once confirmed (it cannot be undone): the server cancels the
 * pending ones and says so, or says none was pending.
 */
export const BulkCancelButton = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  const [asking, setAsking] = useState(false);
  const cancel = () =>
    run(async () => {
      setAsking(false);
      notify(await bulkCancelProcesses(selectedIds.map(String)), { type: 'success' });
      onUnselectItems();
      refresh();
    });
  return (
    <>
      <Button label="resources.processes.cancel" color="error" onClick={() => setAsking(true)} disabled={busy}>
        <Cancel />
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="resources.processes.cancelConfirm.title"
        content="resources.processes.cancelConfirm.content"
        contentTranslateOptions={{ smart_count: selectedIds.length }}
        confirm="resources.processes.cancelConfirm.confirm"
        cancel="resources.processes.cancelConfirm.keep"
        confirmColor="warning"
        onConfirm={() => void cancel()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

/**
 * Stop of a running process, once confirmed: its agent kills the run (it ends canceled). Not
 * offered while the agent is gone (`agentGone`): nothing would reach it.
 */
export const StopButton = ({ record, agentGone }: { record: ProcessRecord; agentGone: boolean }) => {
  const { def } = useSchemaResource();
  const canDo = useCanDo(def);
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  const [asking, setAsking] = useState(false);
  if (record.status !== PROCESS_STATUS.running || agentGone || !canDo('update', record)) return null;
  const stop = () =>
    run(async () => {
      setAsking(false);
      notify(await stopProcess(record.id), { type: 'info' });
      refresh();
    });
  return (
    <>
      <ActionButton
        label="resources.processes.stop"
        icon={<StopCircle />}
        color="error"
        variant="outlined"
        onClick={() => setAsking(true)}
        busy={busy}
      />
      <Confirm
        isOpen={asking}
        loading={busy}
        title="resources.processes.stopConfirm.title"
        titleTranslateOptions={{ id: shortId(record.id) }}
        content="resources.processes.stopConfirm.content"
        confirm="resources.processes.stop"
        confirmColor="warning"
        onConfirm={() => void stop()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
