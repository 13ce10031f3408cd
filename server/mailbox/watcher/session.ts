import { randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { mailMatches } from '../../../src/domain/mailMatch';
import type { DatabaseHandle } from '../../db/client';
import type { ProcessRow } from '../../runtime/sql';
import { readMails, uidsAfter } from './read';
import { isLoginRefused, watchReasonOf } from './reason';
import { claimMail, lastSeenUid, markBaseline, type HealthWrite } from './sql';
import type { WatchedConfiguration, WatcherOptions, WatchState } from './types';

/** What a session needs from its node. */
export interface SessionDeps {
  database: DatabaseHandle;
  /** The app password in clear, or null when the stored one cannot be read. */
  secretOf(configuration: WatchedConfiguration): string | null;
  /** A claimed mail made a run: the browsers and the agent's node are told. */
  started(process: ProcessRow): void;
  health(configuration: WatchedConfiguration, health: HealthWrite): Promise<void>;
  warn(details: Record<string, unknown>, message: string): void;
}

class DeadlineError extends Error {
  readonly code = 'ETIMEDOUT';
}

/** Rejects when `work` has not settled within `ms` (and runs `onLate`, which drops the connection). */
async function within<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new DeadlineError(`No answer within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One mailbox watched by this node: one IMAP connection at a time, however often it reconnects
 * (a connection is closed before the next is opened). On each connection the new UIDs are read
 * (above the last one claimed under the mailbox's UID validity: a restart resumes where the last
 * session stopped), then the session waits in IDLE, or polls when the server has no IDLE. Every
 * `checkMs` it leaves IDLE for a NOOP round trip: IDLE is re-issued long before servers drop it,
 * and a connection that does not answer within `deadMs` is dropped and reopened. Failures are
 * retried with exponential back-off and jitter.
 */
export class MailboxSession {
  private stopped = false;
  private client: ImapFlow | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private newMail = false;
  private wake: (() => void) | null = null;
  private lastHealth: { state: WatchState; error: string | null; at: number } | null = null;
  private healthChain: Promise<void> = Promise.resolve();

  constructor(
    readonly configuration: WatchedConfiguration,
    private readonly deps: SessionDeps,
    private readonly options: WatcherOptions,
  ) {}

  /** Starts once `after` settled (the previous session of this mailbox on this node has closed). */
  start(after: Promise<void> = Promise.resolve()): void {
    this.running ??= after.then(() => this.loop());
  }

  /** Closes the connection and ends the loop; with `state`, the row shows it (the configuration was switched off). */
  async stop(state?: WatchState): Promise<void> {
    this.stopped = true;
    this.client?.close();
    this.wake?.();
    await this.running;
    if (state) this.report({ state, error: null, checked: false });
    await this.healthChain;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.connectAndWatch();
      } catch (error) {
        if (this.stopped) break;
        this.failures += 1;
        const reason = watchReasonOf(this.configuration, error);
        this.report({ state: isLoginRefused(error) ? 'failing' : 'retrying', error: reason, checked: false });
        this.deps.warn({ configurationId: this.configuration.id, reason }, 'mail watcher: mailbox session failed');
        await this.sleep(this.backoff());
      }
    }
  }

  /** Exponential from retryMs up to maxRetryMs, each wait drawn between half and the whole of it. */
  private backoff(): number {
    const { retryMs, maxRetryMs } = this.options;
    const full = Math.min(maxRetryMs, retryMs * 2 ** Math.min(this.failures - 1, 20));
    return full / 2 + Math.random() * (full / 2);
  }

  private async connectAndWatch(): Promise<void> {
    const { configuration: c, options } = this;
    const secret = this.deps.secretOf(c);
    if (secret === null)
      throw Object.assign(new Error('The stored secret cannot be read: enter it again'), {
        authenticationFailed: true,
      });
    if (this.failures === 0 && !this.lastHealth) this.report({ state: 'connecting', error: null, checked: false });
    const client = new ImapFlow({
      host: c.imapHost,
      port: c.imapPort,
      secure: c.imapSecure,
      auth: { user: c.email, pass: secret },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: options.deadMs,
      greetingTimeout: options.deadMs,
      tls: { servername: c.imapHost },
    });
    this.client = client;
    let lost: unknown = null;
    client.on('error', (error: unknown) => {
      lost = error;
      this.wake?.();
    });
    client.on('close', () => this.wake?.());
    client.on('exists', () => {
      this.newMail = true;
      this.wake?.();
    });
    const drop = () => client.close();
    try {
      await within(client.connect(), options.deadMs + 1000, drop);
      if (this.stopped) return;
      const mailbox = await within(client.mailboxOpen('INBOX'), options.deadMs, drop);
      const validity = mailbox.uidValidity;
      let last = await lastSeenUid(this.deps.database, c.id, validity);
      if (last === null) {
        last = Math.max(0, mailbox.uidNext - 1);
        await markBaseline(this.deps.database, c.id, validity, last);
      }
      this.failures = 0;
      const idle = client.capabilities.has('IDLE');
      while (!this.stopped && client.usable) {
        this.newMail = false;
        last = await this.takeNew(client, validity, last);
        this.report({ state: 'watching', error: null, checked: true });
        if (this.newMail || this.stopped) continue;
        await this.waitForMail(client, idle);
      }
    } finally {
      client.close();
      this.client = null;
    }
    if (!this.stopped)
      throw lost ?? Object.assign(new Error('The mail server closed the connection'), { code: 'NoConnection' });
  }

  /** Claims every new mail in UID order; answers the last UID handled. */
  private async takeNew(client: ImapFlow, validity: bigint, after: number): Promise<number> {
    const drop = () => client.close();
    const uids = await within(uidsAfter(client, after), this.options.deadMs, drop);
    if (uids.length === 0) return after;
    const mails = await within(readMails(client, uids, this.options.maxBodyBytes), this.options.deadMs * 3, drop);
    const c = this.configuration;
    const rule = { criteria: c.criteria, operation: c.operation, value: c.criteriaValue };
    let last = after;
    for (const mail of mails) {
      const claimed = await claimMail(this.deps.database, {
        configurationId: c.id,
        uidValidity: validity,
        mail,
        matched: mailMatches(mail, rule),
        processId: randomUUID(),
      });
      if (claimed.process) this.deps.started(claimed.process);
      last = Math.max(last, mail.uid);
    }
    return last;
  }

  /**
   * Waits for new mail: in IDLE (broken by the server's EXISTS, the check timer or a stop), or,
   * without IDLE, until the next poll. Then a NOOP round trip proves the connection answers.
   */
  private async waitForMail(client: ImapFlow, idle: boolean): Promise<void> {
    const idling = idle ? client.idle().catch(() => undefined) : null;
    await this.sleep(this.options.checkMs);
    if (this.stopped || !client.usable) return;
    await within(client.noop(), this.options.deadMs, () => client.close());
    if (idling) await within(idling, this.options.deadMs, () => client.close());
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped || this.newMail) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /**
   * Tells the row its health when it changes, and that the mailbox answered at most every
   * healthWriteMs while nothing else changes. Writes go out in order, one at a time.
   */
  private report(health: HealthWrite): void {
    const now = Date.now();
    const previous = this.lastHealth;
    const changed = !previous || previous.state !== health.state || previous.error !== health.error;
    if (!changed && (!health.checked || now - previous.at < this.options.healthWriteMs)) return;
    this.lastHealth = { state: health.state, error: health.error, at: now };
    this.healthChain = this.healthChain
      .then(() => this.deps.health(this.configuration, health))
      .catch((error: unknown) =>
        this.deps.warn({ configurationId: this.configuration.id, err: error }, 'mail watcher: health not written'),
      );
  }
}
