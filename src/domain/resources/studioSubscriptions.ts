import { defineResource } from '../resource';
import { required } from '../validation';
import { LICENCE_STATUSES } from './licences';

/** Seats of the bot studio a company subscribed to, and for how long. */
export const studioSubscriptions = defineResource({
  name: 'studioSubscriptions',
  apiPrefix: 'botStudio',
  apiPaths: { create: 'createBotStudioSubscription' },
  permission: 'licences',
  tenancy: 'company',
  recordRepresentation: 'companyName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: { type: 'reference', reference: 'companies', list: true, filter: true, createOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    seats: { type: 'integer', required: true, min: 1, max: 100_000, list: true },
    startDate: { type: 'date', required: true, rules: [required('selectStartDate')], list: true },
    endDate: { type: 'date', required: true, rules: [required('selectEndDate')], list: true },
    status: { type: 'enum', choices: LICENCE_STATUSES, readOnly: true, list: true, filter: true },
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
