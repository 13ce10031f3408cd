import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Set when the mail went to the outbox folder instead of an SMTP server. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  /**
   * Sends without making the caller wait (a reply must not reveal, by its timing, whether a
   * mail went out). Failures are logged; `drain()` waits for everything queued.
   */
  queue(mail: OutgoingMail, purpose: string): void;
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl) : outboxDelivery(options.outboxDir);
  const pending = new Set<Promise<unknown>>();
  const log = options.logger;

  async function send(mail: OutgoingMail): Promise<SentMail> {
    const sent = await deliver.send({ ...mail, from: options.from });
    if (sent.file) log.info({ file: sent.file, to: mail.to, subject: mail.subject }, 'mail written to the outbox');
    else log.info({ messageId: sent.messageId, to: mail.to, subject: mail.subject }, 'mail sent');
    return sent;
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    mode: options.smtpUrl ? 'smtp' : 'outbox',
    send,
    queue(mail, purpose) {
      const job = send(mail)
        .catch((error: unknown) => log.error({ err: error, to: mail.to, purpose }, 'mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    drain,
    async close() {
      await drain();
      deliver.close();
    },
  };
}

interface Delivery {
  send(mail: OutgoingMail & { from: string }): Promise<SentMail>;
  close(): void;
}

/**
 * A transport made on the first mail: nodemailer is loaded then, not while the server starts
 * (most starts send no mail before their first answer).
 */
function onFirstMail<T extends { close(): void }>(create: () => Promise<T>): { get(): Promise<T>; close(): void } {
  let made: Promise<T> | null = null;
  return {
    get: () => (made ??= create()),
    close: () => void made?.then((transport) => transport.close()).catch(() => undefined),
  };
}

function smtpDelivery(url: string): Delivery {
  const transport = onFirstMail(async () => (await import('nodemailer')).default.createTransport(url));
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(mail);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Without SMTP, each mail becomes an .eml file a person can open: never silently dropped. */
function outboxDelivery(dir: string): Delivery {
  const transport = onFirstMail(async () =>
    (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(mail);
      if (!Buffer.isBuffer(info.message)) throw new Error('The outbox transport did not buffer the message');
      await mkdir(dir, { recursive: true });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
