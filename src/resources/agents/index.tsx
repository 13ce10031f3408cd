import { agents } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { AgentBulkActions, AgentRowActions } from './AgentActions';
import { AgentStatusValue, AgentUserInput, BusyValue, CurrentProcessValue, ErrorValue } from './AgentFields';
import { AgentsPage } from './AgentsPage';
import { AgentProcesses, AgentQueue } from './AgentTabs';

const AgentsListPage = () => <AgentsPage resource={agentsResource} />;

/**
 * Agents: /controlroom/agents with the downloads, the agents list (a live status dot, busy and
 * error flags set per row or in bulk, last seen, the current process; filters Company for
 * Super/Sub Admin, User, Status) and the Registration Tokens tab; no create page, since an
 * agent registers itself with a token. An agent's details add its processes and its queue.
 */
export const agentsResource = schemaResource(agents, {
  list: AgentsListPage,
  createPage: false,
  // Eleven columns and the row actions: one-line rows would push the last ones past 1440 px.
  wrapCells: true,
  filters: ['companyId', 'userId', 'status'],
  rowActions: AgentRowActions,
  bulkActions: AgentBulkActions,
  inputs: { userId: AgentUserInput },
  display: {
    status: AgentStatusValue,
    isBusy: BusyValue,
    isError: ErrorValue,
    currentProcessId: CurrentProcessValue,
  },
  // A phone's card: connected or not beside the name, then what it runs, whether an admin reserved
  // it (a labelled line: a bare Yes or No chip would not say what it answers), and whose it is.
  card: { status: ['status'], lines: ['currentProcessId', 'isBusy', 'isError', 'companyName', 'lastSeenAt'] },
  // Every role that sees an agent may list processes (of its company, or its own).
  tabs: [
    { label: 'resources.agents.tabs.processes', content: AgentProcesses },
    { label: 'resources.agents.tabs.queue', content: AgentQueue },
  ],
});
