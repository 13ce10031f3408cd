import { DECLARATIONS } from '../domain/declarations/registry';
import type { SchemaResource } from './schema';
import { webResourcesOf } from './webResources';
import { agentsResource } from './agents';
import { auditResource } from './audit';
import { botsResource } from './bots';
import { companiesResource } from './companies';
import { emailConfigurationsResource } from './emailConfigurations';
import { groupsResource } from './groups';
import { licencesResource } from './licences';
import { processesResource } from './processes';
import { registrationTokensResource } from './registrationTokens';
import { scheduleHistoryResource } from './scheduleHistory';
import { schedulesResource } from './schedules';
import { studioSubscriptionsResource } from './studioSubscriptions';
import { usersResource } from './users';

export { webResourcesOf } from './webResources';

/** Declared resources whose screens differ from the schema's defaults (their own folder here). */
const BESPOKE: readonly SchemaResource[] = [
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
  schedulesResource,
  scheduleHistoryResource,
  emailConfigurationsResource,
];

/**
 * Every resource with its screens loaded (tests read them); the shell routes the same ones from
 * ./lazy, which downloads each one's screens with its route.
 */
export const resources: readonly SchemaResource[] = webResourcesOf(DECLARATIONS, BESPOKE);
