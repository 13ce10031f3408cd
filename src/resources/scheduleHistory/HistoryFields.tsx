import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { processes } from '../../domain/declarations';
import { SCHEDULE_SKIP_REASONS } from '../../domain/schedule/duration';
import { OutcomeChip } from '../schedules/ScheduleFields';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { ActionButton, SchemaDeleteButton, ViewAndUpdate, showPathOf, useCanDo } from '../schema';

type HistoryRow = {
  outcome?: string;
  reason?: string | null;
  reasonKey?: string | null;
  processId?: string | null;
  companyId?: string | null;
};

export const HistoryOutcome = () => {
  const record = useRecordContext<HistoryRow>();
  return record ? <OutcomeChip outcome={record.outcome} resource="scheduleHistory" /> : null;
};

/** Why a fire was skipped or missed, in the chosen language (its key), else the server's English text. */
export const HistoryReason = () => {
  const record = useRecordContext<HistoryRow>();
  const translate = useTranslate();
  if (!record) return null;
  const key = SCHEDULE_SKIP_REASONS.find((r) => r === record.reasonKey);
  if (key) return <>{translate(`resources.scheduleHistory.reasons.${key}`)}</>;
  return <>{record.reason ? translate(record.reason, { _: record.reason }) : '—'}</>;
};

/** A fired row leads to its process (for who may see processes). */
export const HistoryProcess = () => {
  const record = useRecordContext<HistoryRow>();
  const translate = useTranslate();
  const canDo = useCanDo(processes);
  if (!record?.processId) return <>—</>;
  const id = record.processId;
  if (!canDo('list')) return <>{id.slice(0, 8)}</>;
  return (
    <Link component={RouterLink} to={showPathOf(processes, id)} onClick={(e) => e.stopPropagation()}>
      {translate('resources.scheduleHistory.openProcess')} ({id.slice(0, 8)})
    </Link>
  );
};

/** The fired run's status, named as the process lists name it. */
export const HistoryProcessStatus = () => {
  const record = useRecordContext<HistoryRow & { processStatus?: number | null }>();
  const translate = useTranslate();
  const status = record?.processStatus;
  if (typeof status !== 'number') return <>—</>;
  return <>{translate(`resources.processes.choices.status.${status}`, { _: String(status) })}</>;
};

/** A list row's link to the fired run (an icon, as the row's other actions). */
export const OpenProcessAction = () => {
  const record = useRecordContext<HistoryRow>();
  const canDo = useCanDo(processes);
  if (!record?.processId || !canDo('list')) return null;
  return (
    <ActionButton
      label="resources.scheduleHistory.openProcess"
      icon={<OpenInNew />}
      to={showPathOf(processes, record.processId)}
    />
  );
};

/** View, the fired run, Delete. */
export const HistoryRowActions = () => (
  <>
    <ViewAndUpdate />
    <OpenProcessAction />
    <SchemaDeleteButton />
  </>
);
