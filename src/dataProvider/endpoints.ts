import { DECLARATIONS } from '../domain/declarations/registry';
import { apiPathsOf, type ResourceDef } from '../domain/resource';

/**
 * Where each react-admin resource lives on the API: `<base>/all`,
 * `<base>/details/:id`, `<base>/create`, `<base>/update/:id`, `<base>/delete/:id` unless
 * overridden. `:id` in a path is replaced by the record id.
 */
export interface Endpoints {
  list: string;
  details: string;
  create: string;
  update: string;
  delete: string;
  /** One call updating many records (`{ids, ...changes}`); without it, updateMany updates each record. */
  updateMany?: string;
  /**
   * Lists of the records pointing at another one, by the pointing field (react-admin's
   * getManyReference target): e.g. agents by companyId → `/company/:id/agents`. Without one,
   * the list is filtered by that field.
   */
  byReference?: Readonly<Record<string, string>>;
}

type Overrides = { base: string } & Partial<Endpoints>;

/** A declaration's paths: the server registers its routes at the same (apiPathsOf). */
function overridesOf(def: ResourceDef): Overrides {
  const { list, details, create, update, delete: remove } = apiPathsOf(def);
  return { base: `/${def.apiPrefix}`, list, details, create, update, delete: remove };
}

/** Resources declared in the domain. */
const FROM_DOMAIN: Record<string, Overrides> = Object.fromEntries(
  DECLARATIONS.map((def) => [def.name, overridesOf(def)]),
);

/**
 * Resources with bespoke routes (not, or not yet, declared in the domain), and the routes of
 * declared ones that a declaration does not describe (bulk updates, lists under another record).
 */
const BESPOKE: Record<string, Overrides> = {
  users: { base: '/user', create: '/user/register' },
  roles: { base: '/role' },
  companies: { base: '/company' },
  groups: { base: '/groups', list: '/groups/by-pagination' },
  bots: { base: '/bot', byReference: { companyId: '/company/:id/bots' } },
  agents: { base: '/agent', updateMany: '/agent/update', byReference: { companyId: '/company/:id/agents' } },
  processes: { base: '/process', list: '/process/all' },
  processHistory: { base: '/process', list: '/process/transaction-runs' },
  processHistoryLines: { base: '/process', list: '/process/transaction-logs' },
  processExecutionLogs: { base: '/processExecutionLog', list: '/processExecutionLog' },
  registrationTokens: { base: '/registrationToken', create: '/registrationToken/generate' },
  emailConfigurations: { base: '/emailSchedule' },
};

/** A declaration's paths win; the bespoke entry of the same name adds what the declaration does not say. */
const withBespoke = (name: string, fromDomain: Overrides): Overrides => ({ ...BESPOKE[name], ...fromDomain });

export const RESOURCE_ENDPOINTS: Record<string, Overrides> = {
  ...BESPOKE,
  ...Object.fromEntries(Object.entries(FROM_DOMAIN).map(([name, overrides]) => [name, withBespoke(name, overrides)])),
};

const DECLARED = new Map<string, ResourceDef>(DECLARATIONS.map((def) => [def.name, def]));

/** A declaration made outside the domain's index (a plug-in, a test) joins the table when it is registered. */
export function registerEndpoints(def: ResourceDef): void {
  RESOURCE_ENDPOINTS[def.name] = withBespoke(def.name, overridesOf(def));
  DECLARED.set(def.name, def);
}

/** The declaration of a resource, when it has one: its create and update bodies follow its writable fields. */
export const declarationOf = (resource: string): ResourceDef | undefined => DECLARED.get(resource);

export function endpointsFor(resource: string): Endpoints {
  const { base, ...overrides } = RESOURCE_ENDPOINTS[resource] ?? { base: `/${resource}` };
  return {
    list: `${base}/all`,
    details: `${base}/details/:id`,
    create: `${base}/create`,
    update: `${base}/update/:id`,
    delete: `${base}/delete/:id`,
    ...overrides,
  };
}

export const withId = (path: string, id: string | number): string =>
  path.replace(':id', encodeURIComponent(String(id)));
