import type { ApiErrorBody } from '../domain';
import { clearSession, getAuthToken } from '../authProvider/session';
import { HttpError } from './httpError';

export const API_BASE = '/api';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The login call answers 401 for bad credentials: that must not end a session. */
  skipUnauthorizedHandling?: boolean;
}

let unauthorizedHandler: () => void = () => {
  globalThis.location?.assign('/');
};
/** The app's router registers how to go to '/' after a 401 (spec §8) without a page reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  const origin = globalThis.location?.origin && globalThis.location.origin !== 'null' ? globalThis.location.origin : 'http://localhost';
  return `${origin}${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
};

const asErrorBody = (body: unknown): Partial<ApiErrorBody> | undefined =>
  typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : undefined;

/** JSON over the /api contract: Authorization header, error mapping, 401 handling. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Token ${token}`;
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  if (request.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : isForm ? (request.body as FormData) : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError('Something Went Wrong!', 0);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const errorBody = asErrorBody(body);
    if (response.status === 401 && !request.skipUnauthorizedHandling) {
      clearSession();
      unauthorizedHandler();
    }
    throw new HttpError(errorBody?.message || response.statusText || 'Something Went Wrong!', response.status, errorBody);
  }
  return body as T;
}
