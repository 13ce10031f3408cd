import { defineResource } from '../resource';
import { codePointCap } from '../text';
import { emailRules, personNameRules, required } from '../validation';

/** active: may log in; blocked: too many failed logins, until a reset link is used; deleted: soft-deleted. */
export const USER_STATUSES = ['active', 'blocked', 'deleted'] as const;

export const users = defineResource({
  name: 'users',
  apiPrefix: 'user',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'own', show: 'own', create: 'none', update: 'own', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'fullName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  softDelete: 'isDeleted',
  // A user's own record is their account.
  ownerField: 'id',
  routes: {
    list: '/controlroom/user/view',
    create: '/controlroom/user/registration',
    show: '/controlroom/user/details/:id',
  },
  apiPaths: { create: 'register' },
  menu: { section: 'manageUsers', order: 20, icon: 'people', key: 'users' },
  fields: {
    id: { type: 'string', readOnly: true },
    fullName: {
      type: 'string',
      required: true,
      rules: personNameRules,
      list: true,
      searchable: true,
      maxLength: codePointCap(32),
      trim: true,
    },
    email: {
      type: 'email',
      required: true,
      rules: emailRules,
      list: true,
      searchable: true,
      createOnly: true,
      maxLength: 254,
    },
    roleId: {
      type: 'reference',
      reference: 'roles',
      required: true,
      rules: [required('selectUserRole')],
      filter: true,
    },
    role: { type: 'string', readOnly: true, list: true },
    /**
     * Required for Customer Admin and User (their own company when a Customer Admin registers); absent for Super/Sub
     * Admin.
     */
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    groupIds: { type: 'references', reference: 'groups', filter: true, filterParam: 'groupId' },
    /** groupIds under the name the session and older clients read. */
    associatedToGroups: { type: 'references', reference: 'groups', readOnly: true, hidden: true },
    enabledEmailSchedule: { type: 'boolean', defaultValue: false },
    status: { type: 'enum', choices: USER_STATUSES, list: true, filter: true, indexed: true, readOnly: true },
    isFirstLogin: { type: 'boolean', readOnly: true, defaultValue: true },
    isBlocked: { type: 'boolean', readOnly: true },
    isDeleted: { type: 'boolean', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
