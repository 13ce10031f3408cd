import { defineResource } from '../resource';
import { codePointCap } from '../text';
import { addressRules, emailRules, nameRules, required, type Rule } from '../validation';

export const COMPANY_STATUSES = ['active', 'inactive'] as const;

/** No country code is asked for a company: digits with the usual separators, 7-20 characters. */
export const companyPhoneRules: readonly Rule[] = [
  required('phoneRequired'),
  (value) =>
    value === undefined || value === null || value === '' || /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/.test(String(value))
      ? undefined
      : 'phoneInvalid',
];

export const companies = defineResource({
  name: 'companies',
  apiPrefix: 'company',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    customerAdmin: { list: 'none', show: 'company', create: 'none', update: 'none', delete: 'none' },
    user: { list: 'none', show: 'company', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'self',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  routes: {
    list: '/controlroom/company/view',
    create: '/controlroom/company/register',
    show: '/controlroom/company/details/:id',
  },
  menu: { section: 'manageUsers', order: 10, icon: 'business', key: 'companies' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: {
      type: 'string',
      required: true,
      rules: nameRules,
      list: true,
      searchable: true,
      maxLength: codePointCap(60),
      trim: true,
    },
    address: {
      type: 'string',
      required: true,
      rules: addressRules,
      list: true,
      maxLength: codePointCap(60),
      trim: true,
    },
    email: { type: 'email', required: true, rules: emailRules, list: true, searchable: true, maxLength: 254 },
    phone: { type: 'phone', required: true, rules: companyPhoneRules, list: true, maxLength: 20 },
    status: { type: 'enum', choices: COMPANY_STATUSES, list: true, filter: true, defaultValue: 'active' },
    /** Non-deleted users, groups and usable registration tokens (computed in SQL). */
    userCount: { type: 'integer', readOnly: true, list: true },
    groupCount: { type: 'integer', readOnly: true, list: true },
    activeTokenCount: { type: 'integer', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
