import type { ApiErrorBody } from '../domain';

/**
 * The error body as the API sends it, or with `errors` turned into react-admin's
 * `{ field: message }` (what its forms put under each input).
 */
export type HttpErrorBody = Omit<Partial<ApiErrorBody>, 'errors'> & {
  errors?: ApiErrorBody['errors'] | Record<string, string>;
};

/**
 * Shaped like react-admin's HttpError (message, status, body) without importing react-admin,
 * so the public pages can share apiFetch. Its arguments come in the server's HttpError order:
 * status first, then the message.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: HttpErrorBody | undefined;

  constructor(status: number, message: string, body?: HttpErrorBody) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export const isHttpError = (error: unknown): error is HttpError =>
  error instanceof HttpError ||
  (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number');

/** A 400 shows the server's message, anything else 'Something Went Wrong!'. */
export function badRequestMessage(error: unknown): string | undefined {
  return isHttpError(error) && error.status === 400 && error.message ? error.message : undefined;
}

/** `[{field, message}]` → `{field: message}` (the first message of a field wins), for react-admin forms. */
export function withFormErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || !Array.isArray(error.body?.errors)) return error;
  const byField: Record<string, string> = {};
  for (const issue of error.body.errors)
    if (issue.field && !(issue.field in byField)) byField[issue.field] = issue.message;
  return new HttpError(error.status, error.message, { ...error.body, errors: byField });
}
