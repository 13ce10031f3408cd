import PlayArrow from '@mui/icons-material/PlayArrow';
import { bots, processes } from '../../domain/declarations';
import { LinkButton, pathsOf, schemaResource } from '../schema';
import { LogCountValue } from './AgentGone';
import { ProcessRowActions } from './ProcessActions';
import { ProcessDetails } from './ProcessDetails';
import { DurationValue, ProcessStatusValue, ReasonValue, ShortIdValue, SourceValue } from './ProcessFields';
import { ProcessList } from './ProcessList';

const ProcessListPage = () => <ProcessList resource={processesResource} />;
const ProcessDetailsPage = () => <ProcessDetails resource={processesResource} />;

/**
 * Processes: Current Status (/controlroom/process) and a process's details with its live log.
 * Runs are created by Run (a bot's), never here; nobody edits or deletes one (Cancel and Stop
 * are their own calls).
 */
export const processesResource = schemaResource(processes, {
  list: ProcessListPage,
  details: ProcessDetailsPage,
  createPage: false,
  empty: {
    text: 'emptyNothing',
    action: (
      <LinkButton label="resources.processes.emptyLink" to={pathsOf(bots).list} variant="contained">
        <PlayArrow />
      </LinkButton>
    ),
  },
  filters: ['userId', 'botId', 'status'],
  rowActions: ProcessRowActions,
  allows: (action) => action !== 'update' && action !== 'delete',
  display: {
    id: ShortIdValue,
    status: ProcessStatusValue,
    duration: DurationValue,
    reason: ReasonValue,
    logCount: LogCountValue,
    source: SourceValue,
  },
  // A phone's card: which run (bot, id), its status chip, where, and when.
  card: { title: 'botName', status: ['status'], lines: ['id', 'agentName', 'startedAt', 'duration'] },
});
