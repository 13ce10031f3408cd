import { defineResource } from '../resource';
import { required } from '../validation';
import { LICENCE_STATUSES } from './licences';

/** Seats of the bot studio a company subscribed to, and for how long. */
export const studioSubscriptions = defineResource({
  name: 'studioSubscriptions',
  apiPrefix: 'botStudio',
  apiPaths: { create: 'createBotStudioSubscription' },
  // Seats are part of a company's licence: whoever may manage the licence manages them.
  access: { sameAs: 'licences' },
  tenancy: 'company',
  recordRepresentation: 'companyName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    /** One per company; deleting the company deletes it. */
    companyId: {
      type: 'reference',
      reference: 'companies',
      list: true,
      filter: true,
      createOnly: true,
      unique: true,
      onDelete: 'cascade',
    },
    companyName: { type: 'string', readOnly: true, list: true },
    seats: { type: 'integer', required: true, min: 1, max: 100_000, list: true },
    startDate: { type: 'date', required: true, rules: [required('selectStartDate')], list: true },
    endDate: { type: 'date', required: true, rules: [required('selectEndDate')], list: true },
    status: { type: 'enum', choices: LICENCE_STATUSES, readOnly: true, list: true, filter: true },
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
