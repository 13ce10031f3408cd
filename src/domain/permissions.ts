import { isSharedAccess, scopeIn, type Action, type PermissionRow, type Scope } from './access';
import { DECLARATIONS } from './declarations/registry';
import type { ResourceDef } from './resource';
import { ROLE, isPlatformRole, isRoleName, type RoleKey, type RoleName } from './roles';

export { ACTIONS, type Action, type PermissionRow, type Scope, type Scopes } from './access';

/*
 * The permission table as data: each declaration's row (declared with the resource, in
 * src/domain/declarations/) plus the rows of what is not a declared resource: for each role,
 * the scope of each action by name.
 */
const OTHER_ROWS = {
  dashboard: {
    superAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    subAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'none' },
    user: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'none' },
  },
  demoRequests: {
    superAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    subAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    customerAdmin: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
    user: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
  },
} as const satisfies Record<string, PermissionRow>;

/** The name of a permission row: a declared resource's, or one of the rows above. */
export type Resource = string;

/** Every row by name; a declaration that follows another row is listed under both names. */
function assemble(): ReadonlyMap<string, PermissionRow> {
  const rows = new Map<string, PermissionRow>(Object.entries(OTHER_ROWS));
  for (const def of DECLARATIONS) {
    if (rows.has(def.name)) throw new Error(`Permission table: two rows named ${def.name}`);
    if (!isSharedAccess(def.access)) rows.set(def.name, def.access);
  }
  for (const def of DECLARATIONS) {
    if (!isSharedAccess(def.access)) continue;
    const shared = rows.get(def.access.sameAs);
    if (!shared) throw new Error(`${def.name}: access.sameAs names no permission row (${def.access.sameAs})`);
    rows.set(def.name, shared);
  }
  return rows;
}

const TABLE = assemble();
export const RESOURCES: readonly Resource[] = [...TABLE.keys()];

/** The row a declaration follows: its own, or the one `access.sameAs` names. */
export function rowOf(resource: Resource | Pick<ResourceDef, 'name' | 'access'>): PermissionRow {
  if (typeof resource !== 'string') {
    if (!isSharedAccess(resource.access)) return resource.access;
    return rowOf(resource.access.sameAs);
  }
  const row = TABLE.get(resource);
  if (!row) throw new Error(`No permission row named ${resource}`);
  return row;
}

const KEY_OF: Record<RoleName, RoleKey> = {
  [ROLE.superAdmin]: 'superAdmin',
  [ROLE.subAdmin]: 'subAdmin',
  [ROLE.customerAdmin]: 'customerAdmin',
  [ROLE.user]: 'user',
};

export interface Actor {
  id: string;
  role: RoleName;
  companyId: string | null;
}

/** What is known of the record acted on. Omit it for list and create-without-company checks. */
export interface Target {
  /** The record's company; null for a Super Admin or a platform-wide record. */
  companyId?: string | null;
  /** Whose record it is: the user's own id for users, the creator for bots, processes, schedules. */
  ownerId?: string | null;
  /** For groups: the members. */
  memberIds?: readonly string[];
  /** For users: the target user's role (a Sub Admin cannot update a Super Admin). */
  role?: RoleName;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/**
 * What the permission table needs to know of a stored record, read as its declaration says:
 * the company by the tenancy, the owner by `ownerField`, the members by `membership`, and the
 * role of a user's account.
 */
export function targetOf(
  def: Pick<ResourceDef, 'tenancy' | 'ownerField' | 'membership'>,
  record: Readonly<Record<string, unknown>>,
): Target {
  const companyId =
    def.tenancy === 'company' ? idOf(record.companyId) : def.tenancy === 'self' ? idOf(record.id) : null;
  const members = def.membership ? record[def.membership] : undefined;
  return {
    companyId,
    ownerId: def.ownerField ? idOf(record[def.ownerField]) : undefined,
    memberIds: Array.isArray(members) ? members.map(String) : undefined,
    role: isRoleName(record.role) ? record.role : undefined,
  };
}

export type Decision = 'allow' | 'forbidden' | 'notFound';

/** A row by its name, or the declaration whose row it is (a declaration outside the registry works too). */
export type PermissionSubject = Resource | Pick<ResourceDef, 'name' | 'access'>;

export const scopeOf = (role: RoleName, action: Action, resource: PermissionSubject): Scope =>
  scopeIn(rowOf(resource), KEY_OF[role], action);

/**
 * Who may do what to which record. A record of another company answers notFound, never
 * forbidden, so that its existence is not revealed; so does a record the role may see only
 * when it is their own (another user's account).
 */
export function decide(actor: Actor, action: Action, resource: PermissionSubject, target?: Target): Decision {
  const scope = scopeOf(actor.role, action, resource);
  if (scope === 'none') return 'forbidden';
  // Nobody but a Super Admin changes a Super Admin's account.
  if (action === 'update' && actor.role === ROLE.subAdmin && target?.role === ROLE.superAdmin) return 'forbidden';
  if (!target || scope === 'all') return 'allow';
  const sameCompany = isPlatformRole(actor.role) || (target.companyId ?? null) === actor.companyId;
  if (!sameCompany) return 'notFound';
  switch (scope) {
    case 'company':
      return 'allow';
    case 'own':
      if (target.ownerId === actor.id) return 'allow';
      return scopeOf(actor.role, 'show', resource) === 'own' ? 'notFound' : 'forbidden';
    case 'member':
      return target.memberIds?.includes(actor.id) ? 'allow' : 'notFound';
  }
}

export const can = (actor: Actor, action: Action, resource: PermissionSubject, target?: Target): boolean =>
  decide(actor, action, resource, target) === 'allow';
