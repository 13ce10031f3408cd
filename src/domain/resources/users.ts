import { defineResource } from '../resource';
import { emailRules, personNameRules, required } from '../validation';

/** active: may log in; blocked: too many failed logins, until a reset link is used; deleted: soft-deleted. */
export const USER_STATUSES = ['active', 'blocked', 'deleted'] as const;

export const users = defineResource({
  name: 'users',
  apiPrefix: 'user',
  permission: 'users',
  tenancy: 'company',
  recordRepresentation: 'fullName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  softDelete: 'isDeleted',
  routes: {
    list: '/controlroom/user/view',
    create: '/controlroom/user/registration',
    show: '/controlroom/user/details/:id',
  },
  apiPaths: { create: 'register' },
  fields: {
    id: { type: 'string', readOnly: true },
    fullName: { type: 'string', required: true, rules: personNameRules, list: true, searchable: true, maxLength: 32 },
    email: { type: 'email', required: true, rules: emailRules, list: true, searchable: true, createOnly: true, maxLength: 254 },
    roleId: { type: 'reference', reference: 'roles', required: true, rules: [required('selectUserRole')], list: true, filter: true },
    companyId: { type: 'reference', reference: 'companies', list: true, filter: true, createOnly: true },
    groupIds: { type: 'references', reference: 'groups', filter: true, filterParam: 'groupId' },
    enabledEmailSchedule: { type: 'boolean' },
    status: { type: 'enum', choices: USER_STATUSES, list: true, filter: true, readOnly: true },
    isDeleted: { type: 'boolean', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
