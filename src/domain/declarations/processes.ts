import { defineResource } from '../resource';
import { OUTCOMES } from '../dashboard/outcomes';
import { PROCESS_STATUS } from '../status';

export const PROCESS_STATUSES = Object.values(PROCESS_STATUS);
/** What created a run: a person (Run), a schedule's fire, or a matching e-mail. */
export const PROCESS_SOURCES = ['manual', 'schedule', 'email'] as const;

/**
 * Processes: runs of a bot on an agent. Created by POST /process/create (the run's checks and
 * its agent's queue are bespoke), moved along by the agent's reports; the engine lists and
 * shows them (Current Status). The bot's and agent's names are kept with the run, so history
 * reads the same after either is deleted.
 */
export const processes = defineResource({
  name: 'processes',
  apiPrefix: 'process',
  // A plain User sees the runs of the bots they see (a run's logs are its bot's output) and
  // cancels and stops only their own runs.
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  tenancy: 'company',
  recordRepresentation: 'botName',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  ownerField: 'userId',
  // Who sees a run with the `member` scope: who sees its bot; its requester when the bot is deleted.
  membership: 'viewerIds',
  routes: { list: '/controlroom/process', show: '/controlroom/process/processDetails/:id' },
  menu: { section: 'process', order: 10, icon: 'playCircle', key: 'currentStatus' },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, readOnly: true },
    companyName: { type: 'string', readOnly: true },
    botId: { type: 'reference', reference: 'bots', filter: true, readOnly: true, onDelete: 'set null' },
    botName: { type: 'string', readOnly: true, required: true, list: true, searchable: true },
    agentId: { type: 'reference', reference: 'agents', filter: true, readOnly: true, onDelete: 'set null' },
    agentName: { type: 'string', readOnly: true, required: true, list: true },
    deviceId: { type: 'string', readOnly: true, required: true },
    /** Who asked for the run (spec's "User" filter). */
    userId: { type: 'reference', reference: 'users', filter: true, readOnly: true, required: true },
    userName: { type: 'string', readOnly: true, list: true },
    /** Who sees it with the `member` scope (computed): its bot's creator and groups' members. */
    viewerIds: { type: 'references', reference: 'users', readOnly: true, hidden: true },
    status: {
      type: 'enum',
      choices: PROCESS_STATUSES,
      list: true,
      filter: true,
      readOnly: true,
      indexed: true,
      defaultValue: PROCESS_STATUS.pending,
    },
    /** The dashboard's outcome of a finished run (computed from its status): the filter its charts open lists with. */
    outcome: { type: 'enum', choices: OUTCOMES, readOnly: true, filter: true },
    /** Higher runs first in its agent's queue; then the oldest. */
    priority: { type: 'integer', readOnly: true, defaultValue: 0 },
    parameters: { type: 'json', readOnly: true, hidden: true },
    timeoutSeconds: { type: 'integer', readOnly: true, required: true },
    source: { type: 'enum', choices: PROCESS_SOURCES, readOnly: true, filter: true, defaultValue: 'manual' },
    /** Number of log lines received (they are numbered 1, 2, 3…). */
    logCount: { type: 'integer', readOnly: true, defaultValue: 0 },
    exitCode: { type: 'integer', readOnly: true },
    /** Why it ended when its exit does not say (Stop, cancel, timeout, disconnection), in English. */
    reason: { type: 'string', readOnly: true },
    /** The same as a message key the screens translate (PROCESS_REASON_KEYS), and its values. */
    reasonKey: { type: 'string', readOnly: true, hidden: true },
    reasonValues: { type: 'json', readOnly: true, hidden: true },
    /** A workflow's Out and InOut arguments at its end (name → text), as its agent reported them. */
    result: { type: 'json', readOnly: true, hidden: true },
    startedAt: { type: 'datetime', readOnly: true, list: true },
    endedAt: { type: 'datetime', readOnly: true, list: true },
    /** Seconds from start to end (or to now while it runs). */
    duration: { type: 'integer', readOnly: true, list: true },
    /** The dashboard's charts open the list with the period they count (runs created in it). */
    createdAt: { type: 'datetime', readOnly: true, list: true, rangeFilter: { from: 'createdFrom', to: 'createdTo' } },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
