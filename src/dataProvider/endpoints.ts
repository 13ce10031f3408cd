import type { ResourceDef } from '../domain/resource';
import * as declared from '../domain/resources';

/**
 * Where each react-admin resource lives on the API (DESIGN §4): `<base>/all`,
 * `<base>/details/:id`, `<base>/create`, `<base>/update/:id`, `<base>/delete/:id` unless
 * overridden. `:id` in a path is replaced by the record id.
 */
export interface Endpoints {
  list: string;
  details: string;
  create: string;
  update: string;
  delete: string;
}

type Overrides = { base: string } & Partial<Endpoints>;

const isResourceDef = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'apiPrefix' in value && 'name' in value && 'fields' in value;

/** A declaration's prefix and path overrides: the server's routes for it come from the same. */
function overridesOf(def: ResourceDef): Overrides {
  const base = `/${def.apiPrefix}`;
  const overrides: Overrides = { base };
  if (def.apiPaths?.list) overrides.list = `${base}/${def.apiPaths.list}`;
  if (def.apiPaths?.create) overrides.create = `${base}/${def.apiPaths.create}`;
  return overrides;
}

/** Resources declared in the domain. */
const FROM_DOMAIN: Record<string, Overrides> = Object.fromEntries(
  Object.values(declared as Record<string, unknown>)
    .flatMap((value) => (isResourceDef(value) ? [value] : []))
    .map((def) => [def.name, overridesOf(def)]),
);

/** Resources with bespoke routes (not, or not yet, declared in the domain). */
const BESPOKE: Record<string, Overrides> = {
  users: { base: '/user', create: '/user/register' },
  roles: { base: '/role' },
  companies: { base: '/company' },
  groups: { base: '/groups', list: '/groups/by-pagination' },
  bots: { base: '/bot' },
  agents: { base: '/agent', update: '/agent/update' },
  processes: { base: '/process', list: '/process/all' },
  processHistory: { base: '/process', list: '/process/transaction-logs' },
  processExecutionLogs: { base: '/processExecutionLog', list: '/processExecutionLog' },
  schedules: {
    base: '/process/schedule',
    list: '/process/schedule/log/all',
    create: '/process/schedule',
    update: '/process/schedule/:id',
    delete: '/process/schedule/:id',
  },
  scheduleHistory: {
    base: '/process/schedule/history',
    list: '/process/schedule/history',
    delete: '/process/schedule/history/:id',
  },
  registrationTokens: { base: '/registrationToken', create: '/registrationToken/generate' },
  emailConfigurations: { base: '/emailSchedule' },
};

export const RESOURCE_ENDPOINTS: Record<string, Overrides> = { ...BESPOKE, ...FROM_DOMAIN };

/** A declaration made outside the domain's index (a plug-in, a test) joins the table when it is registered. */
export function registerEndpoints(def: ResourceDef): void {
  RESOURCE_ENDPOINTS[def.name] = overridesOf(def);
}

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

export const withId = (path: string, id: string | number): string => path.replace(':id', encodeURIComponent(String(id)));
