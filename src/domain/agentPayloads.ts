import { Type } from 'typebox';
import {
  AGENT_REPORTABLE_STATUSES,
  LOG_BATCH_MAX,
  LOG_FIELD_NAME_MAX,
  LOG_FIELD_VALUE_MAX,
  LOG_FIELDS_MAX,
  LOG_LEVELS,
  LOG_LINE_MAX,
  RESULT_MAX_ENTRIES,
} from './agentProtocol';

/**
 * What an agent sends the server, as TypeBox schemas: the one definition of these payloads. The
 * domain's types are derived from them (agentProtocol.ts) and the server validates every payload
 * an agent sends against them, so the two cannot differ. Fields not named here are ignored, so an
 * older server accepts a newer agent's additions.
 */
const Uuid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'a uuid',
});
/** An ISO 8601 time; an unreadable one is taken as the time the server received it. */
const Time = Type.String({ minLength: 10, maxLength: 40, description: 'ISO 8601 time' });

export const LogLineSchema = Type.Object({
  /** 1, 2, 3… per process: the server keeps one line per (process, seq). */
  seq: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
  /** ISO 8601 time the line was written. */
  at: Time,
  stream: Type.Enum(['stdout', 'stderr', 'agent']),
  // The agent cuts long lines and marks them; a little room for the mark.
  text: Type.String({ maxLength: LOG_LINE_MAX + 16 }),
  /** The line's level, for a workflow's lines; absent for a script's output and the agent's own lines. */
  level: Type.Optional(Type.Enum([...LOG_LEVELS])),
  /**
   * A workflow line's custom log fields (Add Log Fields) by name, each value as text; absent when
   * there are none. The agent cuts long values and marks them; a little room for the mark.
   */
  fields: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: LOG_FIELD_VALUE_MAX + 16 }), {
      maxProperties: LOG_FIELDS_MAX,
      propertyNames: { maxLength: LOG_FIELD_NAME_MAX },
    }),
  ),
});

/** `process:log`: a batch of log lines of one process. */
export const LogPayloadSchema = Type.Object({
  processId: Uuid,
  lines: Type.Array(LogLineSchema, { minItems: 1, maxItems: LOG_BATCH_MAX }),
});

/** `process:status`: the process's status changed (running, or a final one). */
export const StatusPayloadSchema = Type.Object({
  processId: Uuid,
  status: Type.Enum([...AGENT_REPORTABLE_STATUSES]),
  /** ISO 8601 time of the change as the agent saw it (a report sent later keeps its true time). */
  at: Time,
  exitCode: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  signal: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  /** The number of log lines the process wrote in all: the server has them all once it holds these. */
  lastSeq: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Why the run failed, as the agent saw it (refused, exited, timed out): the process's Reason (cut when long). */
  reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** A workflow's Out and InOut arguments at its end (name → text): the process's result. */
  result: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: LOG_LINE_MAX + 16 }), {
      maxProperties: RESULT_MAX_ENTRIES,
    }),
  ),
});

/** `agent:ready`: ready for work, with what the agent still runs or still has to report. */
export const ReadyPayloadSchema = Type.Object({
  /** The process the agent is running now, if there is one (after a reconnect). */
  runningProcessId: Type.Union([Uuid, Type.Null()]),
  /**
   * Processes the agent still has reports for (its outbox), `[]` when none: every process of this
   * agent the server has as running and that is neither here nor in `runningProcessId` is lost.
   */
  reportingProcessIds: Type.Array(Uuid, { maxItems: 10_000 }),
  version: Type.Optional(Type.String({ maxLength: 30 })),
  platform: Type.Optional(Type.String({ maxLength: 60 })),
});
