import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { messages } from '../../src/domain';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError, type FieldIssue } from '../http/errors';
import { requestMessages } from '../http/messages';

/**
 * The one error handler: every failure leaves as the envelope `{message, code}`. Bad input is a 4xx,
 * an unreachable database a 503, anything else a 500 without details (they go to the log).
 */
export function setupErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toHttpError(error);
    if (answer.statusCode >= 500) {
      request.log.error({ err: error }, answer.statusCode === 503 ? 'database unavailable' : 'unexpected error');
    }
    if (answer.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.toBody());
  });
}

function toHttpError(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  if (error.validation) return schemaError(error.validation, error.validationContext);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new HttpError(400, 'BAD_JSON', messages.malformedBody);
  }
  if (isDatabaseUnavailable(error)) return new HttpError(503, 'SERVICE_UNAVAILABLE', messages.serviceUnavailable);
  const status = error.statusCode ?? 500;
  switch (status) {
    case 404:
      return new HttpError(404, 'NOT_FOUND', messages.notFound);
    case 413:
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge);
    case 429:
      return new HttpError(429, 'RATE_LIMITED', messages.tooManyRequests);
    case 415:
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.badRequest);
  }
  if (status >= 400 && status < 500) return new HttpError(status, 'BAD_REQUEST', messages.badRequest);
  return new HttpError(500, 'INTERNAL_ERROR', messages.somethingWentWrong);
}

/** Turns schema errors into readable field messages, e.g. "email must be string". */
function schemaError(validation: FastifySchemaValidationError[], context: string | undefined): HttpError {
  const issues: FieldIssue[] = validation.map((v) => {
    const params = v.params as Record<string, unknown>;
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required' && typeof params.missingProperty === 'string') {
      const field = path ? `${path}.${params.missingProperty}` : params.missingProperty;
      return { field, message: `${field} is required` };
    }
    if (v.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      const field = path ? `${path}.${params.additionalProperty}` : params.additionalProperty;
      return { field, message: requestMessages.unknownField(field) };
    }
    const field = path || context || 'body';
    if (v.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      const allowed = params.allowedValues.filter((a) => a !== null).join(', ');
      return { field, message: `${field} must be one of: ${allowed}` };
    }
    if (v.keyword === 'minProperties' && path === '')
      return { field, message: 'Nothing to change: send at least one field.' };
    return { field, message: `${field} ${v.message ?? 'is not valid'}` };
  });
  return new HttpError(400, 'VALIDATION_FAILED', issues[0]?.message ?? messages.badRequest, issues);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Fastify's refusals made before a route or hook runs: a path that is not valid
 * percent-encoding (`/api/user/details/%ff`) or a path parameter past its length limit. Same
 * envelope and security headers as every other answer; the path is not echoed back.
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const answer =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new HttpError(414, 'URI_TOO_LONG', requestMessages.urlTooLong)
        : error.code === 'FST_ERR_BAD_URL'
          ? new HttpError(400, 'BAD_URL', requestMessages.badUrl)
          : new HttpError(400, 'BAD_REQUEST', messages.badRequest);
    void reply.code(answer.statusCode).headers(headers).type(JSON_TYPE).send(answer.toBody());
  };
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or request line past
 * the size limit, a timeout, broken HTTP). The answer is written straight to the socket, so it
 * carries the security headers and the envelope itself.
 */
export function clientErrorHandler(
  headers: Readonly<Record<string, string>>,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new HttpError(431, 'HEADERS_TOO_LARGE', requestMessages.headersTooLarge)
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new HttpError(408, 'REQUEST_TIMEOUT', requestMessages.requestTimeout)
          : new HttpError(400, 'BAD_REQUEST', requestMessages.malformedRequest);
    const body = JSON.stringify(answer.toBody());
    const lines = [
      `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? ''}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `content-type: ${JSON_TYPE}`,
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
