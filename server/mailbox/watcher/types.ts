/** An active e-mail configuration as its watcher needs it (the secret still encrypted). */
export interface WatchedConfiguration {
  id: string;
  companyId: string;
  email: string;
  secretEncrypted: string;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  criteria: string;
  operation: string;
  criteriaValue: string;
  /** Changes whenever the row does: a session restarts when its configuration changed. */
  version: string;
}

/** The health a configuration's row shows. */
export type WatchState = 'stopped' | 'connecting' | 'watching' | 'retrying' | 'failing';

/** A new mail of a watched mailbox, read and parsed. */
export interface ReceivedMail {
  uid: number;
  messageId: string | null;
  /** The sender's address ("" when the mail names none). */
  fromAddress: string;
  /** The From header as a person reads it: "Name <address>", or the address alone. */
  from: string;
  subject: string;
  body: string;
  /** When the server received it (its INTERNALDATE), ISO 8601 UTC. */
  receivedAt: string;
}

export interface WatcherOptions {
  /**
   * How long a session stays in one IDLE (or between two polls) before it checks the mailbox with
   * a command of its own: this re-issues IDLE well within the 29 minutes servers allow, and proves
   * the connection is alive (a connection that does not answer within `deadMs` is dropped).
   */
  checkMs: number;
  /** How long a command may go unanswered before the connection counts as dead. */
  deadMs: number;
  /** The first wait before reconnecting; doubled at each failure up to maxRetryMs, with jitter. */
  retryMs: number;
  maxRetryMs: number;
  /** The least time between two writes of lastCheckedAt while nothing else changes. */
  healthWriteMs: number;
  /** How often the node re-reads the active configurations (besides the change signal). */
  syncMs: number;
  /** The largest body text read from a mail (bytes). */
  maxBodyBytes: number;
}

export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = {
  checkMs: 60_000,
  deadMs: 20_000,
  retryMs: 1000,
  maxRetryMs: 5 * 60_000,
  healthWriteMs: 30_000,
  syncMs: 60_000,
  maxBodyBytes: 256 * 1024,
};
