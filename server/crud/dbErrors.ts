import { HttpError } from '../http/errors';

/** PostgreSQL's SQLSTATE of an error, looking through driver and ORM wrappers. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Constraint violations are the client's doing: answer them as such, never as a 500. */
export function mapConstraintError(error: unknown): unknown {
  switch (sqlState(error)) {
    case '23505':
      return new HttpError(409, 'DUPLICATE', 'A record with these details already exists.');
    case '23503':
      return new HttpError(400, 'REFERENCE_NOT_FOUND', 'A referenced record does not exist.');
    case '22P02':
    case '23514':
      return new HttpError(400, 'VALIDATION_FAILED', 'The request is not valid.');
    default:
      return error;
  }
}
