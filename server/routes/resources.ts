import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { crudRoutes } from '../crud/routes';
import { agentsCrud } from '../resources/agents';
import { auditCrud } from '../resources/audit';
import { botsCrud } from '../resources/bots';
import { companiesCrud } from '../resources/companies';
import { groupsCrud } from '../resources/groups';
import { licencesCrud, studioSubscriptionsCrud } from '../resources/licences';
import { registrationTokensCrud } from '../resources/registrationTokens';
import { usersCrud } from '../resources/users';

/**
 * The schema-driven resources: one line each (docs/adding-a-resource.md). Each line gives the
 * resource's list, names, details, create, update and delete routes with schemas, OpenAPI,
 * permissions, tenant scoping and the audit log.
 */
export const resources: readonly FastifyPluginAsyncTypebox[] = [
  crudRoutes(companiesCrud),
  crudRoutes(usersCrud),
  crudRoutes(groupsCrud),
  crudRoutes(registrationTokensCrud),
  crudRoutes(licencesCrud),
  crudRoutes(studioSubscriptionsCrud),
  crudRoutes(botsCrud),
  crudRoutes(agentsCrud),
  crudRoutes(auditCrud),
];
