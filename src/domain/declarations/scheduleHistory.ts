import { defineResource } from '../resource';
import { SCHEDULE_OUTCOMES } from '../schedule/duration';

/**
 * Scheduled History: one row per due fire of a schedule, written by the scheduler in the
 * transaction that creates the fire's process: fired (with its process), skipped with its
 * reason, or missed. A schedule has at most one row per due instant. Kept when the schedule
 * is deleted (with its bot's and agent's names).
 */
export const scheduleHistory = defineResource({
  name: 'scheduleHistory',
  apiPrefix: 'process/schedule/history',
  apiPaths: { list: '', delete: ':id' },
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'none', update: 'none', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'none', update: 'none', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'none', update: 'none', delete: 'own' },
  },
  tenancy: 'company',
  recordRepresentation: 'botName',
  defaultSort: { field: 'dueAt', order: 'DESC' },
  /** The schedule's creator. */
  ownerField: 'userId',
  membership: 'viewerIds',
  routes: {
    list: '/controlroom/process/schedule/history',
    show: '/controlroom/process/schedule/history/details/:id',
  },
  menu: { section: 'scheduling', order: 20, icon: 'eventRepeat', key: 'scheduledHistory' },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, readOnly: true, onDelete: 'cascade' },
    companyName: { type: 'string', readOnly: true },
    scheduleId: { type: 'reference', reference: 'schedules', filter: true, readOnly: true, onDelete: 'set null' },
    botId: { type: 'reference', reference: 'bots', filter: true, readOnly: true, onDelete: 'set null' },
    botName: { type: 'string', readOnly: true, required: true, list: true, searchable: true },
    agentId: { type: 'reference', reference: 'agents', filter: true, readOnly: true, onDelete: 'set null' },
    agentName: { type: 'string', readOnly: true, required: true, list: true },
    userId: { type: 'reference', reference: 'users', filter: true, readOnly: true, required: true },
    viewerIds: { type: 'references', reference: 'users', readOnly: true, hidden: true },
    /** The fire's due instant (from the schedule, never from when a run ended). */
    dueAt: { type: 'datetime', readOnly: true, required: true, list: true },
    /** When the scheduler handled it (its lag is firedAt − dueAt). */
    firedAt: { type: 'datetime', readOnly: true, list: true },
    outcome: { type: 'enum', choices: SCHEDULE_OUTCOMES, readOnly: true, required: true, list: true, filter: true },
    /** Why it was skipped or missed, in English; `reasonKey` is the key the screens translate. */
    reason: { type: 'string', readOnly: true, list: true },
    reasonKey: { type: 'string', readOnly: true, hidden: true },
    processId: { type: 'reference', reference: 'processes', readOnly: true, onDelete: 'set null' },
    /** The fired run's status (computed). */
    processStatus: { type: 'integer', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
});
