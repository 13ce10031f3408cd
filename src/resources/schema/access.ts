import { useCallback } from 'react';
import type { Action, Actor } from '../../domain';
import { actorOf, permits, type PermissionReading } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';

export type RecordLike = Record<string, unknown>;
export type CanDo = (action: Action, record?: RecordLike) => boolean;

/**
 * The domain's permission table for one resource, asked synchronously (no flash of a button
 * that disappears): the same `decide` the server enforces, with the record read as the server
 * reads it (the declaration's tenancy, ownerField and membership).
 */
export function useCanDo(def: PermissionReading): CanDo {
  const user = useSessionUser();
  return useCallback((action, record) => (user ? permits(actorOf(user), action, def, record) : false), [user, def]);
}

/**
 * The permission table, then the resource's own rule for a record (SchemaResource.allows):
 * what the list and details pages ask before showing Update or Delete.
 */
export function useMay(resource: {
  def: PermissionReading;
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
