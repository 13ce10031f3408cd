import { audit } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { AuditActorRoleValue, AuditChangesValue, AuditResourceValue } from './AuditValues';

/**
 * The audit log (Super Admin): the schema's list with its filters (resource, action, actor) and
 * CSV export; the role, the resource and what changed read in the chosen language.
 */
export const auditResource = schemaResource(audit, {
  display: { actorRole: AuditActorRoleValue, resource: AuditResourceValue, changes: AuditChangesValue },
});
