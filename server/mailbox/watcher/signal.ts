import { EventEmitter } from 'node:events';

/**
 * Said on this node whenever an e-mail configuration is created, updated (its mailbox, secret,
 * rule or status) or deleted: the watcher re-reads the active configurations (and relays it to
 * the other nodes), so that a session starts, restarts or stops at once.
 */
export const mailboxSignal = new EventEmitter();

export const EMAIL_CONFIGURATIONS_CHANGED = 'changed';

/** Tell the watchers that an e-mail configuration changed. */
export function emailConfigurationsChanged(): void {
  mailboxSignal.emit(EMAIL_CONFIGURATIONS_CHANGED);
}
