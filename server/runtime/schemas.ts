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
  schemaPath?: string;
  instancePath: string;
  params: object;
  message: string;
}

/** A compiled payload schema: whether a value is a `T`, and what is wrong with it when not. */
export interface PayloadCheck<T> {
  Check(value: unknown): value is T;
  Errors(value: unknown): SchemaError[];
}

const UUID_PATTERN = '^[0-9a-fA-F]{8}-';

/** What one failed rule asks for, as words: "a uuid", "an integer", "at most 20 characters". */
function wanted(e: SchemaError): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'pattern' && String(params.pattern).startsWith(UUID_PATTERN)) return 'a uuid';
  if (e.keyword === 'type') {
    const type = String(params.type);
    return type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
  }
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) return `one of: ${params.allowedValues.join(', ')}`;
  const limit = String(params.limit);
  switch (e.keyword) {
    case 'maxLength':
      return `at most ${limit} characters long`;
    case 'minLength':
      return `at least ${limit} characters long`;
    case 'maxItems':
      return `at most ${limit} items`;
    case 'maxProperties':
      return `at most ${limit} entries`;
    case 'minItems':
      return `at least ${limit} item${limit === '1' ? '' : 's'}`;
    case 'maximum':
      return `at most ${limit}`;
    case 'minimum':
      return `at least ${limit}`;
  }
  return `valid (${e.message})`;
}

/**
 * Schema errors as readable problems, one a field: "reportingProcessIds is required", "status
 * must be one of: 1, 2, 3, 4", "runningProcessId must be a uuid or null".
 */
export function payloadIssues(errors: readonly SchemaError[]): AgentPayloadIssue[] {
  const issues: AgentPayloadIssue[] = [];
  // A union reports each branch's failure, then its own: its line says what each branch wanted.
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const branches = new Map<string, string[]>();
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = path || 'payload';
    if (e.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      for (const name of params.requiredProperties as string[]) {
        const required = path ? `${path}.${name}` : name;
        issues.push({ field: required, message: `${required} is required` });
      }
    } else if (e.keyword === 'maxLength' && e.schemaPath?.endsWith('/propertyNames')) {
      // A name too long: said of the object once, not as if its value were too long.
      const ownerPointer = e.instancePath.slice(0, Math.max(0, e.instancePath.lastIndexOf('/')));
      const owner = ownerPointer.replace(/^\//, '').replace(/\//g, '.') || 'payload';
      const message = `${owner} names must be at most ${String(params.limit)} characters long`;
      if (!issues.some((i) => i.message === message)) issues.push({ field: owner, message });
    } else if (e.keyword === 'propertyNames') {
      // Its names' own rule said what is wrong with them.
    } else if (e.keyword === 'anyOf') {
      issues.push({ field, message: `${field} must be ${(branches.get(e.instancePath) ?? ['valid']).join(' or ')}` });
    } else if (unions.has(e.instancePath)) {
      branches.set(e.instancePath, [...(branches.get(e.instancePath) ?? []), wanted(e)]);
    } else {
      issues.push({ field, message: `${field} must be ${wanted(e)}` });
    }
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
