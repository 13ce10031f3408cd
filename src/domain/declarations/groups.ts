import { defineResource } from '../resource';
import { codePointCap } from '../text';
import { descriptionRules, nameRules, type Rule } from '../validation';

/** A group needs at least one member. */
export const atLeastOneUser: Rule = (value) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'atLeastOneUser';

export const groups = defineResource({
  name: 'groups',
  apiPrefix: 'groups',
  apiPaths: { list: 'by-pagination' },
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // A plain User sees the groups they belong to.
  membership: 'userIds',
  routes: {
    list: '/controlroom/groups',
    create: '/controlroom/group/registration',
    show: '/controlroom/groups/details/:id',
  },
  menu: { section: 'manageUsers', order: 30, icon: 'groups', key: 'groups' },
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
    description: {
      type: 'text',
      rules: descriptionRules,
      list: true,
      sortable: false,
      searchable: true,
      maxLength: 200,
      trim: true,
    },
    /** Optional: the users' company for Super/Sub Admin, the own company for a Customer Admin. */
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true, onDelete: 'cascade' },
    companyName: { type: 'string', readOnly: true, list: true },
    userIds: {
      type: 'references',
      reference: 'users',
      required: true,
      rules: [atLeastOneUser],
      filter: true,
      filterParam: 'userId',
    },
    userCount: { type: 'integer', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
