import { useCallback } from 'react';
import { can, type Action, type Actor } from '../../domain';
import type { ResourceDef } from '../../domain/resource';
import { actorOf, targetFor } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';

export type RecordLike = Record<string, unknown>;
export type CanDo = (action: Action, record?: RecordLike) => boolean;

/**
 * The domain's permission table for one resource, asked synchronously (no flash of a button
 * that disappears): the same `can` the server enforces, with the record read as the server reads it.
 */
export function useCanDo(def: Pick<ResourceDef, 'tenancy' | 'permission'>): CanDo {
  const user = useSessionUser();
  const { tenancy, permission } = def;
  return useCallback(
    (action, record) =>
      user
        ? can(actorOf(user), action, permission, record ? targetFor({ tenancy, permission }, record) : undefined)
        : false,
    [user, tenancy, permission],
  );
}

/**
 * The permission table, then the resource's own rule for a record (SchemaResource.allows):
 * what the list and details pages ask before showing Update or Delete.
 */
export function useMay(resource: {
  def: Pick<ResourceDef, 'tenancy' | 'permission'>;
  allows?: (action: Action, actor: Actor, record: RecordLike) => boolean;
}): CanDo {
  const user = useSessionUser();
  const canDo = useCanDo(resource.def);
  const { allows } = resource;
  return useCallback(
    (action, record) => canDo(action, record) && (!record || !user || !allows || allows(action, actorOf(user), record)),
    [canDo, user, allows],
  );
}
