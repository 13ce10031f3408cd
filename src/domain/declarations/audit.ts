import { defineResource } from '../resource';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** Who changed what and when; written by the server only, read by the Super Admin. */
export const audit = defineResource({
  name: 'audit',
  apiPrefix: 'audit',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    subAdmin: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
    customerAdmin: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
    user: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'none',
  recordRepresentation: 'recordId',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  menu: { section: 'manageUsers', order: 40, icon: 'factCheck', key: 'auditLog' },
  fields: {
    id: { type: 'string', readOnly: true },
    actorId: { type: 'reference', reference: 'users', readOnly: true, filter: true },
    /** The actor's full name now (none for an actor that is not a user, or a user since deleted). */
    actorName: { type: 'string', readOnly: true },
    actorEmail: { type: 'email', readOnly: true, list: true, searchable: true },
    actorRole: { type: 'string', readOnly: true, list: true },
    action: { type: 'enum', choices: AUDIT_ACTIONS, readOnly: true, list: true, filter: true },
    resource: { type: 'string', readOnly: true, list: true, filter: true, searchable: true },
    recordId: { type: 'string', readOnly: true, list: true, searchable: true },
    /**
     * The record's name now, read through its resource's table and recordRepresentation (none
     * once the record is deleted, or for a resource whose representation is not a column).
     */
    recordName: { type: 'string', readOnly: true },
    /** Field → new value; passwords, hashes and token values are never written. */
    changes: { type: 'json', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
