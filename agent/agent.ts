import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import {
  AGENT_EVENTS,
  AGENT_MESSAGES,
  AGENT_NAMESPACE,
  type AgentAck,
  type AgentErrorPayload,
  type LogLine,
  type ProcessCancelPayload,
  type ProcessStartPayload,
  type ReadyPayload,
} from '../src/domain/agentProtocol';
import { APP_VERSION } from '../src/domain/constants';
import { PROCESS_STATUS } from '../src/domain/status';
import { logLine, Outbox, type Report } from './outbox';
import { Run } from './runner';
import type { Credentials } from './state';

export const AGENT_VERSION = APP_VERSION;

/** Codes of a refused handshake after which trying again cannot help. */
const FINAL_REFUSALS = new Set(['AGENT_UNKNOWN', 'AGENT_SECRET_INVALID', 'AGENT_DELETED', 'COMPANY_INACTIVE']);
const ACK_TIMEOUT_MS = 15_000;
/** Lines are sent in batches: at most this long after they were written. */
const BATCH_DELAY_MS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AgentEvents {
  /** Human-readable progress for the console. */
  info(text: string): void;
  /** The agent must end: credentials refused or agent deleted. */
  fatal(text: string): void;
}

/**
 * The reference agent: one socket to the server, one bot at a time, every output line and
 * status kept until the server has acknowledged it.
 */
