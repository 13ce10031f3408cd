import type { SchemaResource } from './schema';
import { agentsResource } from './agents';
import { auditResource } from './audit';
import { botsResource } from './bots';
import { companiesResource } from './companies';
import { groupsResource } from './groups';
import { licencesResource } from './licences';
import { processesResource } from './processes';
import { registrationTokensResource } from './registrationTokens';
import { studioSubscriptionsResource } from './studioSubscriptions';
import { usersResource } from './users';

/**
 * The schema-driven resources of the shell: one line each. A plain new resource needs its
 * domain declaration and a line here (docs/adding-a-resource.md).
 */
export const resources: readonly SchemaResource[] = [
  companiesResource,
  usersResource,
  groupsResource,
  registrationTokensResource,
  licencesResource,
  studioSubscriptionsResource,
  auditResource,
  botsResource,
  agentsResource,
  processesResource,
];
