import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import StopCircle from '@mui/icons-material/StopCircle';
import { Show, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { PROCESS_STATUS, isFinalProcessStatus } from '../../domain';
import {
  ActionButton,
  LinkButton,
  PageHeading,
  SchemaDetailsFields,
  SchemaResourceContext,
  pathsOf,
  useCanDo,
  useResourceText,
  useSchemaResource,
  useBusyAction,
  type SchemaResource,
  saveFile,
} from '../schema';
import { useRecordGone } from '../schema/useServerError';
import { stopProcess } from './calls';
import { lineText, ProcessLogPanel } from './ProcessLogPanel';
import { shortId } from './ProcessFields';
import { useProcessLog, type ProcessLog } from './useProcessLog';

type ProcessRecord = { id: string; status?: number; companyId?: string | null; userId?: string | null };

const FIELDS = [
  'id',
  'botName',
  'agentName',
  'deviceId',
  'userName',
  'companyName',
  'status',
  'source',
  'startedAt',
  'endedAt',
  'duration',
  'exitCode',
  'reason',
  'logCount',
  'createdAt',
];

const StopButton = ({ record }: { record: ProcessRecord }) => {
  const { def } = useSchemaResource();
  const canDo = useCanDo(def);
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  if (record.status !== PROCESS_STATUS.running || !canDo('update', record)) return null;
  const stop = () =>
    run(async () => {
      notify(await stopProcess(record.id), { type: 'info' });
      refresh();
    });
  return (
    <ActionButton
      label="resources.processes.stop"
      icon={<StopCircle />}
      color="error"
      variant="outlined"
      onClick={() => void stop()}
      busy={busy}
    />
  );
};

/** The whole log as a .txt file, one line per log line. */
const DownloadLogButton = ({ record, log }: { record: ProcessRecord; log: ProcessLog }) => {
  const { busy, run } = useBusyAction();
  if (log.error || log.lines.length === 0) return null;
  const download = () =>
    run(async () => {
      const lines = await log.readAll();
      saveFile(
        new Blob([lines.map(lineText).join('\n') + '\n'], { type: 'text/plain' }),
        `process-${shortId(record.id)}.txt`,
      );
    });
  return (
    <ActionButton
      label="resources.processes.downloadLog"
      icon={<Download />}
      onClick={() => void download()}
      busy={busy}
    />
  );
};

const DetailsBody = () => {
  const resource = useSchemaResource();
  const record = useRecordContext<ProcessRecord>();
  const text = useResourceText(resource.def);
  const log = useProcessLog(String(record?.id ?? ''), record?.status);
  const { hash } = useLocation();
  const logHeading = useRef<HTMLHeadingElement>(null);
  // Logs (a list row's action) opens this page at the log.
  useEffect(() => {
    if (hash === '#logs' && record) logHeading.current?.scrollIntoView?.();
  }, [hash, record]);
  if (!record) return null;
  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <StopButton record={record} />
      <DownloadLogButton record={record} log={log} />
      <LinkButton label="rpa.schema.backToList" to={pathsOf(resource.def).list}>
        <ArrowBack />
      </LinkButton>
    </Box>
  );
  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={text('page.show')} actions={actions} />
      <SchemaDetailsFields def={resource.def} names={FIELDS} />
      <Typography ref={logHeading} id="logs" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {text('log.title')}
      </Typography>
      <ProcessLogPanel
        lines={log.lines}
        loading={log.loading}
        error={log.error}
        finished={typeof record.status === 'number' && isFinalProcessStatus(record.status)}
      />
    </Box>
  );
};

/**
 * Process details (/controlroom/process/processDetails/:id): the run, its log live while it runs, Stop, the log's
 * download.
 */
export const ProcessDetails = ({ resource }: { resource: SchemaResource }) => {
  const { id } = useParams();
  const onError = useRecordGone(pathsOf(resource.def).list);
  if (!id) return null;
  return (
    <SchemaResourceContext.Provider value={resource}>
      <Show key={id} resource={resource.def.name} id={id} title={false} actions={false} queryOptions={{ onError }}>
        <DetailsBody />
      </Show>
    </SchemaResourceContext.Provider>
  );
};