export class Agent {
  private readonly socket: Socket;
  private readonly outbox: Outbox;
  private run: Run | null = null;
  private parameterKey: string | null = null;
  private seq = new Map<string, number>();
  private pumping = false;
  private pumpTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    private readonly credentials: Credentials,
    private readonly options: { workDir: string; stateDir: string },
    private readonly events: AgentEvents,
  ) {
    this.outbox = new Outbox(path.join(options.stateDir, 'reports'));
    this.outbox.expectsMore = (processId) => this.run?.job.processId === processId;
    this.socket = io(`${credentials.serverUrl}${AGENT_NAMESPACE}`, {
      transports: ['websocket'],
      auth: { agentId: credentials.agentId, secret: credentials.secret, version: AGENT_VERSION },
      autoConnect: false,
      // Exponential back-off with jitter: from 1 s up to 30 s, ±50 %.
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
  }

  async start(): Promise<void> {
    await mkdir(path.join(this.options.stateDir, 'reports'), { recursive: true, mode: 0o700 });
    await mkdir(this.options.workDir, { recursive: true });
    await this.outbox.load();
    this.listen();
    this.socket.connect();
  }

  /** SIGINT / SIGTERM: take no more work, cancel the run saying why, report, disconnect. */
  async stop(signal: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const run = this.run;
    if (run) {
      run.cancel('stop', AGENT_MESSAGES.stopping(signal));
      await run.finished.catch(() => undefined);
      await this.settled();
    }
    if (this.socket.connected) await this.pump();
    this.socket.disconnect();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
  }

  private listen(): void {
    this.socket.on('connect', () => {
      this.events.info(`Connected to ${this.credentials.serverUrl} as ${this.credentials.name}`);
      const ready: ReadyPayload = {
        runningProcessId: this.run?.job.processId ?? null,
        reportingProcessIds: this.outbox.processIds(),
        version: AGENT_VERSION,
        platform: `${process.platform}-${process.arch}`,
      };
      this.socket.emit(AGENT_EVENTS.ready, ready);
      void this.pump();
    });
    this.socket.on('disconnect', (reason) => {
      this.events.info(`Disconnected (${reason}); reconnecting`);
      // A server-side disconnect does not reconnect by itself.
      if (reason === 'io server disconnect' && !this.stopping) this.retryLater();
    });
    this.socket.on('connect_error', (error: Error & { data?: { code?: string; message?: string } }) => {
      const code = error.data?.code;
      if (code && FINAL_REFUSALS.has(code)) {
        this.events.fatal(error.data?.message ?? error.message);
        return;
      }
      this.events.info(`Cannot reach the server: ${error.data?.message ?? error.message}`);
      // A handshake the server refused is not retried by the client itself.
      if (!this.socket.active) this.retryLater();
    });
    this.socket.on(AGENT_EVENTS.revoked, (payload: { message?: string }) =>
      this.events.fatal(payload?.message ?? 'This agent was deleted in the control room.'),
    );
    // A payload sent without an acknowledgement (the ready) and refused: said, never silent.
    this.socket.on(AGENT_EVENTS.error, (payload: AgentErrorPayload) =>
      this.events.info(`The server says: ${payload?.message}`),
    );
    this.socket.on(AGENT_EVENTS.parameterKey, (payload: { key?: unknown }) => {
      this.parameterKey = typeof payload?.key === 'string' ? payload.key : null;
    });
    this.socket.on(AGENT_EVENTS.processStart, (job: ProcessStartPayload, ack?: (answer: AgentAck) => void) => {
      ack?.(this.accept(job));
    });
    this.socket.on(AGENT_EVENTS.processCancel, (payload: ProcessCancelPayload) => {
      if (this.run && payload?.processId === this.run.job.processId)
        this.run.cancel(payload.reason === 'timeout' ? 'timeout' : payload.reason);
    });
  }

  private accept(job: ProcessStartPayload): AgentAck {
    if (this.stopping) return { ok: false, code: 'AGENT_STOPPING', message: 'The agent is stopping.' };
    if (!job || typeof job.processId !== 'string' || !UUID.test(job.processId))
      return { ok: false, code: 'BAD_JOB', message: 'Not a process.' };
    if (this.run) {
      return this.run.job.processId === job.processId
        ? { ok: true }
        : { ok: false, code: 'AGENT_BUSY', message: 'Agent is busy!' };
    }
    this.events.info(`Running ${job.botName} (process ${job.processId.slice(0, 8)})`);
    const run = new Run(job, {
      workDir: this.options.workDir,
      download: (filePath) => this.download(filePath),
      parameterKey: () => this.parameterKey,
      log: (stream, text, level, fields) => this.log(job.processId, logLine(stream, text, level, fields)),
    });
    this.run = run;
    void this.outbox
      .addStatus({ processId: job.processId, status: PROCESS_STATUS.running, at: new Date().toISOString() })
      .then(() => this.schedulePump(0));
    void run.finished.then(async (outcome) => {
      const lastSeq = this.seq.get(job.processId) ?? 0;
      this.seq.delete(job.processId);
      // Free before the final status can reach the server: it hands out the next run as soon as
      // it hears of this one's end, and a start refused as busy would wait for a sweep.
      // (addStatus queues the status synchronously, so the journal is not dropped meanwhile.)
      this.run = null;
      await this.outbox.addStatus({
        processId: job.processId,
        status: outcome.status,
        at: new Date().toISOString(),
        exitCode: outcome.exitCode,
        signal: outcome.signal,
        lastSeq,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...(outcome.result ? { result: outcome.result } : {}),
      });
      this.schedulePump(0);
      this.events.info(
        `Process ${job.processId.slice(0, 8)} ended: ${outcome.status === PROCESS_STATUS.executed ? 'executed' : outcome.status === PROCESS_STATUS.canceled ? 'canceled' : 'failed'}`,
      );
    });
    return { ok: true };
  }

  /** The process's next line: numbered and timed here, in the order written. */
  private log(processId: string, line: Omit<LogLine, 'seq' | 'at'>): void {
    const seq = (this.seq.get(processId) ?? 0) + 1;
    this.seq.set(processId, seq);
    this.outbox.addLines(processId, [{ seq, at: new Date().toISOString(), ...line }]);
    this.schedulePump(BATCH_DELAY_MS);
  }

  private async download(filePath: string): Promise<Buffer> {
    const response = await fetch(`${this.credentials.serverUrl}/api${filePath}`, {
      headers: { authorization: `Agent ${this.credentials.agentId}:${this.credentials.secret}` },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new Error(`The bot's file could not be downloaded: ${body?.message ?? response.statusText}`);
    }
    return Buffer.from(await response.arrayBuffer());
  }

  private schedulePump(delay: number): void {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      void this.pump();
    }, delay);
  }

  /** Sends what the outbox holds, one acknowledged report after another. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      let report: Report | null;
      while (this.socket.connected && (report = this.outbox.next())) {
        const event = report.kind === 'log' ? AGENT_EVENTS.processLog : AGENT_EVENTS.processStatus;
        let answer: AgentAck;
        try {
          answer = (await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, report.payload)) as AgentAck;
        } catch {
          break; // No answer in time: sent again after the next connect or pump.
        }
        if (answer.ok) await this.outbox.acknowledge(report);
        else if (answer.code === 'PROCESS_UNKNOWN') {
          this.events.info(
            `The server does not take reports on process ${report.payload.processId.slice(0, 8)}: ${answer.message}`,
          );
          await this.outbox.drop(report.payload.processId);
        } else if (answer.code === 'BAD_PAYLOAD') {
          // Sending it again cannot help: it is said, and the next report goes.
          this.events.info(`The server refused a report, not sent again: ${answer.message}`);
          await this.outbox.acknowledge(report);
        } else {
          this.schedulePump(2_000);
          break;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Resolves once every report is acknowledged, or after a few seconds offline. */
  private async settled(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (this.outbox.next() && Date.now() < deadline) {
      if (this.socket.connected) await this.pump();
      if (this.outbox.next()) await new Promise((r) => setTimeout(r, 200));
    }
  }

  private retryLater(): void {
    if (this.retryTimer || this.stopping) return;
    const delay = 1_000 + Math.random() * 2_000;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.socket.connected && !this.stopping) this.socket.connect();
    }, delay);
  }
}
