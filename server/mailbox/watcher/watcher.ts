import type { FastifyInstance } from 'fastify';
import { decryptText } from '../../crypto/dataKey';
import { publishProcess } from '../../runtime/notify';
import type { ProcessRow } from '../../runtime/sql';
import { MailboxSession, type SessionDeps } from './session';
import { forgetOldClaims, loadActive, writeHealth, type HealthWrite } from './sql';
import type { WatchedConfiguration, WatcherOptions } from './types';

/** Old claims are forgotten once in this many re-reads (hourly with the default syncMs). */
const RETENTION_EVERY = 60;

/**
 * The mail watcher of one node: one session per active configuration. The active set is re-read
 * when a configuration changes (the signal, relayed between nodes) and every `syncMs` besides; a
 * configuration whose row changed gets a new session, which opens its connection only once the
 * old one's is closed: never two sessions, nor two connections, for one mailbox on one node.
 */
export class MailWatcher {
  private readonly sessions = new Map<string, MailboxSession>();
  /** The closing of each mailbox's last replaced session: its successor waits for it. */
  private readonly closing = new Map<string, Promise<void>>();
  private syncing: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private syncs = 0;
  private readonly deps: SessionDeps;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: WatcherOptions,
  ) {
    this.deps = {
      database: app.database,
      secretOf: (c: WatchedConfiguration) => decryptText(app.dataKey, c.secretEncrypted),
      started: (process: ProcessRow) => {
        publishProcess(app, process, 'insert');
        if (process.agentId) app.runtime.dispatcher.signal(process.agentId);
      },
      health: (c: WatchedConfiguration, health: HealthWrite) => this.writeHealth(c, health),
      warn: (details, message) => app.log.warn(details, message),
    };
  }

  start(): void {
    this.poke();
    this.timer = setInterval(() => this.poke(), this.options.syncMs);
    this.timer.unref();
  }

  /** The configurations changed: re-read them (once more after a read in progress). */
  poke(): void {
    if (this.closed) return;
    if (this.syncing) {
      this.again = true;
      return;
    }
    this.syncing = this.syncLoop().finally(() => (this.syncing = null));
  }

  /** How many mailboxes this node watches. */
  get watched(): number {
    return this.sessions.size;
  }

  /** Waits for the re-read in progress (tests and the benchmark). */
  async settled(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.syncing;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all([...sessions.map((s) => s.stop()), ...this.closing.values()]);
  }

  private async syncLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.sync();
      } catch (error) {
        this.app.log.warn({ err: error }, 'mail watcher: reading the active e-mail configurations failed');
      }
    } while (this.again && !this.closed);
  }

  private async sync(): Promise<void> {
    this.syncs += 1;
    if (this.syncs % RETENTION_EVERY === 0)
      await forgetOldClaims(this.app.database, this.app.appConfig.processRetentionDays);
    const active = await loadActive(this.app.database);
    if (this.closed) return;
    const wanted = new Map(active.map((c) => [c.id, c]));
    for (const [id, session] of this.sessions) {
      const next = wanted.get(id);
      if (next && next.version === session.configuration.version) continue;
      this.sessions.delete(id);
      // Switched off or deleted: the row says it is no longer watched. Changed: its successor reports.
      this.retire(id, session.stop(next ? undefined : 'stopped'));
    }
    for (const configuration of active) {
      if (this.sessions.has(configuration.id)) continue;
      const session = new MailboxSession(configuration, this.deps, this.options);
      this.sessions.set(configuration.id, session);
      session.start(this.closing.get(configuration.id));
    }
  }

  private retire(id: string, stopping: Promise<void>): void {
    const done: Promise<void> = stopping
      .catch(() => undefined)
      .finally(() => {
        if (this.closing.get(id) === done) this.closing.delete(id);
      });
    this.closing.set(id, done);
  }

  private async writeHealth(c: WatchedConfiguration, health: HealthWrite): Promise<void> {
    const companyId = await writeHealth(this.app.database, c.id, health);
    if (companyId === null) return;
    // The company's browsers and the platform's refresh the row.
    this.app.realtime.publish(companyId, {
      type: 'emailConfigurationChanged',
      operation: 'update',
      data: { id: c.id },
    });
  }
}
