import type { ApiErrorBody } from '../domain';
import { clearSession, getAuthToken } from '../authProvider/session';
import { HttpError } from './httpError';
import { dropFirstPage } from './firstPage';

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
/** The app's router registers how to go to '/' after a 401 without a page reload. */
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
  const origin =
    globalThis.location?.origin && globalThis.location.origin !== 'null'
      ? globalThis.location.origin
      : 'http://localhost';
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

const isFormData = (value: unknown): value is FormData => typeof FormData !== 'undefined' && value instanceof FormData;

/** Sends a request of the /api contract: Authorization header, error mapping, 401 handling. */
async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = getAuthToken();
  if (token) headers.Authorization = `Token ${token}`;
  const body =
    request.body === undefined ? undefined : isFormData(request.body) ? request.body : JSON.stringify(request.body);
  // A multipart body sets its own content type (with the boundary).
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';

  // A write makes an early first page of a list out of date (src/dataProvider/firstPage.ts).
  if ((request.method ?? 'GET') !== 'GET') dropFirstPage();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, 'Something Went Wrong!');
  }

  if (!response.ok) {
    const errorBody = asErrorBody(await readBody(response));
    if (response.status === 401 && !request.skipUnauthorizedHandling) {
      clearSession();
      unauthorizedHandler();
    }
    throw new HttpError(
      response.status,
      errorBody?.message || response.statusText || 'Something Went Wrong!',
      errorBody,
    );
  }
  return response;
}

/** JSON over the /api contract (a FormData body goes as multipart/form-data). */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request, 'application/json');
  return (await readBody(response)) as T;
}

/** `attachment; filename="a b.xaml"` or `filename*=UTF-8''a%20b.xaml` → the file's name. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1].trim();
}

export interface Download {
  blob: Blob;
  /** The server's attachment name, when it gives one. */
  fileName?: string;
}

/** A file the API answers as such (an attachment, not the JSON envelope), e.g. a bot's XAML. */
export async function apiDownload(path: string, request: ApiRequest = {}): Promise<Download> {
  const response = await send(path, request, '*/*');
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) };
}
