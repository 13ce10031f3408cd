import { defineResource } from '../resource';
import { addressRules, emailRules, nameRules, required } from '../validation';

export const COMPANY_STATUSES = ['active', 'inactive'] as const;

export const companies = defineResource({
  name: 'companies',
  apiPrefix: 'company',
  permission: 'companies',
  tenancy: 'self',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  routes: {
    list: '/controlroom/company/view',
    create: '/controlroom/company/register',
    show: '/controlroom/company/details/:id',
  },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, rules: nameRules, list: true, searchable: true, maxLength: 60 },
    address: { type: 'string', required: true, rules: addressRules, list: true, maxLength: 60 },
    email: { type: 'email', required: true, rules: emailRules, list: true, searchable: true, maxLength: 254 },
    phone: { type: 'phone', required: true, rules: [required('phoneRequired')], list: true, maxLength: 20 },
    status: { type: 'enum', choices: COMPANY_STATUSES, list: true, filter: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
