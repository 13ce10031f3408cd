/** Process status codes, as stored and sent; 0 to 5 each have a label on the screens. */
export const PROCESS_STATUS = {
  pending: 0,
  running: 1,
  executed: 2,
  failed: 3,
  canceled: 4,
  agentDisconnected: 5,
} as const;
export type ProcessStatusName = keyof typeof PROCESS_STATUS;
export type ProcessStatusCode = (typeof PROCESS_STATUS)[ProcessStatusName];

export const PROCESS_STATUS_LABELS: Record<ProcessStatusCode, string> = {
  0: 'Pending',
  1: 'Running',
  2: 'Executed',
  3: 'Error',
  4: 'Canceled',
  5: 'Agent Disconnected',
};

/**
 * The one colour of each status, wherever a status is shown (lists, cards, details, history):
 * a tone of the theme's palette, so web and tests name the same colour.
 */
export type StatusTone = 'neutral' | 'info' | 'success' | 'error' | 'warning';
export const PROCESS_STATUS_TONE: Record<ProcessStatusCode, StatusTone> = {
  0: 'neutral',
  1: 'info',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'error',
};
export const processStatusTone = (code: number): StatusTone =>
  code in PROCESS_STATUS_TONE ? PROCESS_STATUS_TONE[code as ProcessStatusCode] : 'neutral';

export const processStatusName = (code: number): ProcessStatusName | undefined =>
  (Object.keys(PROCESS_STATUS) as ProcessStatusName[]).find((name) => PROCESS_STATUS[name] === code);

export const isFinalProcessStatus = (code: number): boolean => code >= PROCESS_STATUS.executed;

/**
 * Why a run ended as it did, when its own exit does not say: a message key the screens
 * translate (`resources.processes.reasons.<key>`) with its values, stored with the run
 * (`reasonKey`, `reasonValues`) beside its English text (`reason`).
 * - stoppedBy {name}: a user stopped it while it ran (said from the Stop until it ends canceled);
 * - canceledBy {name}: a user canceled it before it ran;
 * - agentCanceled: its agent canceled it on its own (the agent was stopping);
 * - agentDisconnected: its agent stayed away past the grace period;
 * - agentRestarted: its agent came back without it;
 * - timedOut {seconds}: no word from its agent past its timeout.
 */
export const PROCESS_REASON_KEYS = [
  'stoppedBy',
  'canceledBy',
  'agentCanceled',
  'agentDisconnected',
  'agentRestarted',
  'timedOut',
] as const;
export type ProcessReasonKey = (typeof PROCESS_REASON_KEYS)[number];

/** An agent update with status 0 means disconnected, anything else connected. */
export const AGENT_STATUS = { disconnected: 0, connected: 1 } as const;
export const isAgentConnected = (status: number): boolean => status !== AGENT_STATUS.disconnected;

export const BOT_TYPE = { manual: 1, automated: 2 } as const;
export const BOT_TYPE_LABELS: Record<number, string> = { 1: 'Manual', 2: 'Automated' };

export const NOTIFICATION_TYPES = [
  'agent',
  'process',
  'processExecutionLog',
  'schedule',
  'scheduleHistory',
  // The watcher changed a mailbox's health (data: { id } of the e-mail configuration).
  'emailConfigurationChanged',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationOperation = 'insert' | 'update';
export interface LiveNotification {
  type: NotificationType;
  operation: NotificationOperation;
  /** `status`: an agent's or a process's code; a schedule's status name (active, disabled, completed). */
  data: { deviceId?: string; id: string; status?: number | string; [key: string]: unknown };
}
