import { defineResource } from '../resource';
import { descriptionRules, nameRules } from '../validation';

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
    description: { type: 'text', rules: descriptionRules, maxLength: 200 },
    companyId: { type: 'reference', reference: 'companies', list: true, filter: true, createOnly: true },
    userIds: { type: 'references', reference: 'users', required: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
