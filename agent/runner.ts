import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  AGENT_MESSAGES,
  LOG_LINE_MAX,
  parameterEnvName,
  SCRIPT_RUNNERS,
  type CancelReason,
  type LogStream,
  type ProcessStartPayload,
} from '../src/domain/agentProtocol';
import { decryptParameter } from '../src/domain/parameterCrypto';
import { PROCESS_STATUS } from '../src/domain/status';

export interface RunOutcome {
  status: typeof PROCESS_STATUS.executed | typeof PROCESS_STATUS.failed | typeof PROCESS_STATUS.canceled;
  exitCode: number | null;
  signal: string | null;
}

export interface RunContext {
  workDir: string;
  /** Downloads the bot's file with the agent's own credentials. */
  download(filePath: string): Promise<Buffer>;
  /** The company's parameter key (base64), or null when the server has not sent one. */
  parameterKey(): string | null;
  log(stream: LogStream, text: string): void;
}

/** How long a killed tree gets to exit after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 3_000;

/**
 * One run of one bot: a fresh work folder, the file (checksum verified), a child process whose
 * every output line becomes a log line, and its end as a process status. The child leads its
 * own process group, so a cancel, a Stop or a timeout kills the whole tree it started.
 */
export class Run {
  private child: ChildProcess | null = null;
  private stopReason: CancelReason | null = null;
  private timer: NodeJS.Timeout | null = null;
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
      this.ctx.log('agent', error instanceof Error ? error.message : String(error));
      return { status: PROCESS_STATUS.failed, exitCode: null, signal: null };
    } finally {
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async runIn(folder: string): Promise<RunOutcome> {
    const extension = path.extname(this.job.fileName).toLowerCase();
    const runner = SCRIPT_RUNNERS[extension];
    if (runner === undefined || runner === null) {
      this.ctx.log(
        'agent',
        runner === null ? AGENT_MESSAGES.xamlNotSupported : `This agent does not run ${extension || 'such'} files`,
      );
      return { status: PROCESS_STATUS.failed, exitCode: null, signal: null };
    }
    const file = await this.ctx.download(this.job.filePath);
    if (createHash('sha256').update(file).digest('hex') !== this.job.checksum)
      throw new Error(AGENT_MESSAGES.checksumMismatch);
    if (this.stopReason) return this.outcomeOf(null, null);

    await mkdir(folder, { recursive: true, mode: 0o700 });
    const script = path.join(folder, path.basename(this.job.fileName));
    await writeFile(script, file, { mode: 0o600 });
    const { env, publicParams } = this.parameters();
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
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.ctx.log('agent', error.code === 'ENOENT' ? AGENT_MESSAGES.noRunner(runner[0]) : error.message);
        resolve({ status: PROCESS_STATUS.failed, exitCode: null, signal: null });
      });
      // 'close' comes after the output streams ended: every line is logged before the status.
      child.once('close', (code, signal) => resolve(this.outcomeOf(code, signal)));
    });
  }

  private outcomeOf(code: number | null, signal: NodeJS.Signals | null): RunOutcome {
    if (this.stopReason === 'timeout') {
      this.ctx.log('agent', AGENT_MESSAGES.timedOut(this.job.timeoutSeconds));
      return { status: PROCESS_STATUS.failed, exitCode: code, signal };
    }
    if (this.stopReason) {
      this.ctx.log('agent', AGENT_MESSAGES.canceled);
      return { status: PROCESS_STATUS.canceled, exitCode: code, signal };
    }
    if (code === 0) return { status: PROCESS_STATUS.executed, exitCode: 0, signal: null };
    this.ctx.log('agent', signal ? AGENT_MESSAGES.killed(signal) : AGENT_MESSAGES.exited(code ?? -1));
    return { status: PROCESS_STATUS.failed, exitCode: code, signal };
  }

  private parameters(): {
    env: Record<string, string>;
    publicParams: { name: string; value: string | null; encrypted: boolean }[];
  } {
    const env: Record<string, string> = {};
    const publicParams = this.job.parameters.map((p) => {
      if (!p.encrypted) {
        env[parameterEnvName(p.name)] = p.value;
        return { name: p.name, value: p.value, encrypted: false };
      }
      const key = this.ctx.parameterKey();
      if (!key) throw new Error(`The parameter ${p.name} is encrypted and this agent has no key for it`);
      try {
        env[parameterEnvName(p.name)] = decryptParameter(p.value, key);
      } catch {
        throw new Error(`The parameter ${p.name} cannot be decrypted with the company's key`);
      }
      return { name: p.name, value: null, encrypted: true };
    });
    return { env, publicParams };
  }

  private follow(child: ChildProcess, stream: 'stdout' | 'stderr'): void {
    const source = child[stream];
    if (!source) return;
    const lines = createInterface({ input: source, crlfDelay: Infinity });
    lines.on('line', (text) =>
      this.ctx.log(stream, text.length > LOG_LINE_MAX ? `${text.slice(0, LOG_LINE_MAX)} …[cut]` : text),
    );
  }

  private killTree(): void {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const pid = child.pid;
    const send = (signal: NodeJS.Signals) => {
      try {
        if (process.platform === 'win32') spawn('taskkill', ['/pid', String(pid), '/T', '/F']);
        else process.kill(-pid, signal);
      } catch {
        // Already gone.
      }
    };
    send('SIGTERM');
    // The group may outlive its leader (a grandchild ignoring SIGTERM): SIGKILL it all.
    setTimeout(() => send('SIGKILL'), KILL_GRACE_MS).unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
