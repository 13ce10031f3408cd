import type { FastifyInstance } from 'fastify';
import { companyRunsRoom, PLATFORM_ROOM, userRoom } from '../realtime/rooms';
import { publishProcess } from '../runtime/notify';
import { decide, type DecideOptions, type Decision } from './decide';
import { claimDue, nonWorkingDaysOf, untilEarliest, writeBatch, type BatchWritten } from './sql';

export interface SchedulerOptions extends DecideOptions {
  /** Schedules claimed and written per transaction. */
  batch: number;
  /**
   * Batches claimed side by side when more than one is due (PostgreSQL only: PGlite serves one
   * transaction at a time). SKIP LOCKED gives each its own schedules.
   */
  lanes: number;
  /** The longest sleep between two looks at the due index (ms). */
  maxSleepMs: number;
  /** The first wait after a failed claim (ms); doubled at each failure up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
}

/** The wait when due schedules are held by another node's batch. */
const CONTENDED_MS = 20;

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  batch: 500,
  lanes: 3,
  maxSleepMs: 30_000,
  retryMs: 250,
  maxRetryMs: 5000,
  toleranceMs: 60_000,
  missedCap: 1000,
};

/**
 * The scheduler of one node. Every node runs one: a batch of due schedules is claimed in the
 * database (FOR UPDATE SKIP LOCKED) and written in the same transaction, so each fire happens on
 * one node, once. Between batches the loop sleeps until the earliest next fire (one read of the
 * due index), at most `maxSleepMs`, and wakes at once when told a schedule changed: idle
 * schedules cost nothing, however many. A failing database is retried with a growing wait;
 * the fires due meanwhile are then handled as late (the missed rule).
 */
export class Scheduler {
  private stopped = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  /** Each decided fire's lag (handled − due, ms); the metrics plugin listens. */
  lagObserved: (ms: number) => void = () => undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: SchedulerOptions,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** A schedule changed: the next sleep is cut short (a nearer fire may now be due). */
  poke(): void {
    this.woken = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.running;
  }

  /** Claims and writes one batch; answers how many schedules it handled. */
  async runBatch(): Promise<number> {
    const { batch } = this.options;
    const decided: Decision[] = [];
    const written = await this.app.database.transaction(async (query) => {
      const due = await claimDue(query, batch);
      if (due.length === 0) return null;
      const companies = [...new Set(due.filter((s) => s.skipNonWorkingDays).map((s) => s.companyId))];
      const days = await nonWorkingDaysOf(query, companies);
      for (const s of due) decided.push(decide(s, days.get(s.companyId) ?? [], this.options));
      return writeBatch(
        query,
        decided.flatMap((d) => d.history),
        decided.map((d) => d.move),
      );
    });
    if (!written) return 0;
    for (const d of decided) if (d.lagMs !== undefined) this.lagObserved(d.lagMs);
    this.announce(written);
    return decided.length;
  }

  /** After the commit: the browsers hear of the new runs, history rows and moved schedules; agents get their runs. */
  private announce(written: BatchWritten): void {
    const { app } = this;
    for (const row of written.processes) publishProcess(app, row, 'insert');
    const roomsOf = (row: { companyId: string; viewerIds: string[] }) => [
      companyRunsRoom(row.companyId),
      PLATFORM_ROOM,
      ...row.viewerIds.map(userRoom),
    ];
    for (const { viewerIds, ...data } of written.history)
      app.realtime.emitTo(roomsOf({ companyId: data.companyId, viewerIds }), {
        type: 'scheduleHistory',
        operation: 'insert',
        data,
      });
    for (const { viewerIds, ...data } of written.schedules)
      app.realtime.emitTo(roomsOf({ companyId: data.companyId, viewerIds }), {
        type: 'schedule',
        operation: 'update',
        data,
      });
    // Pending in its agent's queue: the node holding the agent claims it now when the agent is idle.
    const agents = new Set(written.processes.flatMap((p) => (p.agentId ? [p.agentId] : [])));
    for (const agentId of agents) app.runtime.dispatcher.signal(agentId);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        this.woken = false;
        const handled = await this.runBatch();
        this.failures = 0;
        // A full batch: more may be due at once; a burst is written by several transactions at a time.
        if (handled === this.options.batch) {
          await this.runLanes();
          continue;
        }
        const wait = await untilEarliest(this.app.database);
        // Due yet not claimed: another node holds those schedules for its batch; look again soon.
        await this.sleep(wait === null ? this.options.maxSleepMs : wait > 0 ? wait : CONTENDED_MS);
      } catch (error) {
        if (this.stopped) break;
        this.failures += 1;
        const wait = Math.min(this.options.maxRetryMs, this.options.retryMs * 2 ** Math.min(this.failures - 1, 16));
        this.app.log.warn({ err: error, retryInMs: wait }, 'scheduler: claiming due schedules failed');
        await this.sleep(wait, false);
      }
    }
  }

  /** Claims batches side by side until one comes back short (the burst is written). */
  private async runLanes(): Promise<void> {
    const lanes = this.app.database.kind === 'postgres' ? Math.max(1, this.options.lanes) : 1;
    for (;;) {
      const handled = await Promise.all(Array.from({ length: lanes }, () => this.runBatch()));
      if (this.stopped || handled.some((n) => n < this.options.batch)) return;
    }
  }

  /** Sleeps `ms` (at most maxSleepMs), or less when poked; `wakeable` false waits out a retry. */
  private sleep(ms: number, wakeable = true): Promise<void> {
    if (this.stopped || (wakeable && this.woken) || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, Math.min(ms, this.options.maxSleepMs));
      timer.unref();
      this.wake = wakeable ? done : () => (this.stopped ? done() : undefined);
    });
  }
}
