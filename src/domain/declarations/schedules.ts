import { defineResource } from '../resource';
import { SCHEDULE_FREQUENCIES, SCHEDULE_OUTCOMES, SCHEDULE_OVERLAPS, SCHEDULE_STATUSES } from '../schedule/duration';

/**
 * Schedules (Scheduled Plans): a bot run on an agent at the times its `duration` gives (the
 * schedule model, src/domain/schedule/). Created and rescheduled through the schedule builder;
 * the engine lists, shows and deletes them. Each keeps its next fire instant, which the
 * scheduler claims in the database (server/scheduler/), so a fire happens once whatever the
 * number of server nodes. The bot's and agent's names are kept with the plan, so it reads the
 * same after either is deleted (its fires are then skipped, each with its reason).
 */
export const schedules = defineResource({
  name: 'schedules',
  apiPrefix: 'process/schedule',
  apiPaths: { list: 'log/all', create: '', update: ':id', delete: ':id' },
  // Like bots: admins and the plan's creator change it, a Sub Admin deletes none, and a plain
  // User sees the plans of the bots they see.
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  tenancy: 'company',
  recordRepresentation: 'botName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  ownerField: 'userId',
  // Who sees a plan with the `member` scope: who sees its bot; its creator when the bot is deleted.
  membership: 'viewerIds',
  routes: {
    list: '/controlroom/process/schedule/all',
    create: '/controlroom/process/schedule/create',
    edit: '/controlroom/process/schedule/reschedule/:id',
    show: '/controlroom/process/schedule/details/:id',
  },
  menu: { section: 'scheduling', order: 10, icon: 'eventNote', key: 'scheduledPlans' },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, readOnly: true, onDelete: 'cascade' },
    companyName: { type: 'string', readOnly: true },
    // Required by the schedule's rules ('Please select bot!'); emptied when the bot is deleted.
    botId: { type: 'reference', reference: 'bots', filter: true, onDelete: 'set null' },
    botName: { type: 'string', readOnly: true, required: true, list: true, searchable: true },
    agentId: { type: 'reference', reference: 'agents', filter: true, onDelete: 'set null' },
    agentName: { type: 'string', readOnly: true, required: true, list: true },
    /** Who created it (the `own` scope). */
    userId: { type: 'reference', reference: 'users', filter: true, readOnly: true, required: true },
    userName: { type: 'string', readOnly: true },
    /** Who sees it with the `member` scope (computed): its bot's creator and groups' members. */
    viewerIds: { type: 'references', reference: 'users', readOnly: true, hidden: true },
    /** The schedule model as a JSON string (ScheduleDuration). */
    duration: { type: 'text', required: true, maxLength: 4000 },
    /** Copied from the duration, for the list's filter and sort. */
    frequency: { type: 'enum', choices: SCHEDULE_FREQUENCIES, readOnly: true, list: true, filter: true },
    timezone: { type: 'string', readOnly: true },
    /** [{name, value, encrypted}] as for a run: encrypted values stay the browser's ciphertext. */
    parameters: { type: 'json', hidden: true },
    /** Who gets each fire's result mail (at most 10 addresses). */
    recipients: { type: 'json', hidden: true },
    overlap: { type: 'enum', choices: SCHEDULE_OVERLAPS, defaultValue: 'queue' },
    skipNonWorkingDays: { type: 'boolean', defaultValue: false },
    status: { type: 'enum', choices: SCHEDULE_STATUSES, list: true, filter: true, defaultValue: 'active' },
    nextFireAt: { type: 'datetime', readOnly: true, list: true },
    lastFireAt: { type: 'datetime', readOnly: true },
    lastOutcome: { type: 'enum', choices: SCHEDULE_OUTCOMES, readOnly: true, list: true },
    /** The run of the last fire, for the overlap rule. */
    lastProcessId: { type: 'reference', reference: 'processes', readOnly: true, hidden: true, onDelete: 'set null' },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
