import type { ApiErrorBody } from '../domain';

/**
 * Shaped like react-admin's HttpError (message, status, body) without importing react-admin,
 * so the public pages can share apiFetch.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody> | undefined;

  constructor(message: string, status: number, body?: Partial<ApiErrorBody>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export const isHttpError = (error: unknown): error is HttpError =>
  error instanceof HttpError ||
  (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number');

/** Spec §8: a 400 shows the server's message, anything else 'Something Went Wrong!'. */
export function badRequestMessage(error: unknown): string | undefined {
  return isHttpError(error) && error.status === 400 && error.message ? error.message : undefined;
}
