import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { MailServer } from '../../src/domain/mailHosts';
import { reasonOf } from './reasons';

/** What a connection check needs: the mailbox's login and its two servers. */
export interface MailboxSettings {
  email: string;
  secret: string;
  imap: MailServer;
  smtp: MailServer;
}

export interface ServiceCheck {
  ok: boolean;
  /** What happened, in the mail server's own words when it refused. */
  message: string;
}

export interface MailboxCheck extends ServiceCheck {
  imap: ServiceCheck;
  smtp: ServiceCheck;
}

/** Both logins together answer within this time, whatever the servers do. */
export const CHECK_TIMEOUT_MS = 10_000;

const failed = (server: MailServer, error: unknown): ServiceCheck => ({ ok: false, message: reasonOf(server, error) });

/** Logs in over IMAP, reads INBOX's status and logs out. */
async function checkImap(settings: MailboxSettings, signal: AbortSignal, budget: number): Promise<ServiceCheck> {
  const { imap } = settings;
  const client = new ImapFlow({
    host: imap.host,
    port: imap.port,
    secure: imap.secure,
    auth: { user: settings.email, pass: settings.secret },
    // No logging: the library's logger would write the session, and the login is a secret.
    logger: false,
    connectionTimeout: budget,
    greetingTimeout: budget,
    socketTimeout: budget,
    disableAutoIdle: true,
  });
  // A refused or dropped socket is also reported as an 'error' event; the awaited call carries it.
  client.on('error', () => undefined);
  const abort = () => client.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    await client.connect();
    const status = await client.status('INBOX', { messages: true });
    await client.logout();
    const count = status ? (status.messages ?? 0) : 0;
    return { ok: true, message: `IMAP login succeeded (INBOX holds ${count} messages).` };
  } catch (error) {
    client.close();
    return failed(imap, error);
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

/** Logs in over SMTP (nodemailer's verify: connect, greeting, TLS when asked, AUTH, QUIT). */
async function checkSmtp(settings: MailboxSettings, signal: AbortSignal, budget: number): Promise<ServiceCheck> {
  const { smtp } = settings;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: { user: settings.email, pass: settings.secret },
    connectionTimeout: budget,
    greetingTimeout: budget,
    socketTimeout: budget,
    logger: false,
    debug: false,
  });
  const abort = () => transport.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    await transport.verify();
    return { ok: true, message: 'SMTP login succeeded.' };
  } catch (error) {
    return failed(smtp, error);
  } finally {
    signal.removeEventListener('abort', abort);
    transport.close();
  }
}

const timedOut = (server: MailServer, ms: number): ServiceCheck => ({
  ok: false,
  message: `No answer from ${server.host}:${server.port} within ${Math.round(ms / 1000)} s.`,
});

/**
 * Logs in to the mailbox for real, IMAP and SMTP side by side, and answers within `timeoutMs`
 * (a server that never answers counts as failed). A failure carries the server's own reason.
 */
export async function checkMailbox(settings: MailboxSettings, timeoutMs = CHECK_TIMEOUT_MS): Promise<MailboxCheck> {
  const controller = new AbortController();
  // The libraries' own timeouts fire a little before the overall deadline, so that their reason wins.
  const budget = Math.max(1000, timeoutMs - 500);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const within = async (run: Promise<ServiceCheck>, server: MailServer): Promise<ServiceCheck> => {
    const result = await Promise.race([run, deadline]);
    return result === 'late' ? timedOut(server, timeoutMs) : result;
  };
  try {
    const [imap, smtp] = await Promise.all([
      within(checkImap(settings, controller.signal, budget), settings.imap),
      within(checkSmtp(settings, controller.signal, budget), settings.smtp),
    ]);
    const ok = imap.ok && smtp.ok;
    const message = ok
      ? 'Connection successful! IMAP and SMTP logins work.'
      : [imap.ok ? '' : `IMAP: ${imap.message}`, smtp.ok ? '' : `SMTP: ${smtp.message}`].filter(Boolean).join(' ');
    return { ok, message, imap, smtp };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
