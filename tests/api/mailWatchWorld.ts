// The e-mail automation suites' world: a real SMTP receiver on loopback that takes the replies,
// raw mails to deliver into the loopback dovecot, an agent that ends every run it is given, and
// the reads of a configuration's health and of the runs its mails made.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { AGENT_EVENTS, type ProcessStartPayload } from '../../src/domain/agentProtocol';
import { PROCESS_STATUS } from '../../src/domain';
import type { Api } from './agentWorld';
import type { MailServer } from './dovecot';
import type { TestServer } from './helpers';
import { parseMail, type ParsedMail } from './mail';
import type { ProtocolAgent } from './protocolAgent';

export interface Received extends ParsedMail {
  envelopeTo: string[];
  /** The login the sender used (the watched mailbox's address). */
  user: string | null;
}

export interface SmtpReceiver {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** An SMTP server that takes any login (the mailbox's own SMTP, as the watcher's replies use it). */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

let sequence = 0;

/** A plain-text RFC 5322 mail as a mail server stores it. */
export function rawMail(mail: { from: string; to: string; subject: string; body: string }): string {
  sequence += 1;
  return [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <mail-${Date.now()}-${sequence}@sender.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.body,
    '',
  ].join('\n');
}

/** Every run the agent starts writes two lines (the first names the mail's subject) and ends executed. */
export function completeEveryRun(agent: ProtocolAgent): void {
  agent.socket.on(AGENT_EVENTS.processStart, (job: ProcessStartPayload) => {
    const subject = job.parameters.find((p) => p.name === 'subject')?.value ?? '';
    setTimeout(() => {
      void (async () => {
        await agent.log(job.processId, [{ text: `handling "${subject}"` }, { text: 'all done' }]);
        await agent.status(job.processId, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 2 });
      })();
    }, 20);
  });
}

export interface MailSettings {
  companyId: string;
  botId: string;
  agentId: string;
  dovecot: MailServer;
  smtpPort: number;
  criteria?: string;
  operation?: string;
  criteriaValue?: string;
  secret?: string;
  recipients?: string[];
}

/** A custom-host configuration for the loopback dovecot and SMTP receiver, made over the API. */
export async function createMailConfiguration(api: Api, s: MailSettings): Promise<string> {
  const { id } = await api<{ id: string }>('POST', '/emailSchedule/create', {
    body: {
      companyId: s.companyId,
      host: 'custom',
      imapHost: s.dovecot.host,
      imapPort: s.dovecot.port,
      imapSecure: false,
      smtpHost: '127.0.0.1',
      smtpPort: s.smtpPort,
      smtpSecure: false,
      email: s.dovecot.user,
      secret: s.secret ?? s.dovecot.password,
      botId: s.botId,
      agentId: s.agentId,
      operation: s.operation ?? 'contains',
      criteria: s.criteria ?? 'subject',
      criteriaValue: s.criteriaValue ?? 'invoice',
      subjectLine: 'Your invoice was handled',
      text: 'Thank you, the robot took care of it.',
      recipients: s.recipients ?? ['accounting@rpa.test'],
      status: 'active',
    },
  });
  return id;
}

export interface Health {
  watchState: string;
  watchError: string | null;
  lastCheckedAt: string | null;
}

export async function healthOf(server: TestServer, id: string): Promise<Health> {
  const [row] = (await server.app.database.queryRows(
    `select watch_state as "watchState", watch_error as "watchError", last_checked_at::text as "lastCheckedAt"
     from email_configurations where id = $1`,
    [id],
  )) as unknown as Health[];
  return row;
}

export interface MailRun {
  processId: string;
  status: number;
  source: string;
  subject: string;
  parameters: { name: string; value: string }[];
}

/** The runs mails of this configuration made, oldest first. */
export async function mailRunsOf(server: TestServer, configurationId: string): Promise<MailRun[]> {
  return (await server.app.database.queryRows(
    `select p.id::text as "processId", p.status, p.source, m.subject, p.parameters
     from email_messages m join processes p on p.id = m.process_id
     where m.configuration_id = $1 order by m.uid`,
    [configurationId],
  )) as unknown as MailRun[];
}

/** The processes of a company that mails started (whether or not a claim names them). */
export async function emailProcessCount(server: TestServer, companyId: string): Promise<number> {
  const [row] = (await server.app.database.queryRows(
    `select count(*)::int as "n" from processes where company_id = $1 and source = 'email'`,
    [companyId],
  )) as unknown as { n: number }[];
  return row.n;
}
