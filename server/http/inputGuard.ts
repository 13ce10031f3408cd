import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { requestMessages } from './messages';

/**
 * Deepest nesting of arrays and objects a JSON body may have. No form of the product nests
 * more than three levels; a limit keeps every recursive step after parsing (validation,
 * messages, the checks below) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep the arrays and objects of a JSON text go, counted without parsing (strings skipped). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The application/json parser: Fastify's own (which refuses `__proto__` and `constructor`
 * poisoning) behind a depth check made before parsing, so a deep body never reaches anything
 * recursive.
 */
export function setupJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, 'BODY_TOO_DEEP', requestMessages.tooDeep(MAX_JSON_DEPTH)), undefined);
      return;
    }
    parse(request, text, done);
  });
}

const NUL = '\u0000';
/** Half of a UTF-16 surrogate pair: no UTF-8 text, nor PostgreSQL's JSON, can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const fieldError = (field: string, code: string, message: string) =>
  new HttpError(400, code, message, [{ field, message }]);

/**
 * The first value of an input that PostgreSQL could not store or that no field means: such text, a non-finite number.
 */
function findBadValue(value: unknown, path: string, depth: number): HttpError | undefined {
  const field = path || 'body';
  if (typeof value === 'string') {
    if (value.includes(NUL)) return fieldError(field, 'NUL_CHARACTER', requestMessages.nulCharacter(field));
    return LONE_SURROGATE.test(value)
      ? fieldError(field, 'INVALID_UNICODE', requestMessages.invalidUnicode(field))
      : undefined;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : fieldError(field, 'NOT_FINITE', requestMessages.notFinite(field));
  // A file's bytes are the route's to judge; its name and the other fields are checked here.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  // The JSON parser bounds the depth; this bound is for inputs built by other parsers.
  if (depth > MAX_JSON_DEPTH) return new HttpError(400, 'BODY_TOO_DEEP', requestMessages.tooDeep(MAX_JSON_DEPTH));
  for (const [key, item] of Object.entries(value)) {
    // A wildcard route's parameter "*" is the rest of the path.
    const name = key === '*' && depth === 0 ? 'path' : key;
    const at = path ? `${path}.${name}` : name;
    const found = findBadValue(key, at, depth + 1) ?? findBadValue(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * One rule for every route, checked after parsing and validation and before a handler or
 * database call: no text the API accepts (body, query, path parameters, multipart fields and
 * file names) holds a NUL character or half a surrogate pair — PostgreSQL can store neither —
 * and every number is finite (a query's `1e309` parses to Infinity, which the schema
 * validator lets through).
 */
async function guardInput(request: FastifyRequest): Promise<void> {
  const found =
    findBadValue(request.params, '', 0) ?? findBadValue(request.query, '', 0) ?? findBadValue(request.body, '', 0);
  if (found) throw found;
}

/** Registers the guard on the root instance, so that every route registered later inherits it. */
export function setupInputGuard(app: FastifyInstance): void {
  setupJsonParser(app);
  app.addHook('preHandler', guardInput);
}
