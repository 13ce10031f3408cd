import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogPayloadSchema, ReadyPayloadSchema, StatusPayloadSchema } from '../../../src/domain/agentPayloads';
import { AGENT_EVENTS } from '../../../src/domain/agentProtocol';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

/** `field → required` of a payload schema; the fields of an array of objects as `name[].field`. */
function fieldsOf(schema: JsonSchema, prefix = ''): Record<string, boolean> {
  const fields: Record<string, boolean> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    fields[`${prefix}${name}`] = (schema.required ?? []).includes(name);
    if (property.items?.properties) Object.assign(fields, fieldsOf(property.items, `${prefix}${name}[].`));
  }
  return fields;
}

const doc = readFileSync(path.resolve(__dirname, '../../../docs/agent-protocol.md'), 'utf8');

/** `field → required` of the table in an event's section of docs/agent-protocol.md. */
function documentedFields(event: string): Record<string, boolean> {
  const section = doc.split(`#### \`${event}\``)[1]?.split('\n#### ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([^`]+)` \| [^|]+ \| (yes|no) \|/gm)];
  return Object.fromEntries(rows.map((row) => [row[1], row[2] === 'yes']));
}

/** The protocol's document lists every field an agent sends, as the server's validation has it. */
describe('docs/agent-protocol.md', () => {
  it.each([
    [AGENT_EVENTS.ready, ReadyPayloadSchema],
    [AGENT_EVENTS.processStatus, StatusPayloadSchema],
    [AGENT_EVENTS.processLog, LogPayloadSchema],
  ])('documents every field of %s and whether it is required', (event, schema) => {
    const documented = documentedFields(event);
    expect(Object.keys(documented).length).toBeGreaterThan(0);
    expect(documented).toEqual(fieldsOf(schema as JsonSchema));
  });
});
