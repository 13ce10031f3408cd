import {
  RESOURCES,
  decide,
  isRoleName,
  type Action,
  type Actor,
  type Resource,
  type SessionUser,
  type Target,
} from '../domain';
import type { ResourceDef } from '../domain/resource';
import { declaredDef } from '../resources/schema/defs';

/** react-admin's action names onto the permission table's. */
const ACTION_OF: Record<string, Action> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** react-admin resource names that read another name in the permission table (not declared in the domain). */
const RESOURCE_OF: Record<string, Resource> = {
  processHistory: 'processes',
  processExecutionLogs: 'processes',
  schedules: 'schedules',
  scheduleHistory: 'schedules',
};

const isResource = (name: string): name is Resource => (RESOURCES as readonly string[]).includes(name);

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, role: user.role, companyId: user.companyId });

const str = (value: unknown): string | null | undefined =>
  value === null ? null : typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);

/**
 * What the permission table needs to know of a record, read the way the server reads it
 * (server/crud/routes.ts targetOf): the company by the resource's tenancy, the owner (a user
 * is their own; otherwise the creator), the members of a group, the role of a user.
 */
export function targetFor(def: Pick<ResourceDef, 'tenancy' | 'permission'>, record: Record<string, unknown>): Target {
  const companyId = def.tenancy === 'self' ? str(record.id) : def.tenancy === 'none' ? null : str(record.companyId);
  const ownerId = def.permission === 'users' ? str(record.id) : (str(record.createdBy) ?? str(record.userId));
  const target: Target = { companyId, ownerId };
  const members = strings(record.memberIds) ?? (def.permission === 'groups' ? strings(record.userIds) : undefined);
  if (members) target.memberIds = members;
  if (isRoleName(record.role)) target.role = record.role;
  return target;
}

/** The permission row and record reading of a react-admin resource name, if it has one. */
function permissionOf(name: string): Pick<ResourceDef, 'tenancy' | 'permission'> | undefined {
  const def = declaredDef(name);
  if (def) return def;
  const permission = RESOURCE_OF[name] ?? (isResource(name) ? name : undefined);
  return permission ? { permission, tenancy: 'company' } : undefined;
}

/**
 * Whether the user may do `action` on `resource` (and on `record` when given). Resources
 * outside the table (roles, names lists…) are readable by every signed-in user.
 */
export function canUserAccess(
  user: SessionUser,
  params: { action: string; resource: string; record?: Record<string, unknown> },
): boolean {
  const def = permissionOf(params.resource);
  const action = ACTION_OF[params.action];
  if (!def || !action) return true;
  const target = params.record ? targetFor(def, params.record) : undefined;
  return decide(actorOf(user), action, def.permission, target) === 'allow';
}
