/**
 * Whether an error means "the database cannot be reached" (→ 503) rather than a bug (→ 500).
 * Drizzle wraps driver errors, so the whole cause chain is inspected.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

// Network errors, SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash,
// cannot connect now) and 53300 (too many connections).
const UNAVAILABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|08\w{3}|57P0[123]|53300)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos(ed|ing)|Client has encountered a connection error/i;
