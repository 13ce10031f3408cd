import { messages, type FieldError, type MessageKey } from '../../src/domain';

export interface FieldIssue {
  field: string;
  message: string;
}

/** An expected failure with its status, stable code and human text. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { message: string; code: string; errors?: FieldIssue[] } {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', messages.unauthorized);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', messages.forbidden);
export const notFound = () => new HttpError(404, 'NOT_FOUND', messages.notFound);

/** An error about one field with a message of its own (not in the domain's catalogue). */
export const fieldError = (field: string, message: string, status = 400, code = 'VALIDATION_FAILED'): HttpError =>
  new HttpError(status, code, message, [{ field, message }]);

/** 400 for one field with a message of the domain's catalogue. */
export const invalidField = (field: string, key: MessageKey, code = 'VALIDATION_FAILED') =>
  new HttpError(400, code, messages[key], [{ field, message: messages[key] }]);

/** 400 whose message is the first failing field's, with every failing field listed. */
export function validationFailed(errors: readonly FieldError[]): HttpError {
  const issues = errors.map((e) => ({ field: e.field, message: messages[e.key] }));
  return new HttpError(400, 'VALIDATION_FAILED', issues[0]?.message ?? messages.badRequest, issues);
}
