import { defineResource } from '../resource';
import { codePointCap } from '../text';
import { nameRules } from '../validation';

/**
 * A company's non-working days: one-off dates, or dates that recur every year. A schedule may
 * skip them (its history then says 'skipped: non-working day').
 */
export const nonWorkingDays = defineResource({
  name: 'nonWorkingDays',
  apiPrefix: 'non-working-day',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'day', order: 'ASC' },
  menu: { section: 'scheduling', order: 30, icon: 'event' },
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
    day: { type: 'date', required: true, list: true, filter: true },
    /** Every year on the same month and day (a 29 February only in leap years). */
    yearly: { type: 'boolean', list: true, defaultValue: false },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true, onDelete: 'cascade' },
    createdAt: { type: 'datetime', readOnly: true },
  },
});
