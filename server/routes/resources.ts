import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DECLARATIONS } from '../../src/domain/declarations/registry';
import type { CrudOptions } from '../crud/options';
import { crudRoutes } from '../crud/routes';
import { servedResources } from '../crud/served';
import { agentsCrud } from '../crudResources/agents';
import { auditCrud } from '../crudResources/audit';
import { botsCrud } from '../crudResources/bots';
import { companiesCrud } from '../crudResources/companies';
import { emailConfigurationsCrud } from '../crudResources/emailConfigurations';
import { groupsCrud } from '../crudResources/groups';
import { licencesCrud, studioSubscriptionsCrud } from '../crudResources/licences';
import { processesCrud } from '../crudResources/processes';
import { registrationTokensCrud } from '../crudResources/registrationTokens';
import { scheduleHistoryCrud, schedulesCrud } from '../crudResources/scheduling';
import { usersCrud } from '../crudResources/users';
import { tableOfResource } from '../db/schema/declared';

/**
 * The server options of the declared resources that need more than their declaration (lookups,
 * computed values, hooks, messages, bespoke routes). A plain declaration needs none.
 */
const BESPOKE: readonly CrudOptions[] = [
  companiesCrud,
  usersCrud,
  groupsCrud,
  registrationTokensCrud,
  licencesCrud,
  studioSubscriptionsCrud,
  botsCrud,
  agentsCrud,
  processesCrud,
  schedulesCrud,
  scheduleHistoryCrud,
  emailConfigurationsCrud,
  auditCrud,
];

/**
 * The schema-driven resources the server serves: exactly the registry's declarations
 * (src/domain/declarations/registry.ts), each by its bespoke options or by default ones over its
 * table. Each gives its list, names, details, create, update and delete routes with schemas,
 * OpenAPI, permissions, tenant scoping and the audit log. Tests enumerate the routes of every
 * resource from here.
 */
export const CRUD_RESOURCES: readonly CrudOptions[] = servedResources(DECLARATIONS, BESPOKE, tableOfResource);

export const resources: readonly FastifyPluginAsyncTypebox[] = CRUD_RESOURCES.map(crudRoutes);
