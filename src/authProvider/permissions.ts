import { RESOURCES, decide, type Action, type Actor, type Resource, type SessionUser, type Target } from '../domain';

/** react-admin's action names onto the domain's (spec §6 permission table). */
const ACTION_OF: Record<string, Action> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** react-admin resource names that read another name in the permission table. */
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

function targetOf(resource: Resource, record: Record<string, unknown>): Target {
  const ownerId = resource === 'users' ? str(record.id) : (str(record.createdBy) ?? str(record.userId));
  const target: Target = { companyId: str(record.companyId), ownerId };
  if (Array.isArray(record.memberIds)) target.memberIds = record.memberIds.map(String);
  return target;
}

/**
 * Whether the user may do `action` on `resource` (and on `record` when given). Resources
 * outside the table (roles, names lists…) are readable by every signed-in user.
 */
export function canUserAccess(
  user: SessionUser,
  params: { action: string; resource: string; record?: Record<string, unknown> },
): boolean {
  const resource = RESOURCE_OF[params.resource] ?? (isResource(params.resource) ? params.resource : undefined);
  const action = ACTION_OF[params.action];
  if (!resource || !action) return true;
  const target = params.record ? targetOf(resource, params.record) : undefined;
  return decide(actorOf(user), action, resource, target) === 'allow';
}
