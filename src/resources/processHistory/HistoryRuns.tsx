import { Box, Button, List as MuiList, ListItem, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DataTable,
  ListNoResults,
  RecordContextProvider,
  useListContext,
  useLocaleState,
  useRecordContext,
  useExpanded,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import { processes } from '../../domain/declarations';
import { showPathOf } from '../schema';
import { ListError, ListLoading } from '../schema/ListStates';
import { ProcessStatusValue, shortId } from '../processes/ProcessFields';
import { RunLines, type LineFilters } from './RunLines';
import { openRunOnClick } from '../processes/rowClick';

/** A finished run as GET /process/transaction-runs lists it. */
export interface RunRecord extends RaRecord {
  id: string;
  botName: string;
  agentName: string;
  userName: string | null;
  status: number;
  startedAt: string | null;
  endedAt: string | null;
  lineCount: number;
  matchCount: number;
}

/** The list's search and time bounds: what an expanded run's lines are filtered by. */
const useLineFilters = (): LineFilters => {
  const { filterValues } = useListContext();
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return { q: text(filterValues.q), from: text(filterValues.from), to: text(filterValues.to) };
};
const filtering = (filters: LineFilters) => Boolean(filters.q || filters.from || filters.to);

const ProcessLink = () => {
  const record = useRecordContext<RunRecord>();
  if (!record) return null;
  return (
    <Link to={showPathOf(processes, record.id)} title={record.id}>
      {shortId(record.id)}
    </Link>
  );
};

const DateValue = ({ source }: { source: 'startedAt' | 'endedAt' }) => {
  const record = useRecordContext<RunRecord>();
  const [locale] = useLocaleState();
  const value = record?.[source];
  return value ? <>{new Date(value).toLocaleString(locale)}</> : <>—</>;
};

/** "3", or "1 of 3" while a search or time bounds keep some of the run's lines only. */
const useCountText = (record: RunRecord | undefined) => {
  const translate = useTranslate();
  const filters = useLineFilters();
  if (!record) return '';
  if (!filtering(filters) || record.matchCount === record.lineCount) return String(record.lineCount);
  return translate('resources.processHistory.matching', { match: record.matchCount, total: record.lineCount });
};

/**
 * The run's line count, as the button that expands the row to its lines: the table's own
 * chevron is hidden from keyboards and screen readers, this button is not.
 */
const LineCount = () => {
  const record = useRecordContext<RunRecord>();
  const translate = useTranslate();
  const text = useCountText(record);
  const [expanded, toggle] = useExpanded('processHistory', record?.id ?? '');
  if (!record) return null;
  if (record.lineCount === 0) return <>0</>;
  return (
    <Button
      size="small"
      onClick={(event) => {
        // The row's own click opens the run: this button only expands it.
        event.stopPropagation();
        toggle();
      }}
      aria-expanded={expanded}
      aria-label={translate(expanded ? 'resources.processHistory.hideLines' : 'resources.processHistory.showLines', {
        count: text,
      })}
      endIcon={expanded ? <ExpandLess /> : <ExpandMore />}
      sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
    >
      {text}
    </Button>
  );
};

const Expanded = () => {
  const filters = useLineFilters();
  return <RunLines filters={filters} />;
};

const expandable = (record: RunRecord) => record.lineCount > 0;

/** A run's row opens its details, as in Current Status; its Lines button expands it instead. */
const openRun = openRunOnClick((record) => String(record.id));

/** One card per run on a phone: bot and status, agent, who and when, and its lines on demand. */
const RunCard = ({ record }: { record: RunRecord }) => {
  const translate = useTranslate();
  const filters = useLineFilters();
  const count = useCountText(record);
  const [open, setOpen] = useState(false);
  const label = (name: string) => translate(`resources.processHistory.fields.${name}`);
  return (
    <RecordContextProvider value={record}>
      <ListItem divider sx={{ display: 'block', py: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography component="div" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
            {record.botName}
          </Typography>
          <ProcessStatusValue />
        </Box>
        <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          <ProcessLink /> · {record.agentName}
          {record.userName ? ` · ${record.userName}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          {label('endedAt')}: <DateValue source="endedAt" />
        </Typography>
        {record.lineCount > 0 && (
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ px: 0 }}>
            {translate(open ? 'resources.processHistory.hideLines' : 'resources.processHistory.showLines', {
              count,
            })}
          </Button>
        )}
        {open && <RunLines filters={filters} />}
      </ListItem>
    </RecordContextProvider>
  );
};

/**
 * History Logs' runs: a table with each run expandable to its lines on a desktop, cards with a
 * Lines button on a phone (nothing scrolls sideways there).
 */
export const HistoryRuns = () => {
  const { data, isPending, error } = useListContext<RunRecord>();
  const translate = useTranslate();
  const phone = usePhone();
  const label = (name: string) => translate(`resources.processHistory.fields.${name}`);
  if (error) return <ListError />;
  if (isPending) return <ListLoading />;
  if (phone) {
    if (!data || data.length === 0) return <ListNoResults />;
    return (
      <MuiList disablePadding>
        {data.map((record) => (
          <RunCard key={record.id} record={record} />
        ))}
      </MuiList>
    );
  }
  return (
    <DataTable rowClick={openRun} bulkActionButtons={false} expand={<Expanded />} isRowExpandable={expandable}>
      <DataTable.Col source="id" label={label('processId')} disableSort>
        <ProcessLink />
      </DataTable.Col>
      <DataTable.Col source="botName" label={label('botName')} disableSort />
      <DataTable.Col source="agentName" label={label('agentName')} disableSort />
      <DataTable.Col source="userName" label={label('userName')} disableSort />
      <DataTable.Col source="status" label={label('status')} disableSort>
        <ProcessStatusValue />
      </DataTable.Col>
      <DataTable.Col source="startedAt" label={label('startedAt')} disableSort>
        <DateValue source="startedAt" />
      </DataTable.Col>
      <DataTable.Col source="endedAt" label={label('endedAt')} disableSort>
        <DateValue source="endedAt" />
      </DataTable.Col>
      <DataTable.Col source="lineCount" label={label('lineCount')} disableSort>
        <LineCount />
      </DataTable.Col>
    </DataTable>
  );
};
