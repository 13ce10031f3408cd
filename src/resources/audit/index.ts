import { audit } from '../../domain/resources';
import { schemaResource } from '../schema';

/** The audit log (Super Admin): the schema's list with its filters (resource, action, actor) and CSV export. */
export const auditResource = schemaResource(audit);
