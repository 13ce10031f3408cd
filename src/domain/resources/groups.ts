import { defineResource } from '../resource';
import { descriptionRules, nameRules, type Rule } from '../validation';

/** A group needs at least one member (spec §8). */
export const atLeastOneUser: Rule = (value) => (Array.isArray(value) && value.length > 0 ? undefined : 'atLeastOneUser');

export const groups = defineResource({
  name: 'groups',
  apiPrefix: 'groups',
  apiPaths: { list: 'by-pagination' },
  permission: 'groups',
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  routes: {
    list: '/controlroom/groups',
    create: '/controlroom/group/registration',
    show: '/controlroom/groups/details/:id',
  },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, rules: nameRules, list: true, searchable: true, maxLength: 60 },
    description: { type: 'text', rules: descriptionRules, list: true, sortable: false, searchable: true, maxLength: 200 },
    /** Optional: the users' company for Super/Sub Admin, the own company for a Customer Admin. */
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    userIds: { type: 'references', reference: 'users', required: true, rules: [atLeastOneUser], filter: true, filterParam: 'userId' },
    userCount: { type: 'integer', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
