import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';
import { emailConfigurations as emailConfigurationsDef } from '../../../src/domain/declarations/emailConfigurations';
import { agents, bots } from './automation';
import { tableOf } from './derive';
import { companies, users } from './tenants';

/**
 * E-mail configurations (the mailboxes the watcher reads). Recipients are a text array: the
 * watcher hands them to the mailer as they are.
 */
export const emailConfigurations = tableOf(emailConfigurationsDef, {
  derived: ['companyName', 'botName', 'agentName'],
  targets: { companies, users, bots, agents },
  columns: {
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
});
