import { fail, NetDictionary, textOrEmpty, type Value } from '../dotnet';
import { dictionarySet } from '../dotnet/collections';

/** UiPath's HttpClient activity's inputs, as read from its XAML properties. */
export interface HttpRequest {
  endpoint: string;
  /** GET (the default), POST, PUT, DELETE, PATCH, HEAD. */
  method?: string;
  /** JSON, XML or ANY (the default): the Accept header. */
  acceptFormat?: string;
  body?: string | null;
  /** The body's content type; application/xml when omitted, as the activity's default. */
  bodyFormat?: string | null;
  /** Request headers: a Dictionary(Of String, String) or plain name → value pairs. */
  headers?: Value | Record<string, string>;
  /** Query-string parameters, appended to the endpoint URL-encoded. */
  parameters?: Value | Record<string, string>;
  /** 6000 ms when omitted, as the activity's default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  result: string;
  statusCode: number;
  /** Dictionary(Of String, String); names as the HTTP stack gives them (lowercase). */
  responseHeaders: NetDictionary;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
const ACCEPT: Record<string, string> = { JSON: 'application/json', XML: 'application/xml', ANY: '*/*' };

function pairs(v: Value | Record<string, string> | undefined): [string, string][] {
  if (v === undefined || v === null) return [];
  if (v instanceof NetDictionary) return [...v.map.values()].map((e) => [textOrEmpty(e.key), textOrEmpty(e.value)]);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.entries(v as Record<string, string>);
  return fail('ArgumentException', 'Headers and Parameters must be dictionaries of names to values.');
}

/** .NET's HttpRequestException text for the socket errors Node reports. */
function networkMessage(e: unknown, url: URL): string {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e instanceof Error ? e : null;
  const code =
    cause && 'code' in cause
      ? String(cause.code)
      : (/\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET)\b/.exec(String(e)) ?? [''])[0];
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  if (code === 'ECONNREFUSED') return `Connection refused (${where})`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Name or service not known (${where})`;
  if (code === 'ECONNRESET') return `Connection reset by peer (${where})`;
  return cause?.message ?? 'An error occurred while sending the request.';
}

/**
 * HttpClient: sends the request with the global fetch and gives back the body, the status code
 * (an error status is an answer, not an exception, as in the activity) and the headers. A
 * network failure is HttpRequestException; passing TimeoutMS is TimeoutException; an abort of
 * `signal` (the run canceled) rejects with the signal's reason, untouched.
 */
export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) fail('ArgumentException', `'${req.method}' is not an HTTP method.`);
  let url: URL;
  try {
    url = new URL(req.endpoint);
  } catch {
    return fail('UriFormatException', 'Invalid URI: The format of the URI could not be determined.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail('NotSupportedException', `The '${url.protocol.slice(0, -1)}' scheme is not supported.`);
  for (const [k, v] of pairs(req.parameters)) url.searchParams.append(k, v);
  const headers = new Headers();
  headers.set('Accept', ACCEPT[(req.acceptFormat ?? 'ANY').toUpperCase()] ?? ACCEPT.ANY);
  for (const [k, v] of pairs(req.headers)) headers.set(k, v);
  const hasBody = method !== 'GET' && method !== 'HEAD' && req.body !== undefined && req.body !== null;
  if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', req.bodyFormat || 'application/xml');
  const timeoutMs = req.timeoutMs ?? 6000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let response: Response;
  let result: string;
  try {
    response = await fetch(url, { method, headers, body: hasBody ? req.body : undefined, signal });
    result = method === 'HEAD' ? '' : await response.text();
  } catch (e) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) return fail('TimeoutException', 'The operation has timed out.');
    return fail('HttpRequestException', networkMessage(e, url));
  }
  const responseHeaders = new NetDictionary('String', 'String');
  response.headers.forEach((value, name) => dictionarySet(responseHeaders, name, value));
  return { result, statusCode: response.status, responseHeaders };
}
