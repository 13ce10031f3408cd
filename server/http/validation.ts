import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../src/domain';
import { validationFailed } from './errors';

/**
 * A preValidation hook running the domain's rules before the schema, so that a missing or
 * malformed field answers the spec's message ("Please input Email!") rather than a schema
 * message. Shapes the rules do not cover (a non-object body, wrong types) fall to the schema.
 */
export function domainRules(validate: (body: Record<string, unknown>) => FieldError[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const body: unknown = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const errors = validate(body as Record<string, unknown>);
    if (errors.length > 0) throw validationFailed(errors);
  };
}
