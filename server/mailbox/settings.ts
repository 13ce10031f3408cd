import { mailHostOf, isMailHostId, type MailServer } from '../../src/domain/mailHosts';
import { resourceMessages } from '../../src/domain/declarations/messages';
import { fieldError } from '../http/errors';

type Values = Record<string, unknown>;

/** The servers of a configuration: the preset's, or those typed for a custom host. */
export interface MailServers {
  imap: MailServer;
  smtp: MailServer;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const port = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * The IMAP and SMTP servers of a body (over the stored record on an update): a preset host
 * always has its provider's servers; a custom one needs both host names and ports, else 400.
 */
export function serversOf(values: Values, stored: Values = {}): MailServers {
  const get = (name: string) => (Object.hasOwn(values, name) ? values[name] : stored[name]);
  const host = get('host');
  if (!isMailHostId(host)) throw fieldError('host', resourceMessages.mailHostRequired);
  const preset = mailHostOf(host);
  if (host !== 'custom') return { imap: { ...preset.imap }, smtp: { ...preset.smtp } };
  const imapPort = port(get('imapPort'));
  const smtpPort = port(get('smtpPort'));
  const imapHost = text(get('imapHost'));
  const smtpHost = text(get('smtpHost'));
  if (!imapHost || !smtpHost || imapPort === null || smtpPort === null)
    throw fieldError(!imapHost || imapPort === null ? 'imapHost' : 'smtpHost', resourceMessages.mailHostRequired);
  const secure = (name: string, fallback: boolean) => {
    const value = get(name);
    return typeof value === 'boolean' ? value : fallback;
  };
  return {
    imap: { host: imapHost, port: imapPort, secure: secure('imapSecure', preset.imap.secure) },
    smtp: { host: smtpHost, port: smtpPort, secure: secure('smtpSecure', preset.smtp.secure) },
  };
}

/** The columns a configuration stores of its servers. */
export const serverColumns = ({ imap, smtp }: MailServers) => ({
  imapHost: imap.host,
  imapPort: imap.port,
  imapSecure: imap.secure,
  smtpHost: smtp.host,
  smtpPort: smtp.port,
  smtpSecure: smtp.secure,
});
