import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../src/domain/resource';
import { HttpError, type FieldIssue } from '../http/errors';
import { requestMessages } from '../http/messages';

/**
 * The fields of a create or update body that a client may not send there, one issue each: a
 * field the resource does not declare, a read-only one, and on update a create-only one. Such a
 * body is refused whole rather than trimmed, so that a typo never answers "updated" while
 * changing nothing.
 */
export function unwritableFields(
  def: ResourceDef,
  mode: 'create' | 'update',
  body: Record<string, unknown>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const name of Object.keys(body)) {
    // Own properties only: "constructor" or "toString" is no field of any resource.
    const field = Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;
    if (!field) issues.push({ field: name, message: requestMessages.unknownField(name) });
    else if (field.readOnly || (mode === 'update' && field.createOnly))
      issues.push({ field: name, message: requestMessages.cannotBeChanged(name) });
  }
  return issues;
}

/**
 * A preValidation hook refusing with 400 a body that names fields it may not write, each of
 * them listed. It runs before the domain rules and the schema (which would only name the first).
 * A body that is not an object is left to the schema.
 */
export function writableOnly(def: ResourceDef, mode: 'create' | 'update') {
  return async (request: FastifyRequest): Promise<void> => {
    const body: unknown = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
    const issues = unwritableFields(def, mode, body as Record<string, unknown>);
    if (issues.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', issues[0].message, issues);
  };
}
