import Cancel from '@mui/icons-material/Cancel';
import Article from '@mui/icons-material/Article';
import Visibility from '@mui/icons-material/Visibility';
import { Button, useListContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { PROCESS_STATUS } from '../../domain';
import { ActionButton, showPathOf, useCanDo, useSchemaResource, useBusyAction } from '../schema';
import { bulkCancelProcesses, cancelProcess } from './calls';

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

/** Cancel of the selected processes: the server cancels the pending ones and says so, or says none was pending. */
export const BulkCancelButton = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  const cancel = () =>
    run(async () => {
      notify(await bulkCancelProcesses(selectedIds.map(String)), { type: 'success' });
      onUnselectItems();
      refresh();
    });
  return (
    <Button label="resources.processes.cancel" color="error" onClick={() => void cancel()} disabled={busy}>
      <Cancel />
    </Button>
  );
};
