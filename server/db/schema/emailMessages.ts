import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { emailConfigurations } from './emailConfigurations';
import { processes } from './runtime';

/**
 * The mails the watcher has seen, one row per (configuration, UID validity, UID): the unique key
 * is the claim, so a mail runs at most once whatever the number of nodes and restarts. Every new
 * mail gets a row, matching or not, and the largest UID is where a session resumes; a `baseline`
 * row marks the mailbox's last UID when a configuration was first watched.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configurationId: uuid('configuration_id')
      .notNull()
      .references(() => emailConfigurations.id, { onDelete: 'cascade' }),
    uidValidity: bigint('uid_validity', { mode: 'bigint' }).notNull(),
    uid: bigint('uid', { mode: 'bigint' }).notNull(),
    messageId: text('message_id'),
    from: text('from'),
    subject: text('subject'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    /** baseline (where watching began), ignored (no match), run, or notRunnable (bot inactive, licence ended…). */
    outcome: text('outcome').notNull(),
    processId: uuid('process_id').references(() => processes.id, { onDelete: 'set null' }),
    /** When the reply of its run was taken for sending: a run's reply goes once. */
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_messages_claim_key').on(t.configurationId, t.uidValidity, t.uid),
    index('email_messages_process_idx').on(t.processId),
    check('email_messages_outcome_check', sql`${t.outcome} in ('baseline', 'ignored', 'run', 'notRunnable')`),
  ],
);
