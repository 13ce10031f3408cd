import type { ResourceDef } from '../domain/resource';
import { DECLARATIONS } from '../domain/declarations/registry';
import { schemaResource, type SchemaResource } from './schema';
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
 * The shell's resources: one per declaration of the registry, its bespoke screens where it has
 * a folder here, the schema's List/Show/Edit/Create otherwise — a plain new resource needs no
 * web file. Bespoke screens of a resource the registry does not declare are a mistake.
 */
export function webResourcesOf(
  declarations: readonly ResourceDef[],
  bespoke: readonly SchemaResource[],
): SchemaResource[] {
  const byName = new Map(bespoke.map((resource) => [resource.def.name, resource]));
  for (const name of byName.keys()) {
    if (!declarations.some((def) => def.name === name)) throw new Error(`Screens for ${name}, which is not declared`);
  }
  return declarations.map((def) => byName.get(def.name) ?? schemaResource(def));
}

export const resources: readonly SchemaResource[] = webResourcesOf(DECLARATIONS, BESPOKE);
