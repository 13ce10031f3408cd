import {
  Alert,
  Link,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateField, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { processes } from '../../domain/declarations';
import { processesResource } from '../processes';
import { shortId } from '../processes/ProcessFields';
import { ProcessTable } from '../processes/ProcessList';
import { SchemaPagination, SchemaResourceContext, showPathOf } from '../schema';
import { errorText } from '../schema/useServerError';
import { fetchAgentQueue } from './calls';

/**
 * An agent's processes, newest first: the process list filtered by agentId, with Current
 * Status's columns, row actions and bulk Cancel.
 */
export const AgentProcesses = () => {
  const translate = useTranslate();
  const agent = useRecordContext();
  if (!agent) return null;
  return (
    <SchemaResourceContext.Provider value={processesResource}>
      <ReferenceManyField
        reference={processes.name}
        target="agentId"
        sort={processes.defaultSort}
        perPage={10}
        pagination={<SchemaPagination />}
        empty={<Typography color="text.secondary">{translate('resources.agents.noProcess')}</Typography>}
      >
        <ProcessTable />
      </ReferenceManyField>
    </SchemaResourceContext.Provider>
  );
};

/**
 * The agent's queue: its pending processes in the order it will run them (priority, then
 * oldest). The query key starts with `processes`, so every process notification refreshes it.
 */
export const AgentQueue = () => {
  const translate = useTranslate();
  const agent = useRecordContext();
  const agentId = agent ? String(agent.id) : '';
  const { data, error, isPending } = useQuery({
    queryKey: [processes.name, 'agentQueue', agentId],
    queryFn: () => fetchAgentQueue(agentId),
    enabled: agentId !== '',
  });
  if (!agent) return null;
  if (error) return <Alert severity="error">{translate(errorText(error), { _: errorText(error) })}</Alert>;
  if (isPending) return <LinearProgress aria-label={translate('resources.agents.queue.loading')} />;
  if (data.length === 0)
    return <Typography color="text.secondary">{translate('resources.agents.queue.empty')}</Typography>;
  const label = (name: string) => translate(`resources.agents.queue.${name}`);
  return (
    <Table size="small" aria-label={translate('resources.agents.tabs.queue')}>
      <TableHead>
        <TableRow>
          <TableCell>{label('position')}</TableCell>
          <TableCell>{label('process')}</TableCell>
          <TableCell>{label('bot')}</TableCell>
          <TableCell>{label('priority')}</TableCell>
          <TableCell>{label('createdAt')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.position}</TableCell>
            <TableCell>
              <Link
                component={RouterLink}
                to={showPathOf(processes, row.id)}
                title={row.id}
                sx={{ fontFamily: 'monospace' }}
              >
                {shortId(row.id)}
              </Link>
            </TableCell>
            <TableCell>{row.botName}</TableCell>
            <TableCell>{row.priority}</TableCell>
            <TableCell>
              <DateField record={row} source="createdAt" showTime />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
