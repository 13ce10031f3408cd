import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createMailer } from '../mail/mailer';

export const outboxDirOf = (config: Config): string => path.join(config.dataDir, 'outbox');

/** SMTP when SMTP_URL is set, otherwise the outbox folder; queued mails are sent before closing. */
export function setupMail(app: FastifyInstance, config: Config): void {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: outboxDirOf(config),
    logger: app.log,
  });
  app.decorate('mailer', mailer);
  app.decorate('mailContext', {
    productName: config.companyName,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  });
  app.addHook('onClose', () => mailer.close());
}
