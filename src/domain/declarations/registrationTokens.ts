import { defineResource } from '../resource';

export const TOKEN_TYPES = ['agent', 'studio'] as const;
export const TOKEN_STATUSES = ['active', 'used', 'expired'] as const;
/** Expiry when a generate call gives neither expiresAt nor expiresInDays. */
export const DEFAULT_TOKEN_EXPIRY_DAYS = 30;
export const MAX_TOKEN_EXPIRY_DAYS = 365;

export const registrationTokens = defineResource({
  name: 'registrationTokens',
  apiPrefix: 'registrationToken',
  apiPaths: { create: 'generate' },
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'none', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'none', delete: 'all' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'none', delete: 'company' },
    user: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'id',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    /** Optional for a Customer Admin (their own company). */
    companyId: { type: 'reference', reference: 'companies', list: true, filter: true, onDelete: 'cascade' },
    companyName: { type: 'string', readOnly: true, list: true },
    type: { type: 'enum', choices: TOKEN_TYPES, required: true, list: true, filter: true },
    /** Computed in SQL: used (single-use and consumed), expired, else active. */
    status: { type: 'enum', choices: TOKEN_STATUSES, list: true, filter: true, readOnly: true },
    /** A reusable token registers as many agents as wanted until it expires. */
    reusable: { type: 'boolean', list: true, defaultValue: false },
    expiresAt: { type: 'datetime', list: true },
    expiresInDays: { type: 'integer', virtual: true, min: 1, max: MAX_TOKEN_EXPIRY_DAYS },
    /** The value to copy: stored encrypted, answered only to roles that may see tokens. */
    token: { type: 'string', readOnly: true },
    usedAt: { type: 'datetime', readOnly: true, list: true },
    useCount: { type: 'integer', readOnly: true, defaultValue: 0 },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
