import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CrudOptions } from '../crud/options';
import { crudRoutes } from '../crud/routes';
import { agentsCrud } from '../crudResources/agents';
import { auditCrud } from '../crudResources/audit';
import { botsCrud } from '../crudResources/bots';
import { companiesCrud } from '../crudResources/companies';
import { groupsCrud } from '../crudResources/groups';
import { licencesCrud, studioSubscriptionsCrud } from '../crudResources/licences';
import { processesCrud } from '../crudResources/processes';
import { registrationTokensCrud } from '../crudResources/registrationTokens';
import { usersCrud } from '../crudResources/users';

/**
 * The schema-driven resources the server serves, in one explicit list (docs/adding-a-resource.md):
 * each gives its declaration's list, names, details, create, update and delete routes with
 * schemas, OpenAPI, permissions, tenant scoping and the audit log. Tests enumerate the routes of
 * every resource from here.
 */
export const CRUD_RESOURCES: readonly CrudOptions[] = [
  companiesCrud,
  usersCrud,
  groupsCrud,
  registrationTokensCrud,
  licencesCrud,
  studioSubscriptionsCrud,
  botsCrud,
  agentsCrud,
  processesCrud,
  auditCrud,
];

export const resources: readonly FastifyPluginAsyncTypebox[] = CRUD_RESOURCES.map(crudRoutes);
