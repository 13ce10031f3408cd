import { AGENT_STATUS, NOTIFICATION_TYPES, PROCESS_STATUS, type LiveNotification } from '../../domain';
import type { ToastType } from '../toast/toastStore';

export interface NotificationMessage {
  key: string;
  args: Record<string, string>;
  /** The toast's look: the one a success (or a failure) has on every screen. */
  type: ToastType;
}

const PROCESS_KEYS: Partial<Record<number, string>> = {
  [PROCESS_STATUS.running]: 'rpa.notifications.processRunning',
  [PROCESS_STATUS.executed]: 'rpa.notifications.processExecuted',
  [PROCESS_STATUS.failed]: 'rpa.notifications.processFailed',
  [PROCESS_STATUS.canceled]: 'rpa.notifications.processCanceled',
  [PROCESS_STATUS.agentDisconnected]: 'rpa.notifications.processAgentDisconnected',
};

/**
 * A pop-up looks like what it tells, whoever brings it: "Added successfully" is the same green
 * success toast as the Run dialog's answer with that text, a failed run is an error, the rest
 * is news (info).
 */
const TYPE_OF_KEY: Record<string, ToastType> = {
  'rpa.notifications.agentAdded': 'success',
  'rpa.notifications.agentConnected': 'success',
  'rpa.notifications.processAdded': 'success',
  'rpa.notifications.processExecuted': 'success',
  'rpa.notifications.processFailed': 'error',
  'rpa.notifications.processAgentDisconnected': 'error',
};
const message = (key: string, args: Record<string, string>): NotificationMessage => ({
  key,
  args,
  type: TYPE_OF_KEY[key] ?? 'info',
});

/**
 * The pop-up text of a live notification, as an i18n key and its arguments, or null
 * when the event only refreshes lists (log lines: one pop-up per line would drown the user).
 */
export function notificationMessage(n: LiveNotification): NotificationMessage | null {
  if (n.type === 'agent') {
    const args = { deviceId: String(n.data.deviceId ?? n.data.id) };
    if (n.operation === 'insert') return message('rpa.notifications.agentAdded', args);
    // Without a status the agent's connection did not change (a flag or its name did): refresh only.
    if (typeof n.data.status !== 'number') return null;
    const disconnected = n.data.status === AGENT_STATUS.disconnected;
    return message(disconnected ? 'rpa.notifications.agentDisconnected' : 'rpa.notifications.agentConnected', args);
  }
  if (n.type === 'process') {
    const args = { id: String(n.data.id).slice(0, 8) };
    if (n.operation === 'insert') return message('rpa.notifications.processAdded', args);
    const key = typeof n.data.status === 'number' ? PROCESS_KEYS[n.data.status] : undefined;
    return key ? message(key, args) : null;
  }
  return null;
}

/** react-admin resources whose cached lists a notification makes stale. */
export const STALE_RESOURCES: Record<LiveNotification['type'], readonly string[]> = {
  agent: ['agents'],
  process: [
    'processes',
    'processHistory',
    'processHistoryLines',
    'processExecutionLogs',
    'schedules',
    'scheduleHistory',
    'agents',
  ],
  processExecutionLog: ['processExecutionLogs'],
  // A schedule's fire moves the schedule and writes its history row.
  schedule: ['schedules'],
  scheduleHistory: ['scheduleHistory'],
  emailConfigurationChanged: ['emailConfigurations'],
};

export const isLiveNotification = (value: unknown): value is LiveNotification => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<LiveNotification>;
  return (
    typeof v.type === 'string' &&
    (NOTIFICATION_TYPES as readonly string[]).includes(v.type) &&
    (v.operation === 'insert' || v.operation === 'update') &&
    typeof v.data === 'object' &&
    v.data !== null
  );
};
