import { audit } from '../../domain/declarations';
import { schemaResource } from '../schema';
import {
  AuditActorRoleValue,
  AuditActorValue,
  AuditChangesValue,
  AuditRecordValue,
  AuditResourceValue,
} from './AuditValues';

/**
 * The audit log (Super Admin): the schema's list with its filters (resource, action, actor) and
 * CSV export; the role, the resource and what changed read in the chosen language; the actor
 * and the record by name, their e-mail and id on hover.
 */
export const auditResource = schemaResource(audit, {
  display: {
    actorEmail: AuditActorValue,
    actorRole: AuditActorRoleValue,
    resource: AuditResourceValue,
    recordId: AuditRecordValue,
    changes: AuditChangesValue,
  },
});
