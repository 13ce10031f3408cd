import {
  RESOURCES,
  decide,
  targetOf,
  type Action,
  type Actor,
  type Resource,
  type SessionUser,
  type Target,
} from '../domain';
import { processes } from '../domain/declarations/processes';
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

/**
 * What the web app needs of a declaration to ask the permission table about one of its
 * records: its row (`name`, `access`) and how a record says whose it is (`tenancy`,
 * `ownerField`, `membership`) — the same reading the server does with `targetOf`.
 */
export type PermissionReading = Pick<ResourceDef, 'name' | 'access' | 'tenancy' | 'ownerField' | 'membership'>;

/**
 * react-admin resource names that are no declaration of their own but screens over one: a
 * process's history is read like its process.
 */
const READING_OF: Record<string, PermissionReading> = {
  processHistory: processes,
  processExecutionLogs: processes,
};

/** Rows of the permission table that are no declaration (e-mail configurations, dashboard): by company. */
const undeclared = (row: Resource): PermissionReading => ({ name: row, access: { sameAs: row }, tenancy: 'company' });
const ROW_OF: Record<string, Resource> = {};

export const actorOf = (user: SessionUser): Actor => ({ id: user.id, role: user.role, companyId: user.companyId });

/**
 * What the permission table needs to know of a record, read as its declaration says: the
 * company by the tenancy, the owner by `ownerField`, the members by `membership`, the role of
 * a user's account. The domain's `targetOf`, which the server uses too, so both decide alike.
 */
export const targetFor = (
  def: Pick<ResourceDef, 'tenancy' | 'ownerField' | 'membership'>,
  record: Readonly<Record<string, unknown>>,
): Target => targetOf(def, record);

/** Whether the actor may do `action` on the resource (and on `record` when given). */
export const permits = (
  actor: Actor,
  action: Action,
  def: PermissionReading,
  record?: Readonly<Record<string, unknown>>,
): boolean => decide(actor, action, def, record ? targetFor(def, record) : undefined) === 'allow';

/** The permission row and record reading of a react-admin resource name, if it has one. */
function readingOf(name: string): PermissionReading | undefined {
  const declared = declaredDef(name) ?? READING_OF[name];
  if (declared) return declared;
  const row = ROW_OF[name] ?? name;
  return RESOURCES.includes(row) ? undeclared(row) : undefined;
}

/**
 * Whether the user may do `action` on `resource` (and on `record` when given). Resources
 * outside the table (roles, names lists…) are readable by every signed-in user.
 */
export function canUserAccess(
  user: SessionUser,
  params: { action: string; resource: string; record?: Record<string, unknown> },
): boolean {
  const def = readingOf(params.resource);
  const action = ACTION_OF[params.action];
  if (!def || !action) return true;
  return permits(actorOf(user), action, def, params.record);
}
