import { resourceMessages } from '../../src/domain/declarations/messages';
import { HttpError } from '../http/errors';

/** PostgreSQL's SQLSTATE of an error, looking through driver and ORM wrappers. */
export function sqlState(error: unknown): string | undefined {
  return field(error, 'code', (v) => /^[0-9A-Z]{5}$/.test(v));
}

/** The violated constraint's name (node-postgres and PGlite both report it). */
export function constraintOf(error: unknown): string | undefined {
  return field(error, 'constraint', () => true);
}

function field(error: unknown, name: string, accept: (value: string) => boolean): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const value = (current as Record<string, unknown>)[name];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface ConstraintMessages {
  /**
   * Unique constraint or index name → the 409's message (e.g. users_email_active_unique → 'This e-mail is already
   * registered!').
   */
  conflicts?: Record<string, string>;
  /**
   * The write is a delete: a foreign key violation means the record is still referenced (409), not a missing
   * reference.
   */
  deleting?: boolean;
}

/** Constraint violations are the client's doing: answer them as such, never as a 500. */
export function mapConstraintError(error: unknown, messages: ConstraintMessages = {}): unknown {
  if (error instanceof HttpError) return error;
  switch (sqlState(error)) {
    case '23505': {
      const constraint = constraintOf(error);
      const message = (constraint && messages.conflicts?.[constraint]) ?? 'A record with these details already exists.';
      return new HttpError(409, 'DUPLICATE', message);
    }
    case '23503':
      return messages.deleting
        ? new HttpError(409, 'IN_USE', resourceMessages.recordInUse)
        : new HttpError(400, 'REFERENCE_NOT_FOUND', 'A referenced record does not exist.');
    case '23502':
      return new HttpError(400, 'VALIDATION_FAILED', 'A required value is missing.');
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '23514':
      return new HttpError(400, 'VALIDATION_FAILED', 'The request is not valid.');
    default:
      return error;
  }
}
