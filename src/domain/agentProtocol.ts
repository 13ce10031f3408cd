import type { Static } from 'typebox';
import type { LogLineSchema, LogPayloadSchema, ReadyPayloadSchema, StatusPayloadSchema } from './agentPayloads';
import { PROCESS_STATUS } from './status';

/**
 * The agent protocol: what the server and an agent say to each other over socket.io
 * (namespace `/agent`, websocket). The handshake's `auth` carries the agent's id and the secret
 * it got at registration. Every payload the agent sends is validated by the server against its
 * schema (agentPayloads.ts, from which its type here is derived) and against what the agent was
 * given: an agent speaks only for its own running process, and a final status is final. A refused
 * payload is answered, never ignored: by the acknowledgement when the agent asked for one, by an
 * `agent:error` event otherwise. docs/agent-protocol.md describes the whole protocol.
 */
export const AGENT_NAMESPACE = '/agent';

export const AGENT_EVENTS = {
  /** server → agent: run this process (sent only after the claim has committed). */
  processStart: 'process:start',
  /** server → agent: kill the running process's whole tree (cancel, Stop, server-side timeout). */
  processCancel: 'process:cancel',
  /** server → agent: this agent no longer exists here (deleted); it stops for good. */
  revoked: 'agent:revoked',
  /** server → agent: the company's parameter key, to decrypt encrypted parameters in memory. */
  parameterKey: 'company:key',
  /** agent → server: the process's status changed (running, or a final one). */
  processStatus: 'process:status',
  /** agent → server: a batch of log lines, numbered, so a replay after a reconnect is idempotent. */
  processLog: 'process:log',
  /** agent → server: ready for work, with what it is still running or still has to report. */
  ready: 'agent:ready',
  /** server → agent: a payload the agent sent without an acknowledgement was refused. */
  error: 'agent:error',
} as const;

/** The events an agent sends; the server answers any other with `agent:error`. */
export const AGENT_SENT_EVENTS: readonly string[] = [
  AGENT_EVENTS.ready,
  AGENT_EVENTS.processLog,
  AGENT_EVENTS.processStatus,
];

/** Handshake `auth` of an agent's socket. */
export interface AgentHandshake {
  agentId: string;
  secret: string;
  version?: string;
}

export interface RunParameter {
  name: string;
  value: string;
  /** The value is ciphertext made in the browser (see parameterCrypto.ts). */
  encrypted?: boolean;
}

export interface ProcessStartPayload {
  processId: string;
  botId: string;
  botName: string;
  fileName: string;
  /** Path on the server (under /api) the agent downloads the file from with its own credentials. */
  filePath: string;
  /** sha256 (hex) of the file: the agent refuses to run anything else. */
  checksum: string;
  parameters: RunParameter[];
  timeoutSeconds: number;
  /**
   * The bot's "Trace activities" setting: a workflow logs each activity's start and end at Trace.
   * Optional: an older server does not send it (off).
   */
  trace?: boolean;
}

export type CancelReason = 'cancel' | 'stop' | 'timeout';
export interface ProcessCancelPayload {
  processId: string;
  reason: CancelReason;
}

