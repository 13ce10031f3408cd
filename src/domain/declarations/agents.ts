import { defineResource } from '../resource';
import { AGENT_STATUS } from '../status';

export const AGENT_STATUSES = [AGENT_STATUS.disconnected, AGENT_STATUS.connected] as const;
export const DEVICE_ID_MAX = 100;

/**
 * Agents: machines running our agent. An agent registers itself (public POST /agent/register
 * with a registration token of type agent) and gets its own credentials; nobody creates one
 * from the UI. Its status is its socket's state (0 disconnected, 1 connected); isBusy and
 * isError are flags an admin (or the agent) sets, singly or in bulk (PUT /agent/update). isBusy
 * ("reserved by admin") is not the agent's work: a reserved agent takes no run, queued or not,
 * while currentProcessId / currentBotName say what it runs now.
 */
export const agents = defineResource({
  name: 'agents',
  apiPrefix: 'agent',
  apiPaths: { names: 'all/names' },
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'none', update: 'company', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  routes: { list: '/controlroom/agents' },
  menu: { section: null, order: 20, icon: 'computer', key: 'agents' },
  fields: {
    id: { type: 'string', readOnly: true },
    /** The machine's name as the agent reported it (editable, for humans). */
    name: { type: 'string', required: true, list: true, searchable: true, maxLength: 60, trim: true },
    deviceId: {
      type: 'string',
      readOnly: true,
      required: true,
      list: true,
      searchable: true,
      maxLength: DEVICE_ID_MAX,
    },
    companyId: { type: 'reference', reference: 'companies', filter: true, readOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    /** The user whose bots run on this agent (the list's "User" filter); emptied when that user is deleted. */
    userId: { type: 'reference', reference: 'users', filter: true, list: true, onDelete: 'set null' },
    userName: { type: 'string', readOnly: true, list: true },
    status: {
      type: 'enum',
      choices: AGENT_STATUSES,
      list: true,
      filter: true,
      readOnly: true,
      defaultValue: AGENT_STATUS.disconnected,
    },
    isBusy: { type: 'boolean', list: true, defaultValue: false },
    isError: { type: 'boolean', list: true, defaultValue: false },
    platform: { type: 'string', readOnly: true },
    version: { type: 'string', readOnly: true },
    lastSeenAt: { type: 'datetime', readOnly: true, list: true },
    /** The process it runs now (computed from the processes table), or none. */
    currentProcessId: { type: 'string', readOnly: true, list: true, sortable: false },
    /** The bot of the process it runs now, or none: shown in currentProcessId's place (hidden on its own). */
    currentBotName: { type: 'string', readOnly: true, sortable: false, hidden: true },
    /** How many processes wait in its queue (pending): a run queued now starts after them. */
    queueLength: { type: 'integer', readOnly: true, sortable: false },
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true, list: true },
  },
});
