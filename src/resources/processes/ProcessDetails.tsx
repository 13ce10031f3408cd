import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import { Show, useRecordContext } from 'react-admin';
import { useLocation, useParams } from 'react-router-dom';
import { isFinalProcessStatus } from '../../domain';
import {
  ActionButton,
  LinkButton,
  PageHeading,
  SchemaDetailsFields,
  SchemaResourceContext,
  pathsOf,
  useResourceText,
  useSchemaResource,
  useBusyAction,
  type SchemaResource,
  saveFile,
} from '../schema';
import { useRecordGone } from '../schema/useServerError';
import { AgentGoneNotice, ShownLogLines, useAgentGone } from './AgentGone';
import { StopButton } from './ProcessActions';
import { lineText, ProcessLogPanel } from './ProcessLogPanel';
import { ProcessResult } from './ProcessResult';
import { shortId } from './ProcessFields';
import { useProcessLog, type ProcessLog } from './useProcessLog';

type ProcessRecord = {
  id: string;
  status?: number;
  agentId?: string | null;
  companyId?: string | null;
  userId?: string | null;
  result?: unknown;
};

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
  const agentGone = useAgentGone(record);
  const { hash } = useLocation();
  const logHeading = useRef<HTMLHeadingElement>(null);
  // Logs (a list row's action) opens this page at the log.
  useEffect(() => {
    if (hash === '#logs' && record) logHeading.current?.scrollIntoView?.();
  }, [hash, record]);
  if (!record) return null;
  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <StopButton record={record} agentGone={!!agentGone} />
      <DownloadLogButton record={record} log={log} />
      <LinkButton label="rpa.schema.backToList" to={pathsOf(resource.def).list}>
        <ArrowBack />
      </LinkButton>
    </Box>
  );
  return (
    <Box sx={{ p: 2 }}>
      <PageHeading title={text('page.show')} actions={actions} />
      <AgentGoneNotice gone={agentGone} />
      {/* The log counter counts the lines shown below, as they arrive. */}
      <ShownLogLines.Provider value={log.loading || log.error ? undefined : log.lines.length}>
        <SchemaDetailsFields def={resource.def} names={FIELDS} />
      </ShownLogLines.Provider>
      <ProcessResult result={record.result} />
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
