import type { FastifyInstance } from 'fastify';
import { isEmail, PROCESS_STATUS_LABELS, type ProcessStatusCode } from '../../../src/domain';
import { decryptText } from '../../crypto/dataKey';
import { onRunsEnded } from '../../runtime/endedJobs';
import { rowsOf } from '../../runtime/sql';
import { formatDuration, RESULT_MAIL_LINES } from '../../scheduler/resultMail';
import { replyMail } from './replyMail';

/** A reply at most goes to the sender and the configuration's recipients (at most 10). */
const RECIPIENTS_MAX = 10;

interface EndedMailRun {
  claimId: string;
  from: string | null;
  messageId: string | null;
  mailbox: string;
  secretEncrypted: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  subjectLine: string;
  text: string;
  recipients: unknown;
  botName: string;
  agentName: string;
  status: number;
  startedAt: string | null;
  endedAt: string | null;
  seconds: number | null;
  lines: string[];
}

const utc = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"')`;

/**
 * Takes the reply of a run a mail started: marks it replied (once: a second ended notice, on any
 * node, finds it taken) and reads what the reply says.
 */
const TAKE_REPLY = `with taken as (
     update email_messages m set replied_at = now()
     where m.process_id = $1 and m.replied_at is null
     returning m.id, m.configuration_id, m."from", m.message_id
   )
   select t.id::text as "claimId", t."from", t.message_id as "messageId", c.email as "mailbox",
     c.secret_encrypted as "secretEncrypted", c.smtp_host as "smtpHost", c.smtp_port as "smtpPort",
     c.smtp_secure as "smtpSecure", c.subject_line as "subjectLine", c.text, to_jsonb(c.recipients) as "recipients",
     p.bot_name as "botName", p.agent_name as "agentName", p.status,
     ${utc('p.started_at')} as "startedAt", ${utc('p.ended_at')} as "endedAt",
     extract(epoch from (p.ended_at - p.started_at))::float8 as "seconds",
     array(select l.text from (select seq, text from process_logs where process_id = p.id order by seq desc limit ${RESULT_MAIL_LINES}) l
           order by l.seq) as "lines"
   from taken t join email_configurations c on c.id = t.configuration_id join processes p on p.id = $1`;

function labelOf(status: number): string {
  return PROCESS_STATUS_LABELS[status as ProcessStatusCode] ?? String(status);
}

/** The sender's address out of "Name <address>" (or the address alone). */
const addressOf = (from: string | null): string | null => {
  const address = from ? (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim() : '';
  return isEmail(address) ? address : null;
};

/**
 * Sends the reply of an ended mail-triggered run from the watched mailbox itself, through the
 * configuration's SMTP server with the mailbox's login: the sender sees the answer come from the
 * address they wrote to. Only when that server refuses or cannot be reached does the product's
 * own mailer send it (SMTP_URL, or the outbox folder), with the mailbox as its Reply-To.
 */
export async function sendReply(app: FastifyInstance, processId: string): Promise<void> {
  const [run] = await rowsOf<EndedMailRun>(app.database, TAKE_REPLY, [processId]);
  if (!run) return;
  const listed = Array.isArray(run.recipients) ? run.recipients : [];
  const to = [
    ...new Set(
      [addressOf(run.from), ...listed.map((r) => (typeof r === 'string' ? addressOf(r) : null))].filter(
        (a): a is string => a !== null,
      ),
    ),
  ].slice(0, RECIPIENTS_MAX + 1);
  if (to.length === 0) return;
  const content = replyMail({
    subjectLine: run.subjectLine,
    text: run.text,
    botName: run.botName,
    agentName: run.agentName,
    status: labelOf(run.status),
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    duration: formatDuration(run.seconds),
    lines: run.lines,
  });
  const threading = run.messageId ? { inReplyTo: run.messageId, references: run.messageId } : {};
  const secret = decryptText(app.dataKey, run.secretEncrypted);
  if (secret !== null) {
    const nodemailer = (await import('nodemailer')).default;
    const transport = nodemailer.createTransport({
      host: run.smtpHost,
      port: run.smtpPort,
      secure: run.smtpSecure,
      auth: { user: run.mailbox, pass: secret },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      tls: { servername: run.smtpHost },
    });
    try {
      await transport.sendMail({ from: run.mailbox, to, ...content, ...threading });
      return;
    } catch (error) {
      app.log.warn(
        { err: error, processId, configurationMailbox: run.mailbox },
        'mail watcher: the mailbox’s SMTP server refused the reply; the product mailer sends it',
      );
    } finally {
      transport.close();
    }
  }
  for (const address of to)
    app.mailer.queue({ to: address, ...content, replyTo: run.mailbox }, 'e-mail automation reply');
}

/**
 * When a run a mail started ends on this node, its reply goes out, after the end is stored and
 * without making the report wait. Answers what waits for the replies being sent (the node's close).
 */
export const attachReplies = (app: FastifyInstance): (() => Promise<void>) =>
  onRunsEnded(app, 'email', 'mail watcher: reply', (processId) => sendReply(app, processId));
