import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  AGENT_MESSAGES,
  boundedFields,
  LOG_LINE_MAX,
  SCRIPT_RUNNERS,
  WORKFLOW_EXTENSIONS,
  type CancelReason,
  type LogLevel,
  type LogStream,
  type ProcessStartPayload,
} from '../src/domain/agentProtocol';
import { runParameters } from './parameters';
import { PROCESS_STATUS } from '../src/domain/status';
import { readFromChild, type ToChild, type WorkflowEnd } from './workflow/messages';
import { keepWorkflowSpare, outcomeOfWorkflow, streamOfLevel, takeWorkflowChild } from './workflow/parent';

export interface RunOutcome {
  status: typeof PROCESS_STATUS.executed | typeof PROCESS_STATUS.failed | typeof PROCESS_STATUS.canceled;
  exitCode: number | null;
  signal: string | null;
  /** Why a run failed, in a line a person reads in the run's Reason; null when it did not fail. */
  reason: string | null;
  /** A workflow's Out and InOut arguments when it completed (bounded). */
  result?: Record<string, string>;
}

export interface RunContext {
  workDir: string;
  /** Downloads the bot's file with the agent's own credentials. */
  download(filePath: string): Promise<Buffer>;
  /** The company's parameter key (base64), or null when the server has not sent one. */
  parameterKey(): string | null;
  /**
   * One log line; a workflow's lines carry their level, and their custom log fields when there
   * are some (bounded: see boundedFields).
   */
  log(stream: LogStream, text: string, level?: LogLevel, fields?: Record<string, string>): void;
}

/** The most of a script's error line a Reason quotes. */
const REASON_ERROR_MAX = 300;

/** How long a killed tree gets to exit after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 3_000;

/**
 * One run of one bot: a fresh work folder, the file (checksum verified), a child process whose
 * every output line becomes a log line, and its end as a process status. The child leads its
 * own process group, so a cancel, a Stop or a timeout kills the whole tree it started.
 */
export class Run {
  private child: ChildProcess | null = null;
  /** The workflow child listens: a cancel asks it to stop at its next activity before it is killed. */
  private workflowListens = false;
  private stopReason: CancelReason | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The script's last non-blank line on stderr, for the Reason of a failed run. */
  private lastError: string | null = null;
  readonly finished: Promise<RunOutcome>;

  constructor(
    readonly job: ProcessStartPayload,
    private readonly ctx: RunContext,
  ) {
    this.finished = this.execute().finally(() => this.clearTimer());
  }

