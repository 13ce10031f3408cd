import { defineResource } from '../resource';
import { required } from '../validation';

export const TOKEN_TYPES = ['agent', 'studio'] as const;
export const TOKEN_STATUSES = ['active', 'used', 'expired'] as const;

export const registrationTokens = defineResource({
  name: 'registrationTokens',
  apiPrefix: 'registrationToken',
  apiPaths: { create: 'generate' },
  permission: 'registrationTokens',
  tenancy: 'company',
  recordRepresentation: 'id',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: { type: 'reference', reference: 'companies', required: true, rules: [required('selectCompany')], list: true, filter: true },
    type: { type: 'enum', choices: TOKEN_TYPES, required: true, list: true, filter: true },
    status: { type: 'enum', choices: TOKEN_STATUSES, list: true, filter: true, readOnly: true },
    expiresAt: { type: 'datetime', required: true, list: true },
    token: { type: 'string', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
