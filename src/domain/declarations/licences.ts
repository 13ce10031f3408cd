import { CURRENCIES, TENURE_PLANS } from '../constants';
import { defineResource } from '../resource';
import { required } from '../validation';

export const LICENCE_STATUSES = ['upcoming', 'active', 'expired'] as const;

/**
 * A company's licence: how many bots and agents it may have, and until when (the end date is
 * the expiry that makes its bots expired). Amounts are kept in INR; displayAmount is the
 * domain's displayAmount(amount, currency).
 */
export const licences = defineResource({
  name: 'licences',
  apiPrefix: 'companyLicense',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'none' },
    user: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
  },
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
    tenure: { type: 'enum', choices: TENURE_PLANS, required: true, list: true, filter: true },
    currency: { type: 'enum', choices: CURRENCIES, required: true, list: true },
    amount: { type: 'number', required: true, min: 0, max: 1_000_000_000, list: true },
    displayAmount: { type: 'string', readOnly: true, list: true, sortable: false },
    maxBots: { type: 'integer', required: true, min: 0, max: 1_000_000, list: true },
    maxAgents: { type: 'integer', required: true, min: 0, max: 1_000_000, list: true },
    startDate: { type: 'date', required: true, rules: [required('selectStartDate')], list: true },
    endDate: { type: 'date', required: true, rules: [required('selectEndDate')], list: true },
    status: { type: 'enum', choices: LICENCE_STATUSES, readOnly: true, list: true, filter: true },
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
