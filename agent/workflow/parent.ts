import { fork, type ChildProcess } from 'node:child_process';
import { AGENT_MESSAGES, boundedResult, type LogLevel, type LogStream } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { readFromChild, RUN_WORKFLOW_FLAG, WARM_UP_FLAG, WORKFLOW_NODE_OPTIONS, type WorkflowEnd } from './messages';

/** A workflow process and whether it said it is ready (false when it ended before). */
export interface WorkflowChild {
  process: ChildProcess;
  ready: Promise<boolean>;
}

/**
 * Starts a workflow process: the agent's own entry (`process.argv[1]`, the bundled file or
 * `agent/main.ts` under tsx) with the hidden sub-command, inheriting the agent's Node options
 * (so `--import tsx` too) and adding the workflow process's own (WORKFLOW_NODE_OPTIONS). It
 * keeps the agent's working folder, where those options resolve; the runner reaches only the
 * run's folder, which comes with the start. It leads its own process group, as a script does.
 * A process started ahead (`warm`) warms the runner up before it says it is ready; one a run
 * waits for does not.
 */
function forkWorkflow(warm: boolean): WorkflowChild {
  const entry = process.argv[1] ?? '';
  const child = fork(entry, warm ? [RUN_WORKFLOW_FLAG, WARM_UP_FLAG] : [RUN_WORKFLOW_FLAG], {
    execArgv: [...process.execArgv, ...WORKFLOW_NODE_OPTIONS],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: process.platform !== 'win32',
    serialization: 'json',
  });
  const ready = new Promise<boolean>((resolve) => {
    child.on('message', (raw: unknown) => {
      if (readFromChild(raw)?.type === 'ready') resolve(true);
    });
    child.once('exit', () => resolve(false));
    child.once('error', () => resolve(false));
  });
  return { process: child, ready };
}

/**
 * The next run's workflow process, started ahead: importing the runner and warming it up takes
 * longer than loading a workflow, so the agent keeps one process waiting (idle, a few tens of
 * MB) rather than making each run wait for a fresh one. One run uses one process, never two.
 */
let spare: WorkflowChild | null = null;

const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/** Starts the waiting process if none is waiting. */
export function keepWorkflowSpare(): void {
  if (spare && alive(spare.process)) return;
  spare = forkWorkflow(true);
  const waiting = spare.process;
  // A waiting process does not keep the agent alive, and its (empty) output is not left unread.
  waiting.unref();
  waiting.stdout?.resume();
  waiting.stderr?.resume();
}

/** The waiting process for a run (a new one when none waits); the caller owns it from now on. */
export function takeWorkflowChild(): WorkflowChild {
  const taken = spare && alive(spare.process) ? spare : forkWorkflow(false);
  spare = null;
  taken.process.ref();
  return taken;
}

/** Ends the waiting process (the agent stops). */
export function dropWorkflowSpare(): void {
  if (spare && alive(spare.process)) spare.process.kill();
  spare = null;
}

/** Trace and Info lines read as output, Warn and above as errors: the live log's streams. */
export const streamOfLevel = (level: LogLevel): LogStream =>
  level === 'Trace' || level === 'Info' ? 'stdout' : 'stderr';

export interface WorkflowOutcome {
  status: typeof PROCESS_STATUS.executed | typeof PROCESS_STATUS.failed | typeof PROCESS_STATUS.canceled;
  reason: string | null;
  result?: Record<string, string>;
  /** A line the agent logs at the end, at this level (the uncaught exception, the load error). */
  lastLine?: { stream: LogStream; level: LogLevel; text: string };
}

/**
 * What a workflow's own end makes of the run (a cancel or a timeout is the caller's): completed
 * → executed with its Out arguments; a load error → failed with its message; an uncaught exception
 * → failed, `Type: message` as the last log line and the Reason; no end at all → the child crashed.
 */
export function outcomeOfWorkflow(end: WorkflowEnd | null, exit: string): WorkflowOutcome {
  if (end === null) {
    const why = AGENT_MESSAGES.workflowCrashed(exit);
    return { status: PROCESS_STATUS.failed, reason: why, lastLine: { stream: 'agent', level: 'Error', text: why } };
  }
  switch (end.outcome) {
    case 'completed':
      return { status: PROCESS_STATUS.executed, reason: null, result: boundedResult(end.result) };
    case 'loadError':
      return {
        status: PROCESS_STATUS.failed,
        reason: end.message,
        lastLine: { stream: 'agent', level: 'Error', text: end.message },
      };
    case 'failure': {
      const text = `${end.exceptionType}: ${end.message}`;
      return { status: PROCESS_STATUS.failed, reason: text, lastLine: { stream: 'stderr', level: 'Error', text } };
    }
    case 'canceled':
      return { status: PROCESS_STATUS.canceled, reason: null };
  }
}
