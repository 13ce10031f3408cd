import { fork, type ChildProcess } from 'node:child_process';
import { AGENT_MESSAGES, boundedResult, type LogLevel, type LogStream } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';
import { RUN_WORKFLOW_FLAG, type WorkflowEnd } from './messages';

/**
 * Starts the workflow child: the agent's own entry (`process.argv[1]`, the bundled file or
 * `agent/main.ts` under tsx) with the hidden sub-command, inheriting the agent's Node options
 * (so `--import tsx` too). It keeps the agent's working folder, where those options resolve; the
 * runner reaches only the run's folder. It leads its own process group, as a script does.
 */
export function forkWorkflow(folder: string): ChildProcess {
  const entry = process.argv[1] ?? '';
  return fork(entry, [RUN_WORKFLOW_FLAG, folder], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: process.platform !== 'win32',
    serialization: 'json',
  });
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
