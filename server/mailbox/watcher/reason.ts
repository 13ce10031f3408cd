/** What an IMAP library error carries besides its message. */
interface ImapErrorFields {
  authenticationFailed?: boolean;
  responseText?: string;
  response?: unknown;
  code?: string;
}

const fieldsOf = (error: unknown): ImapErrorFields & { message: string } =>
  error instanceof Error ? (error as Error & ImapErrorFields) : { message: String(error) };

/** The server refused the login (a wrong password or a disabled account), as opposed to a failed connection. */
export const isLoginRefused = (error: unknown): boolean => fieldsOf(error).authenticationFailed === true;

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'The mail server refused the connection',
  ENOTFOUND: 'The mail server’s host name is unknown',
  EAI_AGAIN: 'The mail server’s host name could not be looked up',
  ETIMEDOUT: 'The mail server did not answer in time',
  ECONNRESET: 'The mail server closed the connection',
  NoConnection: 'The connection to the mail server was lost',
};

/**
 * The reason a person sees on the configuration's row: the mail server's own words when it gave
 * some (a refused login says why), else what the network said. Never the secret: the library's
 * errors hold the server's answer, not the command sent.
 */
export function reasonOf(error: unknown): string {
  const fields = fieldsOf(error);
  const server = typeof fields.responseText === 'string' ? fields.responseText.trim() : '';
  if (server !== '') return server;
  if (typeof fields.response === 'string' && fields.response.trim() !== '') return fields.response.trim();
  const network = fields.code ? NETWORK_REASONS[fields.code] : undefined;
  const message = fields.message.trim();
  if (network) return message && message !== fields.code ? `${network} (${message})` : network;
  return message || 'The mail server could not be reached';
}
