import type { MailServer } from '../../src/domain/mailHosts';

/** The fields of the errors imapflow, nodemailer and Node's sockets raise that say why. */
interface MailError {
  message?: unknown;
  code?: unknown;
  /** imapflow: the server's text after NO/BAD ("Authentication failed."). */
  responseText?: unknown;
  /** imapflow: the bracketed code ("AUTHENTICATIONFAILED"). */
  serverResponseCode?: unknown;
  /** nodemailer: the SMTP server's reply line ("535 5.7.8 Authentication credentials invalid"). */
  response?: unknown;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const NET_CODES = ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT'];
const NET_CODE_IN_TEXT = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ECONNRESET|ETIMEDOUT)\b/;
const TLS_CODES =
  /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT|UNABLE_TO_|HOSTNAME_MISMATCH)/;

/**
 * A failed login's reason as a person can act on it: the server's own answer when it gave one
 * (wrong password), else what the network said (unknown host, refused port, TLS, timeout).
 */
export function reasonOf(server: MailServer, error: unknown): string {
  const e: MailError = typeof error === 'object' && error !== null ? (error as MailError) : { message: String(error) };
  const ownCode = str(e.code);
  const at = `${server.host}:${server.port}`;
  const responseText = str(e.responseText);
  if (responseText) {
    const serverCode = str(e.serverResponseCode);
    return serverCode ? `${responseText} (${serverCode})` : responseText;
  }
  const response = str(e.response);
  if (response) return response;
  const message = str(e.message);
  // nodemailer wraps socket errors as ESOCKET/EDNS and keeps Node's code in the message only.
  const code = NET_CODES.includes(ownCode) ? ownCode : (message.match(NET_CODE_IN_TEXT)?.[1] ?? ownCode);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Unknown host: ${server.host} (${code}).`;
  if (code === 'ECONNREFUSED') return `Connection refused by ${at} (ECONNREFUSED).`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${at} can not be reached (${code}).`;
  if (code === 'ECONNRESET') return `${at} closed the connection (ECONNRESET).`;
  if (/TIMEOUT|ETIMEDOUT/i.test(code)) return `No answer from ${at} in time (${code}).`;
  if (TLS_CODES.test(code) || /\b(TLS|SSL|certificate)\b/i.test(message))
    return `TLS failed with ${at}: ${message || code}`;
  return message || ownCode || `The login to ${at} failed.`;
}
