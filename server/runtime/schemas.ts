import { Type } from 'typebox';
import { LOG_BATCH_MAX, LOG_LINE_MAX } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain/status';

/** The agent protocol's payloads as the server accepts them: anything else is refused unread. */
const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });
const Time = Type.String({ minLength: 10, maxLength: 40 });

export const LogPayload = Type.Object({
  processId: Uuid,
  lines: Type.Array(
    Type.Object({
      seq: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
      at: Time,
      stream: Type.Union([Type.Literal('stdout'), Type.Literal('stderr'), Type.Literal('agent')]),
      // The agent cuts long lines and marks them; a little room for the mark.
      text: Type.String({ maxLength: LOG_LINE_MAX + 16 }),
    }),
    { minItems: 1, maxItems: LOG_BATCH_MAX },
  ),
});

export const StatusPayload = Type.Object({
  processId: Uuid,
  status: Type.Union([
    Type.Literal(PROCESS_STATUS.running),
    Type.Literal(PROCESS_STATUS.executed),
    Type.Literal(PROCESS_STATUS.failed),
    Type.Literal(PROCESS_STATUS.canceled),
  ]),
  at: Time,
  exitCode: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  signal: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  lastSeq: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Why the run failed, in the agent's words: the process's Reason (cut, not refused, when long). */
  reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const ReadyPayload = Type.Object({
  runningProcessId: Type.Union([Uuid, Type.Null()]),
  reportingProcessIds: Type.Array(Uuid, { maxItems: 10_000 }),
  version: Type.Optional(Type.String({ maxLength: 30 })),
  platform: Type.Optional(Type.String({ maxLength: 60 })),
});