export type LogLine = Static<typeof LogLineSchema>;
export type LogStream = LogLine['stream'];
/** A workflow line's level (UiPath's LogMessage levels); script lines have none. */
export const LOG_LEVELS = ['Trace', 'Info', 'Warn', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type ProcessLogPayload = Static<typeof LogPayloadSchema>;

/** The statuses an agent may report: running, then one final status. */
export const AGENT_REPORTABLE_STATUSES = [
  PROCESS_STATUS.running,
  PROCESS_STATUS.executed,
  PROCESS_STATUS.failed,
  PROCESS_STATUS.canceled,
] as const;
export type AgentReportableStatus = (typeof AGENT_REPORTABLE_STATUSES)[number];

export type ProcessStatusPayload = Static<typeof StatusPayloadSchema>;
export type ReadyPayload = Static<typeof ReadyPayloadSchema>;

/** One problem of a refused payload: where (a dotted path, `lines.0.seq`) and what. */
export interface AgentPayloadIssue {
  field: string;
  message: string;
}

/**
 * Every ack the server gives: ok, or a refusal with the envelope's code and message (and, for a
 * payload that is not in the protocol, `BAD_PAYLOAD` with every problem found).
 */
export type AgentAck = { ok: true } | { ok: false; code: string; message: string; errors?: AgentPayloadIssue[] };

/** `agent:error`: the server refused a payload the agent sent without an acknowledgement. */
export interface AgentErrorPayload {
  /** The event that was refused, e.g. `agent:ready`. */
  event: string;
  code: string;
  message: string;
  errors: AgentPayloadIssue[];
}

/** Longest log line kept; longer lines are cut (with a mark) rather than refused. */
export const LOG_LINE_MAX = 4000;
/** Most lines in one `process:log` batch. */
export const LOG_BATCH_MAX = 500;
/** Most Out/InOut arguments a final status carries as the run's result. */
export const RESULT_MAX_ENTRIES = 50;
/** Longest argument name a result carries (a .NET identifier; real ones stay far below). */
export const RESULT_NAME_MAX = 200;

/**
 * A run's result as the agent sends it: at most RESULT_MAX_ENTRIES arguments, each value cut at
 * LOG_LINE_MAX with the same mark as a log line, so that a workflow cannot flood its process's row.
 */
export function boundedResult(out: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(out).slice(0, RESULT_MAX_ENTRIES))
    result[name.slice(0, RESULT_NAME_MAX)] =
      value.length > LOG_LINE_MAX ? `${value.slice(0, LOG_LINE_MAX)} …[cut]` : value;
  return result;
}

/** Most custom log fields (Add Log Fields) one log line carries; the agent keeps the first ones. */
export const LOG_FIELDS_MAX = 50;
/** Longest log field name; the agent cuts a longer one. */
export const LOG_FIELD_NAME_MAX = 100;
/** Longest log field value kept; a longer one is cut with the mark a log line gets. */
export const LOG_FIELD_VALUE_MAX = 1000;

/**
 * A line's custom log fields as the agent sends them: at most LOG_FIELDS_MAX, names cut at
 * LOG_FIELD_NAME_MAX, values cut at LOG_FIELD_VALUE_MAX and marked; undefined when there are none,
 * so that a line without fields carries no `fields` key.
 */
export function boundedFields(
  fields: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (!fields) return undefined;
  const entries = Object.entries(fields).slice(0, LOG_FIELDS_MAX);
  if (entries.length === 0) return undefined;
  const bounded: Record<string, string> = {};
  for (const [name, value] of entries)
    bounded[name.slice(0, LOG_FIELD_NAME_MAX)] =
      value.length > LOG_FIELD_VALUE_MAX ? `${value.slice(0, LOG_FIELD_VALUE_MAX)} …[cut]` : value;
  return bounded;
}

/** The program each script type runs with. */
export const SCRIPT_RUNNERS: Readonly<Record<string, readonly string[]>> = {
  '.js': ['node'],
  '.mjs': ['node'],
  '.cjs': ['node'],
  '.sh': ['bash'],
  '.py': ['python3'],
  '.ps1': ['pwsh', '-NoProfile', '-NonInteractive', '-File'],
};

/** Files the agent runs with its own XAML runner, in a child process of its own: a workflow, a project, a package. */
export const WORKFLOW_EXTENSIONS: readonly string[] = ['.xaml', '.zip', '.nupkg'];

/** Name of a parameter's environment variable: RPA_PARAM_ and the name in upper case, other characters as `_`. */
export const parameterEnvName = (name: string): string => `RPA_PARAM_${name.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`;

export const AGENT_MESSAGES = {
  /** A workflow child that ended without saying how (killed, crashed): the run failed. */
  workflowCrashed: (why: string) => `The workflow runner ended unexpectedly (${why})`,
  notRun: (extension: string) => `This agent does not run ${extension || 'such'} files`,
  /** A failed run's Reason: the agent's why and the script's last error line. */
  failedSaying: (why: string, lastError: string) => `${why}: ${lastError}`,
  checksumMismatch: 'The downloaded file does not match its checksum: not run',
  timedOut: (seconds: number) => `Timed out after ${seconds} s`,
  exited: (code: number) => `Exited with code ${code}`,
  killed: (signal: string) => `Killed by signal ${signal}`,
  canceled: 'Canceled: the process tree was stopped',
  stopping: (signal: string) => `The agent is stopping (${signal}): the run is canceled`,
  noRunner: (program: string) => `${program} is not installed on this agent`,
} as const;