  /** Kills the tree; the run ends canceled (cancel, Stop) or failed (timeout). */
  cancel(reason: CancelReason, why?: string): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    if (why) this.ctx.log('agent', why);
    this.killTree();
  }

  private async execute(): Promise<RunOutcome> {
    const folder = path.join(this.ctx.workDir, this.job.processId);
    try {
      return await this.runIn(folder);
    } catch (error) {
      return this.refused(error instanceof Error ? error.message : String(error));
    } finally {
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async runIn(folder: string): Promise<RunOutcome> {
    const extension = path.extname(this.job.fileName).toLowerCase();
    const runner = SCRIPT_RUNNERS[extension];
    const workflow = WORKFLOW_EXTENSIONS.includes(extension);
    if (runner === undefined && !workflow) return this.refused(AGENT_MESSAGES.notRun(extension));
    const file = await this.ctx.download(this.job.filePath);
    if (createHash('sha256').update(file).digest('hex') !== this.job.checksum)
      throw new Error(AGENT_MESSAGES.checksumMismatch);
    if (this.stopReason) return this.outcomeOf(null, null);

    await mkdir(folder, { recursive: true, mode: 0o700 });
    const script = path.join(folder, path.basename(this.job.fileName));
    await writeFile(script, file, { mode: 0o600 });
    const { env, clear, publicParams } = runParameters(this.job.parameters, this.ctx.parameterKey());
    if (runner === undefined) return this.runWorkflow(folder, clear);
    const paramsFile = path.join(folder, 'parameters.json');
    // Encrypted values reach the bot only through its environment: never in clear on disk.
    await writeFile(paramsFile, JSON.stringify(publicParams, null, 2), { mode: 0o600 });

    // `node` is the agent's own Node.js, so a .js bot needs nothing else installed.
    const [program, ...args] = runner[0] === 'node' ? [process.execPath, ...runner.slice(1)] : runner;
    const child = spawn(program, [...args, script], {
      cwd: folder,
      env: { ...process.env, ...env, RPA_PARAMS_FILE: paramsFile, RPA_PROCESS_ID: this.job.processId },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    this.child = child;
    this.timer = setTimeout(() => this.cancel('timeout'), this.job.timeoutSeconds * 1000);
    this.follow(child, 'stdout');
    this.follow(child, 'stderr');
    return new Promise<RunOutcome>((resolve) => {
      child.once('error', (error: NodeJS.ErrnoException) =>
        resolve(this.refused(error.code === 'ENOENT' ? AGENT_MESSAGES.noRunner(runner[0]) : error.message)),
      );
      // 'close' comes after the output streams ended: every line is logged before the status.
      child.once('close', (code, signal) => resolve(this.outcomeOf(code, signal)));
    });
  }

  /**
   * A workflow, run by the agent's own runner in a child process: its lines arrive over IPC with
   * their level, and its end says how it went (see outcomeOfWorkflow). The clear parameters go
   * over IPC too: never on disk, in an argument or in the environment.
   */
  private runWorkflow(folder: string, args: Record<string, string>): Promise<RunOutcome> {
    const { process: child, ready } = takeWorkflowChild();
    this.child = child;
    let end: WorkflowEnd | null = null;
    child.on('message', (raw: unknown) => {
      const message = readFromChild(raw);
      if (message?.type === 'log') this.line(streamOfLevel(message.level), message.text, message.level, message.fields);
      else if (message?.type === 'end') end = message;
    });
    void ready.then((listens) => {
      if (!listens || this.stopReason || !child.connected) return;
      this.workflowListens = true;
      const start: ToChild = {
        type: 'start',
        folder,
        fileName: this.job.fileName,
        args,
        trace: this.job.trace === true,
      };
      child.send(start);
    });
    // The next run's process starts warming up once this one ends, not while it runs.
    child.once('close', () => keepWorkflowSpare());
    this.timer = setTimeout(() => this.cancel('timeout'), this.job.timeoutSeconds * 1000);
    this.follow(child, 'stdout');
    this.follow(child, 'stderr');
    return new Promise<RunOutcome>((resolve) => {
      child.once('error', (error) => resolve(this.refused(error.message)));
      child.once('close', (code, signal) => {
        if (this.stopReason) return resolve(this.outcomeOf(code, signal));
        const outcome = outcomeOfWorkflow(end, signal ? `signal ${signal}` : `code ${code ?? -1}`);
        if (outcome.lastLine) this.line(outcome.lastLine.stream, outcome.lastLine.text, outcome.lastLine.level);
        resolve({ status: outcome.status, exitCode: code, signal, reason: outcome.reason, result: outcome.result });
      });
    });
  }

  /** A run that failed before its script could end on its own: the agent says why, in the log and the Reason. */
  private refused(why: string): RunOutcome {
    this.ctx.log('agent', why);
    return { status: PROCESS_STATUS.failed, exitCode: null, signal: null, reason: why };
  }

  private outcomeOf(code: number | null, signal: NodeJS.Signals | null): RunOutcome {
    if (this.stopReason === 'timeout') {
      const why = AGENT_MESSAGES.timedOut(this.job.timeoutSeconds);
      this.ctx.log('agent', why);
      return { status: PROCESS_STATUS.failed, exitCode: code, signal, reason: why };
    }
    if (this.stopReason) {
      this.ctx.log('agent', AGENT_MESSAGES.canceled);
      return { status: PROCESS_STATUS.canceled, exitCode: code, signal, reason: null };
    }
    if (code === 0) return { status: PROCESS_STATUS.executed, exitCode: 0, signal: null, reason: null };
    const why = signal ? AGENT_MESSAGES.killed(signal) : AGENT_MESSAGES.exited(code ?? -1);
    this.ctx.log('agent', why);
    // The script's own last error line says what went wrong better than its exit code alone.
    const reason = this.lastError ? AGENT_MESSAGES.failedSaying(why, this.lastError) : why;
    return { status: PROCESS_STATUS.failed, exitCode: code, signal, reason };
  }

  private follow(child: ChildProcess, stream: 'stdout' | 'stderr'): void {
    const source = child[stream];
    if (!source) return;
    const lines = createInterface({ input: source, crlfDelay: Infinity });
    lines.on('line', (text) => {
      if (stream === 'stderr' && text.trim() !== '') this.lastError = text.trim().slice(0, REASON_ERROR_MAX);
      this.line(stream, text);
    });
  }

  /** A log line, cut when long (with a mark) rather than refused; its fields bounded the same way. */
  private line(stream: LogStream, text: string, level?: LogLevel, fields?: Readonly<Record<string, string>>): void {
    const cut = text.length > LOG_LINE_MAX ? `${text.slice(0, LOG_LINE_MAX)} …[cut]` : text;
    this.ctx.log(stream, cut, level, boundedFields(fields));
  }

  private killTree(): void {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const pid = child.pid;
    if (this.workflowListens && child.connected) {
      // The runner stops at its next activity (a Delay at once) and says so; killed if it does not.
      child.send({ type: 'cancel' } satisfies ToChild);
      setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
      return;
    }
    killGroup(pid, 'SIGTERM');
    // The group may outlive its leader (a grandchild ignoring SIGTERM): SIGKILL it all.
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Kills a child's whole process group (its tree on Windows). */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    if (process.platform === 'win32') spawn('taskkill', ['/pid', String(pid), '/T', '/F']);
    else process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
