import type { LogLevel } from '../../src/domain/agentProtocol';

/**
 * What the agent and its workflow child say to each other over the IPC channel of `fork`. The
 * run's clear parameters travel here, never through a file, an argument or the environment.
 */

/** The hidden sub-command that makes the agent's own entry a workflow process: `<entry> --run-workflow`. */
export const RUN_WORKFLOW_FLAG = '--run-workflow';
/** Given to a workflow process started ahead of its run: it warms the runner up first. */
export const WARM_UP_FLAG = '--warm-up';

/**
 * Node options of a workflow process, after the agent's own. One V8 helper thread instead of
 * four: loading a workflow is one thread's work, and on a two-core machine V8's background
 * compiling and collecting on four threads took the core from it (a 96 KiB workflow's first load
 * 35–110 ms with four, 28–39 ms with one, the process's CPU halved); a run's throughput stays
 * far above its target. scripts/bench/xaml.mjs starts its measuring processes with the same.
 */
export const WORKFLOW_NODE_OPTIONS = ['--v8-pool-size=1'] as const;

/** agent → child: what to run and where (first message), then at most one `cancel`. */
export type ToChild =
  | { type: 'start'; folder: string; fileName: string; args: Record<string, string>; trace: boolean }
  | { type: 'cancel' };

/** How a workflow ended, as the child saw it. */
export type WorkflowEnd =
  | { outcome: 'completed'; result: Record<string, string> }
  /** It could not run (an unsupported activity, a bad argument, a package without its main workflow). */
  | { outcome: 'loadError'; message: string }
  /** An exception no TryCatch caught. */
  | { outcome: 'failure'; exceptionType: string; message: string }
  | { outcome: 'canceled' };

/**
 * A log line from the child: its level, its text and the custom log fields in force (Add Log
 * Fields), by name, values as text; `fields` is left out when there are none.
 */
export interface ChildLogLine {
  type: 'log';
  level: LogLevel;
  text: string;
  fields?: Readonly<Record<string, string>>;
}

/**
 * child → agent: `ready` once it listens and has warmed up (a message sent before would be lost
 * while it loads),
 * then log lines in order, then one `end`.
 */
export type FromChild = { type: 'ready' } | ChildLogLine | ({ type: 'end' } & WorkflowEnd);

/** The child's message for one line the runner logs (RunOptions.log): the fields only when there are some. */
export const logMessage = (level: LogLevel, text: string, fields?: Readonly<Record<string, string>>): ChildLogLine =>
  fields && Object.keys(fields).length > 0 ? { type: 'log', level, text, fields } : { type: 'log', level, text };

/** A line's fields as the child sent them: text values only; undefined when none is left. */
function fieldsOf(raw: unknown): Record<string, string> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') fields[name] = value;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

const LEVELS = new Set<string>(['Trace', 'Info', 'Warn', 'Error', 'Fatal']);

/** A message from the child, checked: the child is ours, but a broken one must not break the agent. */
export function readFromChild(message: unknown): FromChild | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'ready') return { type: 'ready' };
  if (m.type === 'log' && typeof m.text === 'string' && typeof m.level === 'string' && LEVELS.has(m.level)) {
    const fields = fieldsOf(m.fields);
    const line: ChildLogLine = { type: 'log', level: m.level as LogLevel, text: m.text };
    return fields ? { ...line, fields } : line;
  }
  if (m.type !== 'end') return null;
  switch (m.outcome) {
    case 'completed': {
      const result: Record<string, string> = {};
      if (typeof m.result === 'object' && m.result !== null)
        for (const [k, v] of Object.entries(m.result)) if (typeof v === 'string') result[k] = v;
      return { type: 'end', outcome: 'completed', result };
    }
    case 'loadError':
      return { type: 'end', outcome: 'loadError', message: String(m.message) };
    case 'failure':
      return { type: 'end', outcome: 'failure', exceptionType: String(m.exceptionType), message: String(m.message) };
    case 'canceled':
      return { type: 'end', outcome: 'canceled' };
    default:
      return null;
  }
}
