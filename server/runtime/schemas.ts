import { Compile } from 'typebox/compile';
import { LogPayloadSchema, ReadyPayloadSchema, StatusPayloadSchema } from '../../src/domain/agentPayloads';
import { AGENT_EVENTS, type AgentAck, type AgentPayloadIssue } from '../../src/domain/agentProtocol';

/**
 * The agent protocol's payloads as the server accepts them: the domain's schemas, compiled once.
 * Anything else is refused unread, with every problem named.
 */
export const payloadChecks = {
  [AGENT_EVENTS.ready]: Compile(ReadyPayloadSchema),
  [AGENT_EVENTS.processLog]: Compile(LogPayloadSchema),
  [AGENT_EVENTS.processStatus]: Compile(StatusPayloadSchema),
};

/** At most this many problems are named: a payload wrong everywhere gets a short answer. */
const ISSUES_MAX = 10;

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: object;
  message: string;
}

/** A compiled payload schema: whether a value is a `T`, and what is wrong with it when not. */
export interface PayloadCheck<T> {
  Check(value: unknown): value is T;
  Errors(value: unknown): SchemaError[];
}

/** Schema errors as readable problems: "reportingProcessIds is required", "status must be one of: 2, 3, 4, 5". */
export function payloadIssues(errors: readonly SchemaError[]): AgentPayloadIssue[] {
  const issues: AgentPayloadIssue[] = [];
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      for (const name of params.requiredProperties as string[]) {
        const field = path ? `${path}.${name}` : name;
        issues.push({ field, message: `${field} is required` });
      }
      continue;
    }
    const field = path || 'payload';
    // A union reports each of its branches, then itself: the union's own line says it all.
    if (
      e.keyword === 'const' ||
      (e.keyword === 'type' && errors.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath))
    )
      continue;
    if (e.keyword === 'pattern' && String(params.pattern).startsWith('^[0-9a-fA-F]{8}-'))
      issues.push({ field, message: `${field} must be a uuid` });
    else if (e.keyword === 'enum' && Array.isArray(params.allowedValues))
      issues.push({ field, message: `${field} must be one of: ${params.allowedValues.join(', ')}` });
    else if (e.keyword === 'anyOf') issues.push({ field, message: `${field} is not of an allowed type` });
    else issues.push({ field, message: `${field} ${e.message}` });
  }
  return issues.slice(0, ISSUES_MAX);
}

/** The refusal of a payload that is not in the protocol, naming its problems. */
export function badPayload(
  event: string,
  schema: Pick<PayloadCheck<unknown>, 'Errors'>,
  raw: unknown,
): AgentAck & { ok: false } {
  const errors = payloadIssues(schema.Errors(raw));
  const problems = errors.length > 0 ? errors.map((e) => e.message).join('; ') : 'not an object';
  return {
    ok: false,
    code: 'BAD_PAYLOAD',
    message: `${event} refused, not in the agent protocol: ${problems}`,
    errors,
  };
}
