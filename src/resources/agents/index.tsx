import { agents } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { AgentBulkActions, AgentRowActions } from './AgentActions';
import { AgentStatusValue, AgentUserInput, BusyValue, ErrorValue } from './AgentFields';
import { AgentsPage } from './AgentsPage';

const AgentsListPage = () => <AgentsPage resource={agentsResource} />;

/**
 * Agents: /controlroom/agents with the agents list (filters Company for Super/Sub Admin, User,
 * Status; busy and error flags set per row or in bulk) and the Registration Tokens tab; no
 * create page, since an agent registers itself with a token.
 */
export const agentsResource = schemaResource(agents, {
  list: AgentsListPage,
  createPage: false,
  filters: ['companyId', 'userId', 'status'],
  rowActions: AgentRowActions,
  bulkActions: AgentBulkActions,
  inputs: { userId: AgentUserInput },
  display: { status: AgentStatusValue, isBusy: BusyValue, isError: ErrorValue },
});
